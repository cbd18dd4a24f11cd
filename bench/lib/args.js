'use strict';
// Command-line options of `npm run bench -- [options]`: one strict object, unknown flags are an error that
// lists the known ones.

const SUITES = ['stamping', 'throughput', 'refresh', 'e2e', 'store', 'native', 'fleet', 'organization', 'rollout'];

const USAGE = `usage: npm run bench -- [--quick] [--only a,b] [--skip a,b] [--earlier FILE,...] [--no-report]
  --quick          smoke run: shorter cells, smaller N (finishes in under two minutes)
  --only LIST      run only these suites (${SUITES.join(', ')})
  --skip LIST      run every suite except these
  --earlier FILES  REPORT.json of earlier runs of the same commit: the goals table shows every run, and a
                   goal counts as met only when it held in all of them
  --no-report      print results without rewriting bench/REPORT.md and bench/plots/
  --help           this text`;

class UsageError extends Error {}

function suiteList(value, flag) {
  if (value === undefined || value === '') throw new UsageError(`${flag} needs a comma-separated list of suites`);
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!SUITES.includes(name)) throw new UsageError(`${flag}: unknown suite "${name}" (known suites: ${SUITES.join(', ')})`);
  }
  return names;
}

function fileList(value, flag) {
  const files = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (files.length === 0) throw new UsageError(`${flag} needs a comma-separated list of REPORT.json files of earlier runs`);
  return files;
}

/** Parses argv (without node and script) into `{quick, suites, earlier, writeReport, help}`; throws UsageError. */
function parseArgs(argv) {
  const out = { quick: false, suites: [...SUITES], earlier: [], writeReport: true, help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '--quick':
        out.quick = true;
        break;
      case '--only': {
        const only = suiteList(value(), '--only');
        out.suites = SUITES.filter((s) => only.includes(s));
        break;
      }
      case '--skip': {
        const skip = suiteList(value(), '--skip');
        out.suites = out.suites.filter((s) => !skip.includes(s));
        break;
      }
      case '--earlier':
        out.earlier.push(...fileList(value(), '--earlier'));
        break;
      case '--no-report':
        out.writeReport = false;
        break;
      case '--help':
      case '-h':
        out.help = true;
        break;
      default:
        throw new UsageError(`unknown option "${argv[i]}" (known options: --quick, --only, --skip, --earlier, --no-report, --help)`);
    }
  }
  return out;
}

module.exports = { parseArgs, UsageError, USAGE, SUITES };
