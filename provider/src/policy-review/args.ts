// Command-line arguments of `walletinfra-policy`. Strict: an unknown flag, a missing value or a bad
// combination is an error that names it and shows the usage (exit 3), never a stack trace.
import { ConfigurationError } from '@walletinfra/sdk';
import { readFlags, switchFlag, stringFlag, valueFlag, type Flags } from '../cli/args';

export const COMMANDS = ['test', 'lint'] as const;

export interface PolicyArgs {
  command?: (typeof COMMANDS)[number];
  files: string[];
  policies?: string;
  stack?: string;
  cwd: string;
  junit?: string;
  json: boolean;
  /** The time of requests that give none (RFC 3339); default now. */
  now?: string;
  /** `lint`: report findings as warnings (`warn`) or errors (`error`); default the stack's walletinfra:policyLint, else warn. */
  level?: 'warn' | 'error';
  help: boolean;
  version: boolean;
}

/**
 * The exit codes, named; 2 stays free, as `walletinfra-drift --fail-on-impact` exits 2 on a policy impact. `lint`
 * uses the same: 0 clean (warnings at most), 1 a finding at error level, 3 invalid input, 4 could not run.
 */
export const EXIT = { passed: 0, failed: 1, invalid: 3, unavailable: 4 } as const;

export const USAGE = `Usage: walletinfra-policy test [FILES...] (--policies FILE | --stack NAME) [options]
       walletinfra-policy lint (--policies FILE | --stack NAME) [--level warn|error] [--json]

test: runs policy test cases (YAML or JSON files, or directories of them) against a set of policies and
checks each case's decision: ALLOW, DENY or REQUIRES_CONSENSUS.

lint: finds the policy mistakes the service's guides warn about (docs/policy-lint.md): an ALLOW with no
condition, unscoped signing or exports, management without consensus, a DENY that never matches, an ALLOW
shadowed by a DENY, a consensus nobody can meet, fields the activities never carry, contract calls
without their interface. A policy's notes silence one rule for it: "lint-ignore: <rule>".

Test files (YAML or JSON; the comments say what each field is):
  cases:
    - name: ops may sign a payment                         # unique in the file
      request:                                             # what the service decides on
        activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
        approvers: [{ id: u1, tags: [ops-tag-id] }]        # the submitter first
        eth: { tx: { value: "2000000000000000000000n" } }  # integers beyond 2^53: a string ending in n
        controls: { daily_usdc: { aggregate: "1200" } }    # velocity-control states: true/false, or the
                                                           # aggregate (operator and threshold from the
                                                           # control, or given with it)
        time: "2026-03-01T09:30:00Z"                       # optional; default --now
      expect: ALLOW                                        # ALLOW, DENY or REQUIRES_CONSENSUS
      decidedBy: ops sign payments                         # optional: policies (names or ids) that must decide it
      expectErrors: [card exports]                         # optional: policies expected to fail to evaluate here
  A request also takes credentials, the condition keywords (wallet, private_key, secret, solana, ...),
  rootQuorum and votedActivity. A call to a contract (eth.tx.to and eth.tx.data) is decoded through
  its interface, as the service does: the stack's, or one the file declares at the top level:
    smartContractInterfaces: [{ address: "0x…", abi: [...] }]      # the ABI as a list or JSON text
    velocityControls: [{ identifier: daily_usdc, operator: VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL, threshold: "1000" }]
  Full reference: the "walletinfra-policy test" section of the @walletinfra/pulumi README.

Policies:
  --policies FILE   a YAML/JSON list of policies ({policyName, effect, condition, consensus, time}),
                    or a list_policies answer ({"policies": [...]})
  --stack NAME      the policies the stack's program plans (\`pulumi preview\`), merged with the
                    organization's live policies the stack does not manage
  --cwd DIR         with --stack: the Pulumi project directory (default: the current directory)

Options:
  --junit FILE      test: also write JUnit XML to FILE
  --json            print the results (test) or findings (lint) as JSON instead of lines (problems
                    with the files too; argument errors stay on stderr)
  --now TIME        test: the time of cases that give none (RFC 3339; default: now)
  --level LEVEL     lint: warn (findings are warnings; a function name an uploaded ABI lacks stays an
                    error) or error (every finding is an error); default: the stack's
                    walletinfra:policyLint with --stack, else warn
  --version         print the version
  -h, --help        print this help

FILES default to ./policy-tests.

Exit codes:
  ${EXIT.passed}  every case passed (lint: no finding at error level; warnings are printed)
  ${EXIT.failed}  a case failed: its decision, its deciding policy, or a policy that could not be evaluated
     (lint: a finding at error level); or, with --stack, the preview refused a Policy at its check (what
     it planned before it stopped is still tested or linted, and each refusal is an error line)
  ${EXIT.invalid}  invalid input: bad arguments, a test or policy file that does not validate, a policy
     that does not parse
  ${EXIT.unavailable}  the tests could not run (lint: could not lint): the stack's preview failed (not at a Policy), the
     organization could not be read, or a report could not be written
  (2 is not used: walletinfra-drift --fail-on-impact exits 2 on a policy impact.)`;

