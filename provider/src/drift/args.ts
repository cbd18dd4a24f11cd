// Command-line arguments of `walletinfra-drift`. Strict: an unknown flag or a missing value is an error that
// names it and shows the usage, never a stack trace (exit 1).
import { ConfigurationError } from '@walletinfra/sdk';
import { readFlags, switchFlag, stringFlag, valueFlag, type Flags } from '../cli/args';
import { DEFAULT_IMPACT_OPTIONS } from '../policy-review/impact';
import { KINDS } from '../resources/kinds';
import { kindRule } from './unmanaged/ignore';

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
  /** Preview mode only: exit 2 when a Policy change alters any replayed decision. */
  failOnImpact: boolean;
  /** Policy impact corpus: at most this many recent activities. */
  impactActivities: number;
  /** Policy impact corpus: activities of the last this many milliseconds. */
  impactWindowMs: number;
  /** Policy impact corpus: test files or directories. */
  policyTests: string[];
  /** Drift mode: report the objects at the service that no given stack declares (off with --no-unmanaged). */
  unmanaged: boolean;
  /** Drift mode: acknowledged objects, by id (`--ignore`), and whole kinds (`--ignore-kind`). */
  ignoreIds: string[];
  ignoreKinds: string[];
  /** Drift mode: the service's own objects as it made them (the root quorum) count as unmanaged too. */
  strict: boolean;
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
  --fail-on-impact      with --preview: exit 2 when a Policy change alters the decision of any
                        replayed request (exit 1 when the impact cannot be computed)
  --impact-activities N with --preview: replay at most N recent activities (default 200)
  --impact-window D     with --preview: replay activities of the last D (e.g. 7d, 36h; default 7d)
  --policy-tests PATH   with --preview: also replay these policy test files (a file or a directory;
                        repeatable)
  --ignore ID           acknowledge the object with this id: an unmanaged object that stays out of code
                        on purpose (repeatable; reviewed alternative: the stack config walletinfra-drift:ignore)
  --ignore-kind TYPE    acknowledge every object of a kind, e.g. SessionProfile (repeatable)
  --strict              also count the service's own objects as it made them (the root quorum) as unmanaged
  --no-unmanaged        do not report objects that no stack declares
  --version             print the version
  -h, --help            print this help

A drift check also lists the objects at the service that none of the given stacks declares (the kinds
that decide who can act first), with who made them and when where the organization's activity
history says so, and the share of the organization managed as code. Each one is drift (exit 2) until a stack
declares it (adopt: { id }) or it is acknowledged (--ignore, --ignore-kind, or a stack's config
walletinfra-drift:ignore, a list of { id, kind, reason }).

With --preview, a stack whose changes touch Policy resources gets a policy impact section: its
recent activities and the policy test cases, decided by the current and by the planned policies,
with every decision that changes (read with the stack's walletinfra configuration or environment).

Exit codes: 0 no drift (or preview succeeded), 2 drift or an unmanaged object (or changes planned
with --detailed-exitcode, or a policy impact with --fail-on-impact), 1 error (bad arguments, a stack
that could not be checked, objects that could not be listed, an impact that could not be computed
with --fail-on-impact).
The Pulumi CLI must be on PATH, logged in to the stacks' backend (e.g. PULUMI_BACKEND_URL), with
PULUMI_CONFIG_PASSPHRASE set when the stacks use a passphrase secrets provider.`;

/** `7d`, `36h`, `90m` → milliseconds. */
export function parseDuration(flag: string, text: string): number {
  const m = /^(\d+)([dhm])$/.exec(text);
  const n = m === null ? 0 : Number(m[1]);
  if (m === null || n <= 0)
    throw new ConfigurationError(`${flag} ${text}: expected a positive whole number of days, hours or minutes, like 7d, 36h or 90m`);
  return n * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm'];
}

const FLAGS: Flags<DriftArgs> = {
  '--stack': valueFlag((out, v) => out.stacks.push(v)),
  '--cwd': stringFlag('cwd'),
  '--json-out': stringFlag('jsonOut'),
  '--md-out': stringFlag('mdOut'),
  '--preview': switchFlag((out) => {
    out.mode = 'preview';
  }),
  '--refresh': switchFlag((out) => {
    out.refresh = true;
  }),
  '--detailed-exitcode': switchFlag((out) => {
    out.detailedExitcode = true;
  }),
  '--fail-on-impact': switchFlag((out) => {
    out.failOnImpact = true;
  }),
  '--impact-activities': valueFlag((out, v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 10_000)
      throw new ConfigurationError(`--impact-activities ${v}: expected a whole number from 0 to 10000`);
    out.impactActivities = n;
  }),
  '--impact-window': valueFlag((out, v) => {
    out.impactWindowMs = parseDuration('--impact-window', v);
  }),
  '--policy-tests': valueFlag((out, v) => out.policyTests.push(v)),
  '--ignore': valueFlag((out, v) => out.ignoreIds.push(v)),
  '--ignore-kind': valueFlag((out, v) => out.ignoreKinds.push(kindRule(v, KINDS, '--ignore-kind'))),
  '--strict': switchFlag((out) => {
    out.strict = true;
  }),
  '--no-unmanaged': switchFlag((out) => {
    out.unmanaged = false;
  }),
};

/** The flags of the policy impact, which is part of the preview only. */
const IMPACT_FLAGS = new Set(['--fail-on-impact', '--impact-activities', '--impact-window', '--policy-tests']);
/** The flags of the unmanaged-objects report, which is part of the drift check only. */
const UNMANAGED_FLAGS = new Set(['--ignore', '--ignore-kind', '--strict', '--no-unmanaged']);

export function parseArgs(argv: readonly string[]): DriftArgs {
  const out: DriftArgs = {
    mode: 'drift',
    stacks: [],
    cwd: '.',
    detailedExitcode: false,
    refresh: false,
    failOnImpact: false,
    impactActivities: DEFAULT_IMPACT_OPTIONS.maxActivities,
    impactWindowMs: DEFAULT_IMPACT_OPTIONS.maxAgeMs,
    policyTests: [],
    unmanaged: true,
    ignoreIds: [],
    ignoreKinds: [],
    strict: false,
    help: false,
    version: false,
  };
  const given = readFlags(argv, FLAGS, out);
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
  const impactFlag = given.find((f) => IMPACT_FLAGS.has(f));
  if (impactFlag !== undefined && out.mode !== 'preview') {
    throw new ConfigurationError(`${impactFlag} only applies with --preview (policy impact is part of the pull-request preview)`);
  }
  const unmanagedFlag = given.find((f) => UNMANAGED_FLAGS.has(f));
  if (unmanagedFlag !== undefined && out.mode === 'preview') {
    throw new ConfigurationError(`${unmanagedFlag} only applies to drift checks (a preview shows what a pull request changes)`);
  }
  if (!out.unmanaged && (out.strict || out.ignoreIds.length > 0 || out.ignoreKinds.length > 0)) {
    throw new ConfigurationError('--no-unmanaged turns the unmanaged-objects report off; --ignore, --ignore-kind and --strict refine it');
  }
  if (out.detailedExitcode && out.mode !== 'preview') {
    throw new ConfigurationError('--detailed-exitcode only applies with --preview (drift checks always exit 2 on drift)');
  }
  return out;
}
