// Command-line arguments of `walletinfra-policy`. Strict: an unknown flag, a missing value or a bad
// combination is an error that names it and shows the usage (exit 1), never a stack trace.
import { ConfigurationError } from '@walletinfra/sdk';
import { readFlags, switchFlag, valueFlag, type Flags } from '../cli/args';

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

const FLAGS: Flags<PolicyArgs> = {
  '--policies': valueFlag((out, v) => {
    out.policies = v;
  }),
  '--stack': valueFlag((out, v) => {
    out.stack = v;
  }),
  '--cwd': valueFlag((out, v) => {
    out.cwd = v;
  }),
  '--junit': valueFlag((out, v) => {
    out.junit = v;
  }),
  '--json': switchFlag((out) => {
    out.json = true;
  }),
  '--now': valueFlag((out, v) => {
    if (Number.isNaN(Date.parse(v)) || !/^\d{4}-\d\d-\d\dT/.test(v))
      throw new ConfigurationError(`--now ${v}: expected an RFC 3339 time, like 2026-03-01T09:30:00Z`);
    out.now = v;
  }),
};

/** The command, then the test files. */
function operand(out: PolicyArgs, word: string): void {
  if (out.command !== undefined) out.files.push(word);
  else if (word === 'test') out.command = 'test';
  else throw new ConfigurationError(`unknown command "${word}"; the command is: test`);
}

export function parsePolicyArgs(argv: readonly string[]): PolicyArgs {
  const out: PolicyArgs = { files: [], cwd: '.', json: false, help: false, version: false };
  readFlags(argv, FLAGS, out, { operand });
  if (out.help || out.version) return out;
  if (out.command === undefined) throw new ConfigurationError('a command is required: walletinfra-policy test ...');
  if (out.policies !== undefined && out.stack !== undefined)
    throw new ConfigurationError('--policies and --stack exclude each other: test against a file or against a stack');
  if (out.policies === undefined && out.stack === undefined)
    throw new ConfigurationError('say which policies to test: --policies FILE or --stack NAME');
  if (out.files.length === 0) out.files.push('policy-tests');
  return out;
}
