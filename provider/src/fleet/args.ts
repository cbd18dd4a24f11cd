// Command-line arguments of `walletinfra-fleet`: a command (`scan`, `merge`), then flags. Strict: an unknown flag or
// command, or a missing value, is an error that names it and shows the usage (exit 1).
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { readFlags, valueFlag, type Flags, type ToolArgs } from '../cli/args';
import { DEFAULT_OPTIONS_FILE } from './options';
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

export interface FleetArgs extends ToolArgs {
  command?: 'scan' | 'merge';
  options: string;
  shard?: Shard;
  jsonOut?: string;
  mdOut?: string;
  junitOut?: string;
  progress: ProgressMode;
  overrides: Overrides;
  /** merge: the shard reports. */
  reports: string[];
}

export const USAGE = `Usage: walletinfra-fleet scan [options]
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

merge: combines the reports of scan --shard 1/N ... N/N into the report one scan would have written.

  --version              print the version
  -h, --help             print this help

The parent's credentials come from the environment: WALLETINFRA_ORGANIZATION_ID, WALLETINFRA_API_PUBLIC_KEY,
WALLETINFRA_API_PRIVATE_KEY (or WALLETINFRA_PROFILE_<NAME>_* with parent.profile), WALLETINFRA_BASE_URL.

Exit codes: 0 every sub-organization conformant, 2 drift, unmanaged objects or unenrolled sub-organizations,
1 some could not be scanned (listed in the report), or bad arguments or options.`;

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

/** The flags only scan takes. */
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

export function parseArgs(argv: readonly string[]): FleetArgs {
  const out: FleetArgs = { options: DEFAULT_OPTIONS_FILE, progress: 'auto', overrides: {}, reports: [], help: false, version: false };
  const given = readFlags(argv, FLAGS, out, {
    operand: (o, word) => {
      if (o.command === undefined) {
        if (word !== 'scan' && word !== 'merge') throw new ConfigurationError(`unknown command "${word}"; known: scan, merge`);
        o.command = word;
      } else if (o.command === 'merge') o.reports.push(word);
      else throw new ConfigurationError(`unexpected argument "${word}" (scan takes flags only)`);
    },
  });
  if (out.help || out.version) return out;
  if (out.command === undefined) throw new ConfigurationError('a command is required: scan or merge');
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
