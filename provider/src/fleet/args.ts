// Command-line arguments of `walletinfra-fleet`: a command (`scan`, `up`, `merge`), then flags. Strict: an unknown flag or
// command, or a missing value, is an error that names it and shows the usage (exit 1).
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { readFlags, switchFlag, valueFlag, type Flags, type ToolArgs } from '../cli/args';
import { DEFAULT_OPTIONS_FILE, MAX_CONCURRENT_STACKS, parseFailureTolerance, type FailureTolerance } from './options';
import { parseShard, type Shard } from './shard';

export type ProgressMode = 'auto' | 'tty' | 'lines' | 'none';

/** What a flag overrides in the options file, and the flag's own name. */
export interface Overrides {
  template?: string;
  names?: string[];
  ids?: string[];
  exclude?: string[];
  concurrency?: number;
  backend?: string;
  evaluation?: 'auto' | 'per-sub-organization';
}

/** What `up`'s flags say, each overriding the options' `up` field of the same name. */
export interface UpArgs {
  onlyDrifted: boolean;
  fromReport?: string;
  dryRun: boolean;
  maxConcurrent?: number;
  failureTolerance?: FailureTolerance;
  concurrencyMode?: 'strict' | 'soft';
  canary?: number;
  dir?: string;
}

export interface FleetArgs extends ToolArgs {
  command?: 'scan' | 'up' | 'merge';
  options: string;
  shard?: Shard;
  jsonOut?: string;
  mdOut?: string;
  junitOut?: string;
  progress: ProgressMode;
  overrides: Overrides;
  /** merge: the shard reports. */
  reports: string[];
  up: UpArgs;
}

export const USAGE = `Usage: walletinfra-fleet scan [options]
       walletinfra-fleet up [--only-drifted [--from-report FILE]] [options]
       walletinfra-fleet merge --json-out FILE [--md-out FILE] [--junit-out FILE] SHARD-REPORT.json ...

Keeps one template true across a parent organization's sub-organizations (docs/fleet.md).

scan: reads every selected sub-organization with the parent's read-only key and classifies it against the
template, without the Pulumi engine: conformant, drifted (per object and property), with unmanaged objects,
unenrolled (no stack in the rollout's backend) or unreachable.
  --options FILE         the fleet's options (default ${DEFAULT_OPTIONS_FILE})
  --shard I/N            scan shard I of N only (a stable split by sub-organization id; merge the N reports)
  --json-out FILE        write the JSON report (what merge and up --only-drifted read)
  --md-out FILE          write the Markdown report (without any --*-out it goes to stdout)
  --junit-out FILE       write a JUnit XML report, one test case per sub-organization
  --progress MODE        auto (a line rewritten on a terminal, a line every 5 s otherwise), tty, lines or none
  --template DIR         instead of the options' template
  --select-name PATTERN  instead of the options' selector.names (repeatable; * and ? match)
  --select-id ID         instead of the options' selector.ids (repeatable)
  --exclude NAME|ID      instead of the options' selector.exclude (repeatable)
  --concurrency N        instead of the options' concurrency (requests in flight, 1-64)
  --backend URL          instead of the options' backend (the rollout's Pulumi backend)
  --evaluation MODE      instead of the options' evaluation: auto or per-sub-organization

up: one Pulumi stack per selected sub-organization (the template's project, named by its id, on the options'
backend), each written with the delegated user's key, in waves: a canary first, then up to --max-concurrent
at once, stopping once more than --failure-tolerance have failed. A killed rollout resumes where it stopped.
  --only-drifted         only the sub-organizations a scan finds drifted or unenrolled (a fresh scan, or --from-report)
  --from-report FILE     with --only-drifted: the JSON report of a scan of this fleet, template and selector
  --max-concurrent N     stacks at once (1-${MAX_CONCURRENT_STACKS}; default the options' up.maxConcurrent, else 1)
  --failure-tolerance T  failed stacks allowed before the rollout stops: a count (2) or a percentage (10%); default 0
  --concurrency-mode M   strict (default: fewer at once as failures come, never more than the tolerance + 1 fail) or soft
  --canary N             sub-organizations whose stacks run first, alone (default 1; 0: none)
  --dir DIR              the rollout's journal, logs and workspace (default the options' up.dir, else .walletinfra-fleet)
  --dry-run              select and check every sub-organization (reads only) and print the plan; run no stack
  --shard, --json-out, --md-out, --junit-out, --progress and the selector flags as for scan

merge: combines the reports of scan --shard 1/N ... N/N into the report one scan would have written.

  --version              print the version
  -h, --help             print this help

The parent's credentials come from the environment: WALLETINFRA_ORGANIZATION_ID, WALLETINFRA_API_PUBLIC_KEY,
WALLETINFRA_API_PRIVATE_KEY (or WALLETINFRA_PROFILE_<NAME>_* with parent.profile), WALLETINFRA_BASE_URL.

scan exits 0 every sub-organization conformant, 2 drift, unmanaged objects or unenrolled sub-organizations,
1 some could not be scanned (listed in the report), or bad arguments or options.
up exits 0 every selected sub-organization rolled out (or nothing to do), 1 some failed, were refused or never
started (the rollout stopped), 2 nothing ran: bad arguments or options, a refused credential or report, or
another up of this fleet running.`;

function setOnce<K extends keyof Overrides>(out: FleetArgs, key: K, flag: string, value: Overrides[K]): void {
  if (out.overrides[key] !== undefined) throw new ConfigurationError(`${flag} is given twice`);
  out.overrides[key] = value;
}

