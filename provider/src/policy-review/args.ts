// Command-line arguments of `walletinfra-policy`. Strict: an unknown flag, a missing value or a bad
// combination is an error that names it and shows the usage (exit 1), never a stack trace.
import { ConfigurationError } from '@walletinfra/sdk';

export interface PolicyArgs {
  command?: 'test';
  files: string[];
  policies?: string;
  stack?: string;
  cwd: string;
  junit?: string;
  json: boolean;
  /** The time of requests that give none (RFC 3339); default now. */
  now?: string;
  help: boolean;
  version: boolean;
}

export const USAGE = `Usage: walletinfra-policy test [FILES...] (--policies FILE | --stack NAME) [options]

Runs policy test cases (YAML or JSON files, or directories of them) against a set of policies and
checks each case's decision: ALLOW, DENY or REQUIRES_CONSENSUS.

Policies:
  --policies FILE   a YAML/JSON list of policies ({policyName, effect, condition, consensus, time}),
                    or a list_policies answer ({"policies": [...]})
  --stack NAME      the policies the stack's program plans (\`pulumi preview\`), merged with the
                    organization's live policies the stack does not manage
  --cwd DIR         with --stack: the Pulumi project directory (default: the current directory)

Options:
  --junit FILE      also write JUnit XML to FILE
  --json            print the results as JSON instead of one line per case
  --now TIME        the time of cases that give none (RFC 3339; default: now)
  --version         print the version
  -h, --help        print this help

FILES default to ./policy-tests. Exit codes: 0 every case passed; 1 a case failed, or an error
(bad arguments, a file that does not validate, a stack that cannot be previewed).`;

const VALUE_FLAGS = new Set(['--policies', '--stack', '--cwd', '--junit', '--now']);
const KNOWN = '--policies, --stack, --cwd, --junit, --json, --now, --version, --help';

export function parsePolicyArgs(argv: readonly string[]): PolicyArgs {
  const out: PolicyArgs = { files: [], cwd: '.', json: false, help: false, version: false };
  for (let i = 0; i < argv.length; i += 1) {
    const raw = argv[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    let value: string | undefined;
    if (VALUE_FLAGS.has(flag)) {
      value = eq > 0 ? raw.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) throw new ConfigurationError(`${flag} needs a value`);
    } else if (eq > 0) {
      throw new ConfigurationError(`${flag} does not take a value`);
    }
    switch (flag) {
      case '--policies':
        out.policies = value as string;
        break;
      case '--stack':
        out.stack = value as string;
        break;
      case '--cwd':
        out.cwd = value as string;
        break;
      case '--junit':
        out.junit = value as string;
        break;
      case '--now':
        if (Number.isNaN(Date.parse(value as string)) || !/^\d{4}-\d\d-\d\dT/.test(value as string)) {
          throw new ConfigurationError(`--now ${value}: expected an RFC 3339 time, like 2026-03-01T09:30:00Z`);
        }
        out.now = value as string;
        break;
      case '--json':
        out.json = true;
        break;
      case '--version':
        out.version = true;
        break;
      case '-h':
      case '--help':
        out.help = true;
        break;
      default:
        if (raw.startsWith('-')) throw new ConfigurationError(`unknown argument "${raw}"; known: ${KNOWN}`);
        if (out.command === undefined) {
          if (raw !== 'test') throw new ConfigurationError(`unknown command "${raw}"; the command is: test`);
          out.command = 'test';
        } else out.files.push(raw);
    }
  }
  if (out.help || out.version) return out;
  if (out.command === undefined) throw new ConfigurationError('a command is required: walletinfra-policy test ...');
  if (out.policies !== undefined && out.stack !== undefined) throw new ConfigurationError('--policies and --stack exclude each other: test against a file or against a stack');
  if (out.policies === undefined && out.stack === undefined) throw new ConfigurationError('say which policies to test: --policies FILE or --stack NAME');
  if (out.files.length === 0) out.files.push('policy-tests');
  return out;
}
