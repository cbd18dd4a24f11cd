// The three commands of the acceptance tooling (bin.js): `run` (npm run test:acceptance), `sweep`
// (npm run sweep) and `fidelity` (npm run fidelity). Arguments are read as every walletinfra command reads
// them (provider/src/cli/args.ts): an unknown flag or a missing value names it, then the usage.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigurationError } from '@walletinfra/sdk';
import { readFlags, switchFlag, valueFlag, type Flags } from '@walletinfra/pulumi/cli/args';
import { messageOf } from '@walletinfra/pulumi/errors';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { createContext } from '@walletinfra/pulumi/context';
import { fidelity, FIDELITY_USAGE, parseFidelityArgs } from './fidelity/cli';
import { settingsFromEnv } from './context';
import { emulatorEnv, startAcceptanceEmulator } from './emulator';
import { sweepables } from './inventory';
import { parseAge, parseRunId } from './prefix';
import { EXIT, runAcceptance, type RunOptions } from './run';
import { sweep } from './sweep';

export const RUN_USAGE = `Usage: npm run test:acceptance -- [options]

Runs every resource kind and data source of @walletinfra/pulumi through the Pulumi CLI against the
organization the WALLETINFRA_* credentials name (create, read, update in place, replace, adopt a
hand-made object, drift, delete), and the sdk's operations with safe inputs, then prints a report.
Every object it makes is named wiacc-<start>-<random>-...; it changes and deletes nothing else.

Needs WALLETINFRA_ACC=1 (except with --dry-run) and WALLETINFRA_ORGANIZATION_ID,
WALLETINFRA_API_PUBLIC_KEY, WALLETINFRA_API_PRIVATE_KEY (WALLETINFRA_BASE_URL for another endpoint).

Options:
  --dry-run               list what the run would create, change and delete, and whether it would start
  --record FILE           write the redacted recording there (default .data/acceptance/<run>.recording.jsonl)
  --redact-organization   also hide the organization's id in the recording and the JSON report (before sharing
                          them; npm run fidelity replays such a recording as any other)
  --report FILE           write the report as JSON there (default .data/acceptance/<run>.report.json)
  --run-id ID             the run's id (<UTC date>t<UTC time>-<4 letters or digits>; default now and random)
  --only NAMES            only these kinds or scenarios, comma-separated (e.g. Policy,WebhookEndpoint)
  --include-singletons    also the organization's own objects, which cannot carry the prefix (its IP allowlist
                          and the like; the dry run says how the run treats each)
  --webhook-url URL       the HTTPS URL the run's webhook endpoints name (default https://example.com/...)
  --keep                  keep the Pulumi project in .data/acceptance/<run>/ after a passing run
  --emulator              run against a fresh local emulator instead (no account, no WALLETINFRA_ACC needed)
  -h, --help              print this help

Ctrl-C (SIGINT) or SIGTERM stops it: the Pulumi command in progress cancels, every process it started is
stopped, and the run prints what it left and the sweep that deletes it (npm run sweep -- --run-id ID --yes).

Exit codes: 0 every check passed, 1 a check failed, 2 bad arguments or settings, 3 refused to start,
130 interrupted by SIGINT, 143 by SIGTERM.`;

export const SWEEP_USAGE = `Usage: npm run sweep -- --older-than AGE | --run-id ID [--yes]

Lists, kind by kind, the objects of the credentials' organization whose name carries an acceptance
prefix (wiacc-<start>-<random>-) from a run that started at least AGE ago, or from the run ID, and with
--yes deletes them. It deletes nothing else. Objects the service cannot delete (session profiles) are
listed as such.

Options:
  --older-than AGE   s, m, h or d (e.g. 2h), or 0 for every age
  --run-id ID        only the objects of this run (what an interrupted run prints)
  --yes              delete them (without it, only list)
  -h, --help         print this help`;

interface Args {
  help: boolean;
  version: boolean;
  emulator?: boolean;
}

