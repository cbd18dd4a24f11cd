// `walletinfra-emulator seed-fleet`: sub-organizations for the emulator whose data dir is given, through its
// admin API when it is running (the credentials file names it), straight into the data dir when it is not.
// Writes the delegated-access key to `<data-dir>/fleet-credentials.json` (0600; never printed) and what was
// made and drifted to `<data-dir>/fleet-manifest.json` (README "Seeding a fleet").
import { ConfigurationError } from '@walletinfra/sdk';
import { got } from '@walletinfra/sdk/options';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { loadOrCreateBootstrap } from '../bootstrap';
import { CliError, flagValues } from '../cli-args';
import { makeEnv, systemRandom } from '../env';
import { policyEngine } from '../policy-engine';
import { Store } from '../store/store';
import { parseWith } from '../validation';
import { DRIFT_KINDS, seedFleet, type FleetSeedOptions, type FleetSeedResult } from './fleet';
import { FleetShapeError, parseFleetShape } from './fleet-shape';

export const FLEET_FLAGS: Readonly<Record<string, { value?: string; help: string }>> = {
  '--data-dir': { value: 'DIR', help: "the emulator's data dir (running or not); the fleet files are written there" },
  '--count': { value: 'N', help: 'how many sub-organizations to add (numbered on from the fleet made before)' },
  '--shape': { value: 'FILE', help: "what each one holds (JSON; default: the delegated-access guide's setup)" },
  '--drift': { value: 'P%', help: 'drift this share of the new ones, e.g. 3% (default 0%)' },
  '--drift-kinds': { value: 'K,K', help: `only these kinds of drift (${DRIFT_KINDS.join(', ')})` },
  '--seed': { value: 'N', help: 'seed of the random choice of what drifts (default 1)' },
  '--no-history': { help: 'skip the activities that would have made each object (about three times faster)' },
  '--manifest': { value: 'FILE', help: 'where to write the manifest (default DIR/fleet-manifest.json)' },
  '--json': { help: 'print the summary as one JSON line' },
  '--help': { help: 'show this help' },
};

const readJson = (what: string) =>
  z.string().transform((path, ctx): unknown => {
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      const reason = e instanceof SyntaxError ? 'not valid JSON' : ((e as NodeJS.ErrnoException).code ?? String(e));
      ctx.addIssue({
        code: 'custom',
        input: path,
        message: `must be the path of a readable JSON file (${what}), got ${JSON.stringify(path)} (${reason})`,
      });
      return z.NEVER;
    }
  });

const FleetFlagsSchema = z.strictObject({
  '--data-dir': z.string(),
  '--count': z
    .string()
    .regex(/^[1-9][0-9]*$/, { error: got('must be a positive integer') })
    .transform(Number),
  '--shape': readJson('a fleet shape').optional(),
  '--drift': z
    .string()
    .regex(/^([0-9]+(\.[0-9]+)?)%?$/, { error: got('must be a percentage such as 3% or 0.5%') })
    .refine((v) => Number(v.replace('%', '')) <= 100, { error: got('must be at most 100%') })
    .transform((v) => Number(v.replace('%', '')))
    .optional(),
  '--drift-kinds': z
    .string()
    .transform((v) => v.split(',').map((k) => k.trim()))
    .pipe(z.array(z.enum(DRIFT_KINDS, { error: got(`must be kinds among ${DRIFT_KINDS.join(', ')}, separated by commas`) })))
    .optional(),
  '--seed': z
    .string()
    .regex(/^-?[0-9]+$/, { error: got('must be an integer') })
    .transform(Number)
    .optional(),
  '--manifest': z.string().optional(),
  '--no-history': z.literal(true, { error: got('takes no value') }).optional(),
  '--json': z.literal(true, { error: got('takes no value') }).optional(),
  '--help': z.literal(true, { error: got('takes no value') }).optional(),
});

export function fleetUsage(): string {
  const lines = Object.entries(FLEET_FLAGS).map(
    ([flag, f]) => `  ${`${flag}${f.value === undefined ? '' : ` ${f.value}`}`.padEnd(22)}${f.help}`,
  );
  return [
    'Usage: walletinfra-emulator seed-fleet --data-dir DIR --count N [options]',
    '',
    "Adds sub-organizations to the emulator's organization.",
    '',
    'Options:',
    ...lines,
  ].join('\n');
}

interface Parsed {
  dataDir: string;
  options: FleetSeedOptions;
  manifest: string;
  shapeName: string;
  json: boolean;
}

function parseFleetArgs(argv: readonly string[]): Parsed | 'help' {
  const raw = flagValues(argv, FLEET_FLAGS);
  if (raw['--help'] === true) return 'help';
  const f = parseWith(FleetFlagsSchema, raw, {}, CliError);
  const options: FleetSeedOptions = { count: f['--count'] };
  // checked here, so a bad shape is refused before the emulator is touched; the message names the file
  if (f['--shape'] !== undefined) {
    try {
      options.shape = parseFleetShape(f['--shape']);
    } catch (e) {
      if (e instanceof FleetShapeError) throw new CliError(`--shape ${String(raw['--shape'])}: ${e.message}`);
      throw e;
    }
  }
  if (f['--drift'] !== undefined) options.driftPercent = f['--drift'];
  if (f['--drift-kinds'] !== undefined) options.driftKinds = f['--drift-kinds'];
  if (f['--seed'] !== undefined) options.seed = f['--seed'];
  if (f['--no-history'] === true) options.history = false;
  const dataDir = f['--data-dir'];
  return {
    dataDir,
    options,
    manifest: f['--manifest'] ?? join(dataDir, 'fleet-manifest.json'),
    shapeName: (raw['--shape'] as string | undefined) ?? 'default (the delegated-access guide)',
    json: f['--json'] === true,
  };
}

