// Command-line arguments of `walletinfra-drift`. Strict: an unknown flag or a missing value is an error that
// names it and shows the usage, never a stack trace (exit 1).
import { ConfigurationError } from '@walletinfra/sdk';

export interface DriftArgs {
  mode: 'drift' | 'preview';
  stacks: string[];
  /** The Pulumi project directory; default the current directory. */
  cwd: string;
  jsonOut?: string;
  mdOut?: string;
  /** Preview mode only: exit 2 when changes are planned. */
  detailedExitcode: boolean;
  /** Preview mode only: refresh first, so the summary also shows what changed outside code. */
  refresh: boolean;
  help: boolean;
  version: boolean;
}

export const USAGE = `Usage: walletinfra-drift --stack NAME [--stack NAME ...] [options]

Checks Pulumi stacks for drift (a refresh preview: what changed in the organization outside code)
or, with --preview, summarises the changes a program would make (for pull-request comments).

Options:
  --stack NAME          stack to check; repeat for several stacks (required)
  --cwd DIR             Pulumi project directory (default: the current directory)
  --json-out FILE       write the JSON report to FILE
  --md-out FILE         write the Markdown summary to FILE (without --json-out/--md-out it goes to stdout)
  --preview             summarise \`pulumi preview\` instead of checking drift
  --refresh             with --preview: refresh first, so the summary also shows drift
  --detailed-exitcode   with --preview: exit 2 when changes are planned
  --version             print the version
  -h, --help            print this help

Exit codes: 0 no drift (or preview succeeded), 2 drift detected (or changes planned with
--detailed-exitcode), 1 error (bad arguments, a stack that could not be checked).
The Pulumi CLI must be on PATH, logged in to the stacks' backend (e.g. PULUMI_BACKEND_URL), with
PULUMI_CONFIG_PASSPHRASE set when the stacks use a passphrase secrets provider.`;

const VALUE_FLAGS = new Set(['--stack', '--cwd', '--json-out', '--md-out']);

export function parseArgs(argv: readonly string[]): DriftArgs {
  const out: DriftArgs = { mode: 'drift', stacks: [], cwd: '.', detailedExitcode: false, refresh: false, help: false, version: false };
  for (let i = 0; i < argv.length; i += 1) {
    const raw = argv[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    let value: string | undefined;
    if (VALUE_FLAGS.has(flag)) {
      value = eq > 0 ? raw.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) {
        throw new ConfigurationError(`${flag} needs a value`);
      }
    } else if (eq > 0) {
      throw new ConfigurationError(`${flag} does not take a value`);
    }
    switch (flag) {
      case '--stack':
        out.stacks.push(value as string);
        break;
      case '--cwd':
        out.cwd = value as string;
        break;
      case '--json-out':
        out.jsonOut = value as string;
        break;
      case '--md-out':
        out.mdOut = value as string;
        break;
      case '--preview':
        out.mode = 'preview';
        break;
      case '--detailed-exitcode':
        out.detailedExitcode = true;
        break;
      case '--refresh':
        out.refresh = true;
        break;
      case '--version':
        out.version = true;
        break;
      case '-h':
      case '--help':
        out.help = true;
        break;
      default:
        throw new ConfigurationError(
          `unknown argument "${raw}"; known: --stack, --cwd, --json-out, --md-out, --preview, --refresh, --detailed-exitcode, --version, --help`,
        );
    }
  }
  if (out.help || out.version) return out;
  if (out.stacks.length === 0) throw new ConfigurationError('--stack is required (repeat it to check several stacks)');
  const seen = new Set<string>();
  for (const s of out.stacks) {
    if (seen.has(s)) throw new ConfigurationError(`--stack ${s} is given twice`);
    seen.add(s);
  }
  if (out.refresh && out.mode !== 'preview') {
    throw new ConfigurationError('--refresh only applies with --preview (drift checks always refresh)');
  }
  if (out.detailedExitcode && out.mode !== 'preview') {
    throw new ConfigurationError('--detailed-exitcode only applies with --preview (drift checks always exit 2 on drift)');
  }
  return out;
}