const FLAGS: Flags<FleetArgs> = {
  '--options': valueFlag((out, v) => {
    out.options = v;
  }),
  '--shard': valueFlag((out, v) => {
    out.shard = parseShard(v);
  }),
  '--json-out': valueFlag((out, v) => {
    out.jsonOut = v;
  }),
  '--md-out': valueFlag((out, v) => {
    out.mdOut = v;
  }),
  '--junit-out': valueFlag((out, v) => {
    out.junitOut = v;
  }),
  '--progress': valueFlag((out, v) => {
    if (!['auto', 'tty', 'lines', 'none'].includes(v)) throw new ConfigurationError(`--progress ${v}: expected auto, tty, lines or none`);
    out.progress = v as ProgressMode;
  }),
  '--template': valueFlag((out, v) => setOnce(out, 'template', '--template', v)),
  '--select-name': valueFlag((out, v) => (out.overrides.names ??= []).push(v)),
  '--select-id': valueFlag((out, v) => (out.overrides.ids ??= []).push(v)),
  '--exclude': valueFlag((out, v) => (out.overrides.exclude ??= []).push(v)),
  '--concurrency': valueFlag((out, v) => {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < 1 || n > 64)
      throw new ConfigurationError(`--concurrency ${v}: expected a whole number from 1 to 64 (requests in flight)`);
    setOnce(out, 'concurrency', '--concurrency', n);
  }),
  '--backend': valueFlag((out, v) => setOnce(out, 'backend', '--backend', v)),
  '--evaluation': valueFlag((out, v) => {
    if (v !== 'auto' && v !== 'per-sub-organization')
      throw new ConfigurationError(`--evaluation ${v}: expected auto or per-sub-organization`);
    setOnce(out, 'evaluation', '--evaluation', v);
  }),
};

function upInt(flag: string, v: string, min: number, max: number, what: string): number {
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new ConfigurationError(`${flag} ${v}: expected ${what}`);
  return Number(v);
}

const UP_FLAGS: Flags<FleetArgs> = {
  '--only-drifted': switchFlag((out) => {
    out.up.onlyDrifted = true;
  }),
  '--from-report': valueFlag((out, v) => {
    out.up.fromReport = v;
  }),
  '--dry-run': switchFlag((out) => {
    out.up.dryRun = true;
  }),
  '--max-concurrent': valueFlag((out, v) => {
    out.up.maxConcurrent = upInt(
      '--max-concurrent',
      v,
      1,
      MAX_CONCURRENT_STACKS,
      `a whole number from 1 to ${MAX_CONCURRENT_STACKS} (stacks at once)`,
    );
  }),
  '--failure-tolerance': valueFlag((out, v) => {
    const parsed = parseFailureTolerance(v);
    if (typeof parsed === 'string') throw new ConfigurationError(`--failure-tolerance ${parsed}`);
    out.up.failureTolerance = parsed;
  }),
  '--concurrency-mode': valueFlag((out, v) => {
    if (v !== 'strict' && v !== 'soft') throw new ConfigurationError(`--concurrency-mode ${v}: expected strict or soft`);
    out.up.concurrencyMode = v;
  }),
  '--canary': valueFlag((out, v) => {
    out.up.canary = upInt('--canary', v, 0, Number.MAX_SAFE_INTEGER, 'a whole number of sub-organizations (0: no canary wave)');
  }),
  '--dir': valueFlag((out, v) => {
    out.up.dir = v;
  }),
};

/** The flags only scan and up take. */
const SCAN_ONLY = [
  '--options',
  '--shard',
  '--progress',
  '--template',
  '--select-name',
  '--select-id',
  '--exclude',
  '--concurrency',
  '--backend',
  '--evaluation',
];

/** The checks of `up`'s flags that need all of them. */
function checkUp(out: FleetArgs, given: readonly string[]): void {
  if (out.command !== 'up') {
    const flag = given.find((f) => Object.hasOwn(UP_FLAGS, f));
    if (flag !== undefined) throw new ConfigurationError(`${flag} is an up flag; ${out.command ?? 'this command'} does not take it`);
    return;
  }
  if (out.up.fromReport !== undefined && !out.up.onlyDrifted) {
    throw new ConfigurationError(
      '--from-report FILE names which sub-organizations drifted: give it with --only-drifted (without --only-drifted, up rolls out to every selected sub-organization)',
    );
  }
}

export function parseArgs(argv: readonly string[]): FleetArgs {
  const out: FleetArgs = {
    options: DEFAULT_OPTIONS_FILE,
    progress: 'auto',
    overrides: {},
    reports: [],
    up: { onlyDrifted: false, dryRun: false },
    help: false,
    version: false,
  };
  const given = readFlags(argv, { ...FLAGS, ...UP_FLAGS }, out, {
    operand: (o, word) => {
      if (o.command === undefined) {
        if (word !== 'scan' && word !== 'up' && word !== 'merge')
          throw new ConfigurationError(`unknown command "${word}"; known: scan, up, merge`);
        o.command = word;
      } else if (o.command === 'merge') o.reports.push(word);
      else throw new ConfigurationError(`unexpected argument "${word}" (${o.command} takes flags only)`);
    },
  });
  if (out.help || out.version) return out;
  if (out.command === undefined) throw new ConfigurationError('a command is required: scan, up or merge');
  checkUp(out, given);
  if (out.command === 'merge') {
    const flag = given.find((f) => SCAN_ONLY.includes(f));
    if (flag !== undefined)
      throw new ConfigurationError(`${flag} is a scan flag; merge takes --json-out, --md-out, --junit-out and the shard reports`);
    if (out.jsonOut === undefined)
      throw new ConfigurationError('merge needs --json-out FILE: the merged report (up --only-drifted reads it)');
    if (out.reports.length === 0)
      throw new ConfigurationError('merge needs the shard reports: walletinfra-fleet merge --json-out FILE shard-1.json shard-2.json ...');
  }
  return out;
}