const FLAGS: Flags<PolicyArgs> = {
  '--policies': stringFlag('policies'),
  '--stack': stringFlag('stack'),
  '--cwd': stringFlag('cwd'),
  '--junit': stringFlag('junit'),
  '--json': switchFlag((out) => {
    out.json = true;
  }),
  '--now': valueFlag((out, v) => {
    if (Number.isNaN(Date.parse(v)) || !/^\d{4}-\d\d-\d\dT/.test(v))
      throw new ConfigurationError(`--now ${v}: expected an RFC 3339 time, like 2026-03-01T09:30:00Z`);
    out.now = v;
  }),
  '--level': valueFlag((out, v) => {
    if (v !== 'warn' && v !== 'error') throw new ConfigurationError(`--level ${v}: expected warn or error`);
    out.level = v;
  }),
};

/** The command, then the test files. */
function operand(out: PolicyArgs, word: string): void {
  if (out.command !== undefined) out.files.push(word);
  else if ((COMMANDS as readonly string[]).includes(word)) out.command = word as PolicyArgs['command'];
  else throw new ConfigurationError(`unknown command "${word}"; the commands are: ${COMMANDS.join(', ')}`);
}

/** Flags that belong to one command only. */
const ONLY: ReadonlyArray<[keyof PolicyArgs, string, PolicyArgs['command']]> = [
  ['junit', '--junit', 'test'],
  ['now', '--now', 'test'],
  ['level', '--level', 'lint'],
];

export function parsePolicyArgs(argv: readonly string[]): PolicyArgs {
  const out: PolicyArgs = { files: [], cwd: '.', json: false, help: false, version: false };
  readFlags(argv, FLAGS, out, { operand });
  if (out.help || out.version) return out;
  if (out.command === undefined)
    throw new ConfigurationError('a command is required: walletinfra-policy test ... or walletinfra-policy lint ...');
  for (const [key, flag, command] of ONLY) {
    if (out[key] !== undefined && out.command !== command)
      throw new ConfigurationError(`${flag} belongs to \`walletinfra-policy ${command}\``);
  }
  const verb = out.command === 'lint' ? 'lint' : 'test';
  if (out.policies !== undefined && out.stack !== undefined)
    throw new ConfigurationError(`--policies and --stack exclude each other: ${verb} against a file or against a stack`);
  if (out.policies === undefined && out.stack === undefined)
    throw new ConfigurationError(`say which policies to ${verb}: --policies FILE or --stack NAME`);
  if (out.command === 'lint') {
    if (out.files.length > 0)
      throw new ConfigurationError(
        `lint takes no files (got ${out.files.join(' ')}): give the policies with --policies FILE or --stack NAME`,
      );
  } else if (out.files.length === 0) out.files.push('policy-tests');
  return out;
}