function parseRunArgs(argv: readonly string[]): RunOptions & Args {
  const out: RunOptions & Args = { dryRun: false, includeSingletons: false, keep: false, help: false, version: false };
  const flags: Flags<RunOptions & Args> = {
    '--dry-run': switchFlag((o) => (o.dryRun = true)),
    '--record': valueFlag((o, v) => (o.record = v)),
    '--redact-organization': switchFlag((o) => (o.redactOrganization = true)),
    '--report': valueFlag((o, v) => (o.report = v)),
    '--run-id': valueFlag((o, v) => (o.runId = v)),
    '--only': valueFlag(
      (o, v) =>
        (o.only = v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')),
    ),
    '--include-singletons': switchFlag((o) => (o.includeSingletons = true)),
    '--webhook-url': valueFlag((o, v) => {
      if (!/^https:\/\/[^/]+/.test(v)) throw new ConfigurationError(`--webhook-url ${v}: must be an https:// URL`);
      o.webhookUrl = v;
    }),
    '--keep': switchFlag((o) => (o.keep = true)),
    '--emulator': switchFlag((o) => (o.emulator = true)),
  };
  readFlags(argv, flags, out);
  return out;
}

function parseSweepArgs(argv: readonly string[]): { olderThanMs?: number; runPrefix?: string; yes: boolean } & Args {
  const out: { olderThanMs?: number; runPrefix?: string; yes: boolean } & Args = { yes: false, help: false, version: false };
  readFlags(
    argv,
    {
      '--older-than': valueFlag((o: typeof out, v) => {
        try {
          o.olderThanMs = parseAge(v);
        } catch (error) {
          throw new ConfigurationError(messageOf(error));
        }
      }),
      '--run-id': valueFlag((o: typeof out, v) => {
        try {
          o.runPrefix = parseRunId(v).prefix;
        } catch (error) {
          throw new ConfigurationError(messageOf(error));
        }
      }),
      '--yes': switchFlag((o: typeof out) => (o.yes = true)),
    },
    out,
  );
  if (!out.help && out.olderThanMs === undefined && out.runPrefix === undefined)
    throw new ConfigurationError('--older-than AGE (e.g. 2h, or 0 for every age) or --run-id ID is required');
  return out;
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

/** Runs a command; resolves to its exit code. */
export async function main(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const [command, ...rest] = argv;
  const usage = { run: RUN_USAGE, sweep: SWEEP_USAGE, fidelity: FIDELITY_USAGE }[command as 'run'] as string | undefined;
  if (usage === undefined) {
    err(`walletinfra acceptance: the first argument is the command: run, sweep or fidelity (got ${JSON.stringify(command ?? '')})`);
    return EXIT.usage;
  }
  try {
    if (command === 'run') {
      const options = parseRunArgs(rest);
      if (options.help) return (out(RUN_USAGE), EXIT.passed);
      if (options.emulator !== true) return await runAcceptance(options, { env, out, err, now: () => Date.now(), random: Math.random });
      const emulator = await startAcceptanceEmulator();
      try {
        out(`Running against a fresh local emulator at ${emulator.baseUrl}`);
        const local = { ...env, ...emulatorEnv(emulator), WALLETINFRA_ACC: '1' };
        const disposableService = 'The run targeted a local emulator started for it, which stops with it';
        return await runAcceptance(options, { env: local, out, err, now: () => Date.now(), random: Math.random, disposableService });
      } finally {
        await emulator.close();
      }
    }
    if (command === 'sweep') {
      const options = parseSweepArgs(rest);
      if (options.help) return (out(SWEEP_USAGE), EXIT.passed);
      settingsFromEnv(env);
      const ctx = createContext({ env });
      try {
        const result = await sweep(
          {
            olderThanMs: options.olderThanMs ?? 0,
            yes: options.yes,
            ...(options.runPrefix !== undefined ? { runPrefix: options.runPrefix } : {}),
          },
          { session: ctx.session({}), sources: sweepables(KINDS as readonly AnyKind[]), now: () => new Date(), out },
        );
        return result.failed.length > 0 ? EXIT.failed : EXIT.passed;
      } finally {
        await ctx.close();
      }
    }
    const options = parseFidelityArgs(rest);
    if (options.help) return (out(FIDELITY_USAGE), EXIT.passed);
    const files = options.files.map((f) => resolve(f));
    const result = await fidelity(
      files.map((file) => ({ file, text: readFileSync(file, 'utf8') })),
      { out },
    );
    if (options.report !== undefined) {
      const reportFile = resolve(options.report);
      writeFileSync(reportFile, `${JSON.stringify(result.reports, null, 2)}\n`);
      out(`Report: ${reportFile}`);
    }
    return result.differences > 0 ? EXIT.failed : EXIT.passed;
  } catch (error) {
    const message = messageOf(error);
    err(`walletinfra acceptance ${command}: ${message}`);
    if (error instanceof ConfigurationError) err(`\n${usage}`);
    return EXIT.usage;
  }
}