/** The running emulator of `dataDir`, from its credentials file: its admin URL and token, when it answers. */
async function seedThroughAdmin(dataDir: string, options: FleetSeedOptions): Promise<FleetSeedResult | undefined> {
  const file = join(dataDir, 'credentials.json');
  if (!existsSync(file)) return undefined;
  const { adminUrl, adminToken } = JSON.parse(readFileSync(file, 'utf8')) as { adminUrl?: string; adminToken?: string };
  if (adminUrl === undefined || adminToken === undefined) return undefined;
  let res: Response;
  try {
    res = await fetch(`${adminUrl}/seed-fleet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(options),
    });
  } catch {
    // nothing listens there: the emulator is not running, the data dir is ours
    return undefined;
  }
  const answer = (await res.json()) as FleetSeedResult & { message?: string };
  if (!res.ok) throw new ConfigurationError(`the running emulator (${adminUrl}) refused: ${answer.message ?? res.status}`);
  return answer;
}

function seedOffline(dataDir: string, options: FleetSeedOptions): FleetSeedResult {
  const store = new Store(dataDir);
  try {
    const env = makeEnv(Date.now, systemRandom);
    const { bootstrap } = store.transaction(() => loadOrCreateBootstrap(store, env));
    return seedFleet({ store, env, policy: policyEngine }, bootstrap.organizationId, options);
  } finally {
    store.close();
  }
}

/** The manifest of every run on this fleet: earlier runs' entries kept, this run's appended. */
function writeManifest(path: string, result: FleetSeedResult, parsed: Parsed): void {
  type Manifest = { parentOrganizationId: string; delegatedApiPublicKey: string; fleetSize: number; runs: unknown[]; drift: unknown[] };
  let manifest: Manifest = {
    parentOrganizationId: result.parentOrganizationId,
    delegatedApiPublicKey: result.delegatedApiKey.publicKey,
    fleetSize: 0,
    runs: [],
    drift: [],
  };
  if (existsSync(path)) {
    const earlier = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
    if (earlier.parentOrganizationId === result.parentOrganizationId) manifest = earlier;
  }
  manifest.fleetSize = result.fleetSize;
  manifest.runs.push({ ...result.created, seed: result.seed, shape: parsed.shapeName, driftPercent: parsed.options.driftPercent ?? 0 });
  manifest.drift.push(...result.drift);
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

function writeCredentials(dataDir: string, result: FleetSeedResult): string {
  const file = join(dataDir, 'fleet-credentials.json');
  const body = {
    parentOrganizationId: result.parentOrganizationId,
    apiPublicKey: result.delegatedApiKey.publicKey,
    apiPrivateKey: result.delegatedApiKey.privateKey,
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  // the mode of writeFileSync applies to a new file only, and through the umask
  chmodSync(file, 0o600);
  return file;
}

/** Runs the subcommand; returns the exit code (0 done, 1 refused, 2 bad arguments). */
export async function runSeedFleet(argv: readonly string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  let parsed;
  try {
    parsed = parseFleetArgs(argv);
  } catch (e) {
    if (!(e instanceof ConfigurationError)) throw e;
    err(`walletinfra-emulator seed-fleet: ${e.message}\n\n${fleetUsage()}`);
    return 2;
  }
  if (parsed === 'help') {
    out(fleetUsage());
    return 0;
  }
  const started = Date.now();
  let result: FleetSeedResult;
  let via: string;
  try {
    const running = await seedThroughAdmin(parsed.dataDir, parsed.options);
    via = running === undefined ? 'the data dir (no emulator running on it)' : 'the running emulator';
    result = running ?? seedOffline(parsed.dataDir, parsed.options);
  } catch (e) {
    if (!(e instanceof ConfigurationError)) throw e;
    err(`walletinfra-emulator seed-fleet: ${e.message}`);
    return 1;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const credentials = writeCredentials(parsed.dataDir, result);
  writeManifest(parsed.manifest, result, parsed);
  const { created } = result;
  if (parsed.json) {
    out(
      JSON.stringify({
        parentOrganizationId: result.parentOrganizationId,
        created,
        fleetSize: result.fleetSize,
        drifted: result.drift.length,
        seconds: Number(seconds),
        manifest: parsed.manifest,
        credentials,
      }),
    );
    return 0;
  }
  out(
    [
      `added ${created.count} sub-organizations (${created.first} to ${created.last}) to ${result.parentOrganizationId} through ${via} in ${seconds} s; the fleet has ${result.fleetSize}`,
      `  drifted:     ${result.drift.length} (seed ${result.seed}), listed in ${parsed.manifest}`,
      `  delegated-access key (the same in every sub-organization): ${credentials} (0600)`,
    ].join('\n'),
  );
  return 0;
}
