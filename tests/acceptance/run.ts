// `npm run test:acceptance`: every resource kind and data source through the real Pulumi CLI against the
// organization the credentials name, plus the sdk's operations with safe inputs, ending with a report. Opt-in
// (`WALLETINFRA_ACC=1`); every object it makes is named with the run prefix (./prefix.ts), it changes and
// deletes only those, and it refuses to start when it would have to change an object that cannot carry one.
//
// One project, one stack, five engine runs: `up` (create, adopt hand-made objects), `preview --refresh`
// (updates, replacements and drift planned as expected), `up --refresh` (applied; the data sources read),
// `preview --refresh --expect-no-changes` (a read finds nothing to do), `destroy`. Around them the sdk makes
// the fixtures, the hand-made objects and the out-of-band changes, and the clean-up removes whatever is left
// with the run's prefix. Each step's requests are recorded (./report.ts takes their ids from the recording).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { WalletInfraClient } from '@walletinfra/sdk';
import { Redactor, recordExchanges, REDACTION_SUMMARY, writeRecordingHeader, type RecordedExchange } from '@walletinfra/sdk/recording';
import type { ProviderSettings } from '@walletinfra/pulumi/config';
import { messageOf } from '@walletinfra/pulumi/errors';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { normalize, readListed, type AnyKind } from '@walletinfra/pulumi/resources/kind';
import { createContext, type OwnedContext } from '@walletinfra/pulumi/runtime/context';
import type { OrgSession } from '@walletinfra/pulumi/session';
import { settingsFromEnv, type Identity, type RunFacts } from './context';
import { LOOKUPS, outputFunctionOf } from './datasources';
import { inventory, sweepables, type Found } from './inventory';
import { deletable, stepOf, type HandContext } from './kinds';
import { SDK_CALLS, type SdkContext } from './operations';
import { buildPlan, describePlan, prefixedNames, type Plan, type PlannedResource } from './plan';
import { newRunId, ownedByRun, parseRunId } from './prefix';
import { AcceptanceProject, plannedOps, type ProgramPlan, type PulumiResult } from './pulumi';
import {
  formatReport,
  readExchanges,
  requestIdOf,
  requestIdsMentioning,
  type Outcome,
  type ReportEntry,
  type RunReport,
  type StepTiming,
} from './report';

export const REPO_ROOT = resolve(__dirname, '..', '..');

export interface RunOptions {
  dryRun: boolean;
  record?: string;
  report?: string;
  runId?: string;
  includeSingletons: boolean;
  only?: string[];
  webhookUrl?: string;
  /** Keep the Pulumi project directory (plan, state) after a run that passed. */
  keep: boolean;
}

export interface RunDeps {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
  now: () => number;
  random: () => number;
  /** The Pulumi CLI's directory; default scripts/ensure-pulumi.sh's answer. */
  pulumiBinDir?: () => string;
}

/** Exit codes: 0 every check passed, 1 a check failed, 2 a setting or argument is wrong, 3 refused to start. */
export const EXIT = { passed: 0, failed: 1, usage: 2, refused: 3 } as const;

/** Says why the run does not start without `WALLETINFRA_ACC=1`. */
export const OPT_IN =
  'the acceptance run creates, changes and deletes objects in the organization the credentials name; set WALLETINFRA_ACC=1 to ' +
  'run it (a test organization or sub-organization is recommended), or pass --dry-run to see what it would do';

/** The pieces of a live organization the run reads before it starts. */
interface Preflight {
  facts: RunFacts;
  refusals: string[];
}

function ensurePulumi(): string {
  const out = execFileSync('bash', [join(REPO_ROOT, 'scripts', 'ensure-pulumi.sh'), '--print-bin-dir'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return out.trim().split('\n').pop() ?? '';
}

/** The credentials' user and API key: the user holding the key that signs the requests. */
async function findIdentity(client: WalletInfraClient, settings: ProviderSettings): Promise<Identity> {
  const { users } = await client.listUsers({});
  const publicKey = settings.apiPublicKey.toLowerCase();
  for (const user of users) {
    const key = user.apiKeys.find((k) => k.credential.publicKey.toLowerCase() === publicKey);
    if (key !== undefined)
      return { organizationId: settings.organizationId, userId: user.userId, apiKeyId: key.apiKeyId, apiPublicKey: publicKey };
  }
  throw new Error(
    `no user of organization ${settings.organizationId} holds the API key ${publicKey}: the acceptance run needs credentials of a user ` +
      "of the organization itself (a parent organization's key cannot be found there)",
  );
}

/** A wallet, and a Solana account, the read-only lookups can use (the run makes no wallet). */
async function walletFacts(client: WalletInfraClient): Promise<{ walletId?: string; solanaAddress?: string }> {
  const { wallets } = await client.listWallets({});
  const out: { walletId?: string; solanaAddress?: string } = {};
  if (wallets[0] !== undefined) out.walletId = wallets[0].walletId;
  for (const wallet of wallets.slice(0, 5)) {
    const { accounts } = await client.listWalletAccounts({ walletId: wallet.walletId });
    const solana = accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_SOLANA');
    if (solana !== undefined) {
      out.solanaAddress = solana.address;
      break;
    }
  }
  return out;
}

/** Canonical JSON, so two normal forms compare whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The service fields where the live object differs from the declared inputs (both in normal form). */
export function differences(kind: AnyKind, declared: Record<string, unknown>, live: Record<string, unknown>): string[] {
  const wanted = normalize(kind, declared);
  const except = new Set(kind.diff?.except ?? []);
  return kind.table.fields
    .map((f) => f.field)
    .filter((field) => !except.has(field) && wanted[field] !== undefined && canonical(wanted[field]) !== canonical(live[field]))
    .map((field) => `${field} is ${canonical(live[field])}, declared ${canonical(wanted[field])}`);
}

class Run {
  readonly entries: ReportEntry[] = [];
  readonly steps: StepTiming[] = [];
  step = 'preflight';
  /** The runner's own exchanges since the last `collect()`. */
  #collected: RecordedExchange[] = [];
  broken = false;

  constructor(
    readonly deps: RunDeps,
    readonly recordFile: string,
  ) {}

  onExchange(e: RecordedExchange): void {
    this.#collected.push(e);
  }

  /** The runner's exchanges since the last call. */
  collect(): RecordedExchange[] {
    const out = this.#collected;
    this.#collected = [];
    return out;
  }

  /** Every recorded exchange of the current step, whichever process sent it. */
  stepExchanges(): RecordedExchange[] {
    return readExchanges(this.recordFile).filter((e) => e.step === this.step);
  }

  add(subject: string, check: string, outcome: Outcome, detail?: string, requestIds: string[] = []): void {
    this.entries.push({ step: this.step, subject, check, outcome, ...(detail !== undefined ? { detail } : {}), requestIds });
    if (outcome === 'fail') this.broken = true;
  }

  begin(label: string, index: number, total: number): number {
    this.step = label;
    this.collect();
    this.deps.out(`step ${index}/${total}: ${label}`);
    return this.deps.now();
  }

  end(started: number, result?: PulumiResult, command?: string): void {
    this.steps.push({
      step: this.step,
      seconds: result?.seconds ?? (this.deps.now() - started) / 1000,
      ...(command !== undefined ? { pulumi: command } : {}),
    });
  }
}

const STEPS = [
  'preflight',
  'fixtures',
  'hand-made objects',
  'pulumi up (create, adopt)',
  'sdk operations',
  'out-of-band changes (drift)',
  'pulumi preview --refresh (update, replace, drift)',
  'pulumi up --refresh (apply, data sources)',
  'pulumi preview --refresh --expect-no-changes (read)',
  'pulumi destroy',
  'clean-up',
] as const;

/** The run; resolves to its exit code (EXIT). */
export async function runAcceptance(options: RunOptions, deps: RunDeps): Promise<number> {
  let settings: ProviderSettings;
  try {
    settings = settingsFromEnv(deps.env);
  } catch (error) {
    deps.err(`acceptance: ${messageOf(error)}`);
    return EXIT.usage;
  }
  if (!options.dryRun && deps.env.WALLETINFRA_ACC !== '1') {
    deps.err(`acceptance: ${OPT_IN}`);
    return EXIT.refused;
  }
  let runId;
  try {
    runId = options.runId !== undefined ? parseRunId(options.runId) : newRunId(new Date(deps.now()), deps.random);
  } catch (error) {
    deps.err(`acceptance: ${messageOf(error)}`);
    return EXIT.usage;
  }
  const plan = buildPlan(KINDS as readonly AnyKind[], {
    run: runId,
    includeSingletons: options.includeSingletons,
    ...(options.only !== undefined ? { only: options.only } : {}),
    ...(options.webhookUrl !== undefined ? { webhookUrl: options.webhookUrl } : {}),
  });

  const ctx = createContext({ env: deps.env });
  try {
    const session = ctx.session({});
    const identity = await findIdentity(session.client, settings);
    if (options.dryRun) return await dryRun(plan, { options, deps, plan, settings, identity, session, ctx, recordFile: '', recordKey: '' });
    const base = join(REPO_ROOT, '.data', 'acceptance');
    const recordFile = resolve(options.record ?? join(base, `${runId.id}.recording.jsonl`));
    const reportFile = resolve(options.report ?? join(base, `${runId.id}.report.json`));
    mkdirSync(dirname(recordFile), { recursive: true });
    mkdirSync(dirname(reportFile), { recursive: true });
    const recordKey = randomBytes(32);
    writeRecordingHeader(recordFile, {
      format: 'walletinfra-recording',
      version: 1,
      startedAt: new Date(deps.now()).toISOString(),
      service: settings.baseUrl,
      identity: { organizationId: identity.organizationId, userId: identity.userId, apiPublicKey: identity.apiPublicKey },
      tool: 'walletinfra acceptance',
      redaction: REDACTION_SUMMARY,
    });
    const run = new Run(deps, recordFile);
    const recorder = recordExchanges({
      file: recordFile,
      process: 'runner',
      redactor: new Redactor({
        key: new Uint8Array(recordKey),
        secrets: () => [settings.apiPrivateKey, ...plan.secrets(), ...plan.apiKeys.map((k) => k.privateKey)],
      }),
      step: () => run.step,
      onExchange: (e) => run.onExchange(e),
    });
    try {
      const code = await execute(run, {
        options,
        deps,
        plan,
        settings,
        identity,
        session,
        ctx,
        recordFile,
        recordKey: recordKey.toString('hex'),
      });
      if (code !== EXIT.passed && code !== EXIT.failed) return code;
      const exchanges = readExchanges(recordFile);
      const report: RunReport = {
        runId: runId.id,
        service: settings.baseUrl,
        organizationId: settings.organizationId,
        startedAt: runId.startedAt.toISOString(),
        recording: recordFile,
        entries: run.entries,
        steps: run.steps,
        rateLimited: exchanges.filter((e) => e.status === 429 || e.status === 503).length,
        exchanges: exchanges.length,
      };
      writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
      deps.out(formatReport(report));
      deps.out(`Report: ${reportFile}`);
      return run.entries.some((e) => e.outcome === 'fail') ? EXIT.failed : EXIT.passed;
    } finally {
      recorder.stop();
    }
  } catch (error) {
    deps.err(`acceptance: ${messageOf(error)}`);
    return EXIT.failed;
  } finally {
    await ctx.close();
  }
}

interface Env {
  options: RunOptions;
  deps: RunDeps;
  plan: Plan;
  settings: ProviderSettings;
  identity: Identity;
  session: OrgSession;
  ctx: OwnedContext;
  recordFile: string;
  recordKey: string;
}

/** The facts lookups and sdk calls use, given which inputs the program declares. */
function factsOf(
  env: Env,
  wallets: { walletId?: string; solanaAddress?: string },
  declared: Map<string, Record<string, unknown>>,
): RunFacts {
  return {
    sample: env.plan.sample,
    identity: env.identity,
    declares: (name) => declared.has(name),
    declared: (name) => declared.get(name),
    ...wallets,
    ...(env.settings.authProxyConfigId !== undefined ? { authProxyConfigId: env.settings.authProxyConfigId } : {}),
  };
}

/** `--dry-run`: the plan, and whether the run would start; reads only, records nothing. */
async function dryRun(plan: Plan, env: Env): Promise<number> {
  const pre = await preflight(env);
  env.deps.out(describePlan(plan, env.settings.organizationId));
  if (pre.refusals.length === 0) {
    env.deps.out('The run would start: nothing it would change lacks its prefix.');
    return EXIT.passed;
  }
  env.deps.out(`The run would refuse to start:\n${pre.refusals.map((r) => `  - ${r}`).join('\n')}`);
  return EXIT.refused;
}

/** What the run found before starting, for the refusal rules. */
export interface Findings {
  /** Each singleton scenario the run includes, and what the organization holds there (undefined: empty). */
  singletons: Array<{ scenario: string; what: string; occupied: string | undefined }>;
  /** Objects already named with this run's prefix. */
  ownLeftovers: Array<{ type: string; name: string }>;
}

/**
 * Why the run must not start: a singleton it would change holds something (it cannot carry the prefix, so
 * the run could not tell it from the organization's own), or objects already carry this run's prefix (an
 * earlier run with the same --run-id; the run would adopt or delete them as its own).
 */
export function refusals(found: Findings, prefix: string): string[] {
  const out: string[] = [];
  for (const s of found.singletons) {
    if (s.occupied === undefined) continue;
    out.push(
      `${s.what} (${s.scenario}) holds ${s.occupied}; the run would replace it, and it cannot carry the run prefix. ` +
        'Run against an organization where it is empty, or leave out --include-singletons',
    );
  }
  if (found.ownLeftovers.length > 0) {
    out.push(
      `the organization already holds ${found.ownLeftovers.length} object(s) named with this run's prefix ${prefix} ` +
        `(${found.ownLeftovers.map((f) => `${f.type} ${f.name}`).join(', ')}): sweep them (npm run sweep -- --older-than 0 --yes) or use another --run-id`,
    );
  }
  return out;
}

async function preflight(env: Env): Promise<Preflight & { wallets: { walletId?: string; solanaAddress?: string } }> {
  const { plan, session } = env;
  const hand = handContext(env);
  const singletons: Findings['singletons'] = [];
  for (const { scenario } of plan.included) {
    if (scenario.singleton === undefined) continue;
    singletons.push({ scenario: scenario.name, what: scenario.singleton.what, occupied: await scenario.singleton.occupied(hand) });
  }
  const ownLeftovers = (await inventory(session, sweepables(KINDS as readonly AnyKind[]))).filter((f) =>
    ownedByRun(plan.run.prefix, f.name),
  );
  const wallets = await walletFacts(session.client);
  return { facts: factsOf(env, wallets, new Map()), refusals: refusals({ singletons, ownLeftovers }, plan.run.prefix), wallets };
}

function handContext(env: Env): HandContext {
  return {
    client: env.session.client,
    organizationId: env.settings.organizationId,
    onRampEncryptionPublicKey: env.settings.onRampEncryptionPublicKey,
    sample: env.plan.sample,
  };
}

/** The program's plan for one step. */
function programPlan(plan: Plan, then: boolean, handMade: ReadonlyMap<string, string>, lookups: ProgramPlan['lookups']): ProgramPlan {
  return {
    resources: plan.resources.map((r) => {
      const args = then ? r.then : r.create;
      const adopt = handMade.get(r.name);
      return { name: r.name, type: r.kind.type, args: adopt !== undefined ? { ...args, adopt: { id: adopt } } : args };
    }),
    lookups,
  };
}

async function execute(run: Run, env: Env): Promise<number> {
  const { plan, deps, session, options } = env;
  const total = STEPS.length;
  const hand = handContext(env);
  const label = (r: PlannedResource) => `${r.scenario.name} ${r.name}`;

  // ---- 1. preflight: what is there, and whether the run may start ----
  let started = run.begin(STEPS[0], 1, total);
  const pre = await preflight(env);
  run.end(started);
  if (pre.refusals.length > 0) {
    deps.err(`acceptance: refusing to start:\n${pre.refusals.map((r) => `  - ${r}`).join('\n')}`);
    return EXIT.refused;
  }
  run.add('organization', 'nothing the run would change lacks its prefix', 'pass', undefined, ids(run.collect()));
  for (const left of plan.leftOut) run.add(left.scenario, 'left out', 'skip', left.why);

  const guard = (what: string, name: string): void => {
    if (!ownedByRun(plan.run.prefix, name))
      throw new Error(`refusing to change ${what} ${JSON.stringify(name)}: it does not carry this run's prefix ${plan.run.prefix}`);
  };
  const binDir = deps.pulumiBinDir?.() ?? ensurePulumi();
  const dir = join(REPO_ROOT, '.data', 'acceptance', plan.run.id);
  rmSync(dir, { recursive: true, force: true });
  const project = new AcceptanceProject({
    dir,
    pulumiBinDir: binDir,
    env: deps.env,
    recordFile: env.recordFile,
    recordKey: env.recordKey,
    now: deps.now,
  });
  const handMade = new Map<string, string>();
  let fixtureUserId: string | undefined;
  let stackHasResources = false;
  const idsBefore: Record<string, string> = {};

  try {
    // ---- 2. fixtures: a user named with the prefix, holding the API keys the per-key allowlists need ----
    started = run.begin(STEPS[1], 2, total);
    if (plan.apiKeys.length === 0) run.add('fixtures', 'no scenario needs an API key', 'skip', 'nothing to make');
    else {
      try {
        guard('user', plan.fixtureUser);
        for (const k of plan.apiKeys) guard('API key', k.apiKeyName);
        const { result } = await session.client.submit('create_api_only_users', {
          apiOnlyUsers: [
            {
              userName: plan.fixtureUser,
              userTags: [],
              apiKeys: plan.apiKeys.map((k) => ({ apiKeyName: k.apiKeyName, publicKey: k.publicKey })),
            },
          ],
        });
        fixtureUserId = result.userIds[0];
        run.add(`User ${plan.fixtureUser}`, `created with ${plan.apiKeys.length} API keys`, 'pass', undefined, ids(run.collect()));
      } catch (error) {
        run.add(`User ${plan.fixtureUser}`, 'created with its API keys', 'fail', messageOf(error), ids(run.collect()));
      }
    }
    run.end(started);

    // ---- 3. hand-made objects, to adopt ----
    started = run.begin(STEPS[2], 3, total);
    for (const r of plan.resources.filter((x) => x.role === 'adopted')) {
      if (run.broken) break;
      try {
        const names = prefixedNames(r.create, plan.run.prefix);
        if (names.length === 0 && r.scenario.singleton === undefined) throw new Error('its inputs carry no name with the run prefix');
        const id = await r.scenario.handMade?.(hand, r.create);
        if (id === undefined) throw new Error('the scenario makes no object by hand');
        handMade.set(r.name, id);
        run.add(label(r), `made by hand through the sdk (${id})`, 'pass', undefined, ids(run.collect()));
      } catch (error) {
        run.add(label(r), 'made by hand through the sdk', 'fail', messageOf(error), ids(run.collect()));
      }
    }
    run.end(started);

    // ---- 4. pulumi up: create, and adopt what was made by hand ----
    const up1 = run.begin(STEPS[3], 4, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else {
      const init = await project.init();
      if (init.code !== 0) run.add('pulumi stack init', 'the stack was created', 'fail', lastLines(init));
      else {
        project.writePlan(programPlan(plan, false, handMade, []));
        stackHasResources = true;
        const result = await project.up(run.step);
        run.end(up1, result, 'pulumi up');
        const exchanges = run.stepExchanges();
        if (result.code !== 0) run.add('pulumi up', 'exited 0', 'fail', lastLines(result), ids(exchanges));
        else {
          const out = await project.outputs(run.step);
          const resourceIds = (out.ids ?? {}) as Record<string, string>;
          Object.assign(idsBefore, resourceIds);
          for (const r of plan.resources) {
            const id = resourceIds[r.name];
            const needles = [id ?? '', ...prefixedNames(r.create, plan.run.prefix)];
            const reqIds = requestIdsMentioning(exchanges, needles);
            if (id === undefined) {
              run.add(label(r), 'created', 'fail', 'no id in the stack outputs', reqIds);
              continue;
            }
            if (r.role === 'adopted') {
              const wanted = handMade.get(r.name);
              run.add(
                label(r),
                'adopted the hand-made object',
                wanted === id ? 'pass' : 'fail',
                wanted === id ? undefined : `id ${id}, hand-made ${wanted}`,
                reqIds,
              );
            }
            await checkLive(
              run,
              env,
              hand,
              r,
              id,
              r.create,
              r.role === 'adopted' ? 'read back as declared' : 'created; read back as declared',
              reqIds,
            );
          }
        }
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(up1);

    // ---- 5. the sdk's operations with safe inputs ----
    started = run.begin(STEPS[4], 5, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else await sdkOperations(run, env, pre, idsBefore, fixtureUserId, guard);
    run.end(started);

    // ---- 6. out-of-band changes ----
    started = run.begin(STEPS[5], 6, total);
    for (const r of plan.resources) {
      if (r.role !== 'adopted') continue;
      const step = stepOf(r.kind, r.scenario, 'drift');
      if (!step.applies) {
        run.add(label(r), 'changed outside Pulumi', 'skip', step.why);
        continue;
      }
      if (run.broken) {
        run.add(label(r), 'changed outside Pulumi', 'skip', 'an earlier step failed');
        continue;
      }
      const id = idsBefore[r.name] as string;
      try {
        const what = await r.scenario.drift?.(hand, id, r.create);
        run.add(label(r), `changed outside Pulumi: ${what ?? ''}`, 'pass', undefined, ids(run.collect()));
      } catch (error) {
        run.add(label(r), 'changed outside Pulumi', 'fail', messageOf(error), ids(run.collect()));
      }
    }
    run.end(started);

    // ---- 7. preview with refresh: updates, replacements and drift planned as expected ----
    const declared = new Map(plan.resources.map((r) => [r.name, r.then]));
    const facts = factsOf(env, pre.wallets, declared);
    const lookups: ProgramPlan['lookups'] = [];
    const lookupSkips: Array<[string, string]> = [];
    for (const [name, lookup] of Object.entries(LOOKUPS)) {
      const args = lookup.args(facts);
      if ('skip' in args) lookupSkips.push([name, args.skip]);
      else lookups.push({ name, fn: outputFunctionOf(name), args: args.args });
    }
    const step2 = programPlan(plan, true, handMade, lookups);
    started = run.begin(STEPS[6], 7, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else {
      project.writePlan(step2);
      const result = await project.preview(run.step, ['--refresh']);
      run.end(started, result, 'pulumi preview --refresh');
      const exchanges = run.stepExchanges();
      if (result.code !== 0) run.add('pulumi preview', 'exited 0', 'fail', lastLines(result), ids(exchanges));
      else {
        const ops = plannedOps(result.stdout);
        for (const r of plan.resources) {
          const expected = { update: 'update', replace: 'replace', restore: 'update', none: 'same' }[r.change];
          const what = {
            update: 'an in-place update',
            replace: 'a replacement',
            restore: 'an update restoring the drift',
            none: 'no change',
          }[r.change];
          const got = ops[r.name] ?? 'same';
          const reqIds = requestIdsMentioning(exchanges, [idsBefore[r.name] ?? '', ...prefixedNames(r.create, plan.run.prefix)]);
          run.add(label(r), `planned ${what}`, got === expected ? 'pass' : 'fail', got === expected ? undefined : `planned ${got}`, reqIds);
        }
        for (const r of plan.resources) {
          if (r.role === 'main' && r.change !== 'update')
            run.add(
              label(r),
              'updated in place',
              'skip',
              stepOf(r.kind, r.scenario, 'update').applies ? 'no update' : (r.scenario.notApplicable?.update ?? ''),
            );
        }
        const noReplace = plan.included.filter((ks) => !stepOf(ks.kind, ks.scenario, 'replace').applies);
        for (const ks of noReplace) run.add(ks.scenario.name, 'replaced', 'skip', ks.scenario.notApplicable?.replace ?? '');
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(started);

    // ---- 8. up with refresh: apply, then read the data sources ----
    started = run.begin(STEPS[7], 8, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else {
      const result = await project.up(run.step, ['--refresh']);
      run.end(started, result, 'pulumi up --refresh');
      const exchanges = run.stepExchanges();
      if (result.code !== 0) run.add('pulumi up --refresh', 'exited 0', 'fail', lastLines(result), ids(exchanges));
      else {
        const out = await project.outputs(run.step);
        const resourceIds = (out.ids ?? {}) as Record<string, string>;
        for (const r of plan.resources) {
          const id = resourceIds[r.name];
          const reqIds = requestIdsMentioning(exchanges, [id ?? '', idsBefore[r.name] ?? '', ...prefixedNames(r.then, plan.run.prefix)]);
          if (id === undefined) {
            run.add(label(r), 'still declared', 'fail', 'no id in the stack outputs', reqIds);
            continue;
          }
          const check = { update: 'updated in place', replace: 'replaced', restore: 'drift restored', none: 'unchanged' }[r.change];
          if (r.change === 'replace') {
            const old = idsBefore[r.name];
            if (old === id) run.add(label(r), 'replaced by a new object', 'fail', `the id stayed ${id}`, reqIds);
            else {
              run.add(label(r), `replaced by a new object (${id})`, 'pass', undefined, reqIds);
              if (old !== undefined) await checkGone(run, env, hand, r, old, r.create, 'the replaced object', reqIds);
            }
          } else if (r.change === 'update' && id !== idsBefore[r.name]) {
            run.add(label(r), 'updated in place', 'fail', `the id changed from ${idsBefore[r.name]} to ${id}`, reqIds);
            continue;
          }
          await checkLive(run, env, hand, r, id, r.then, `${check}; read back as declared`, reqIds);
          idsBefore[r.name] = id;
        }
        for (const [name, why] of lookupSkips) run.add(`data source ${name}`, 'read', 'skip', why);
        for (const l of lookups) {
          const lookup = LOOKUPS[l.name];
          const value = out[`lookup_${l.name}`];
          const reqIds = ids(exchanges.filter((e) => e.process === 'program' && lookup?.operations.includes(e.operation)));
          if (value === undefined || value === null || typeof value !== 'object') {
            run.add(`data source ${l.name}`, 'read', 'fail', 'no result in the stack outputs', reqIds);
            continue;
          }
          const problem = lookup?.check(value as Record<string, unknown>, facts);
          run.add(`data source ${l.name}`, `read (${outputFunctionOf(l.name)})`, problem === undefined ? 'pass' : 'fail', problem, reqIds);
        }
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(started);

    // ---- 9. a read finds nothing to do ----
    started = run.begin(STEPS[8], 9, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else {
      const result = await project.preview(run.step, ['--refresh', '--expect-no-changes']);
      run.end(started, result, 'pulumi preview --refresh --expect-no-changes');
      const exchanges = run.stepExchanges();
      const ops = result.code === 0 ? plannedOps(result.stdout) : {};
      for (const r of plan.resources) {
        const reqIds = requestIdsMentioning(exchanges, [idsBefore[r.name] ?? '']);
        const got = ops[r.name] ?? (result.code === 0 ? 'same' : 'unknown');
        run.add(
          label(r),
          'read: refresh finds it as declared',
          got === 'same' ? 'pass' : 'fail',
          got === 'same' ? undefined : result.code !== 0 ? lastLines(result) : `planned ${got}`,
          reqIds,
        );
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(started);
  } finally {
    // ---- 10. destroy (whatever happened before) ----
    started = run.begin(STEPS[9], 10, total);
    if (!stackHasResources) skipStep(run, 'the stack holds nothing');
    else {
      const result = await project.destroy(run.step);
      run.end(started, result, 'pulumi destroy');
      const exchanges = run.stepExchanges();
      if (result.code !== 0) run.add('pulumi destroy', 'exited 0', 'fail', lastLines(result), ids(exchanges));
      else {
        const output = `${result.stdout}\n${result.stderr}`;
        for (const r of plan.resources) {
          const id = idsBefore[r.name];
          if (id === undefined) continue;
          const reqIds = requestIdsMentioning(exchanges, [id]);
          if (!deletable(r.kind)) {
            const warned = output.includes(id) && output.includes('left in place');
            run.add(
              label(r),
              'left in place, with a warning',
              warned ? 'pass' : 'fail',
              warned ? r.scenario.notApplicable?.delete : 'destroy did not say so',
              reqIds,
            );
            continue;
          }
          await checkGone(run, env, hand, r, id, r.then, 'deleted', reqIds);
        }
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(started);

    // ---- 11. clean-up: the fixtures, and anything else named with this run's prefix ----
    started = run.begin(STEPS[10], 11, total);
    await cleanUp(run, env, fixtureUserId);
    run.end(started);
    if (!run.broken && !options.keep) rmSync(project.dir, { recursive: true, force: true });
    else deps.out(`Pulumi project kept: ${project.dir}`);
  }
  return EXIT.passed;
}

function skipStep(run: Run, why: string): void {
  run.add(run.step, 'ran', 'skip', why);
}

function ids(exchanges: readonly RecordedExchange[]): string[] {
  const out: string[] = [];
  for (const e of exchanges) {
    const id = requestIdOf(e);
    if (id !== undefined && !out.includes(id)) out.push(id);
  }
  return out;
}

function lastLines(result: PulumiResult): string {
  const text = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  return `exited ${result.code}: ${text.slice(-12).join(' | ')}`;
}

async function liveForm(
  env: Env,
  hand: HandContext,
  r: PlannedResource,
  id: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const { listing } = r.kind;
  if (listing === undefined) return r.scenario.read?.(hand, id, args);
  const all: unknown[] = await readListed(listing, env.session, true);
  const live = all.find((item) => listing.idOf(item) === id);
  if (live === undefined) return undefined;
  const form: unknown = r.kind.form(live, { organizationId: env.settings.organizationId, ...args });
  return form as Record<string, unknown>;
}

async function checkLive(
  run: Run,
  env: Env,
  hand: HandContext,
  r: PlannedResource,
  id: string,
  args: Record<string, unknown>,
  check: string,
  reqIds: string[],
): Promise<void> {
  try {
    const live = await liveForm(env, hand, r, id, args);
    const own = ids(run.collect());
    if (live === undefined) {
      run.add(`${r.scenario.name} ${r.name}`, check, 'fail', `the service has no object ${id}`, [...reqIds, ...own]);
      return;
    }
    const diff = differences(r.kind, args, live);
    run.add(`${r.scenario.name} ${r.name}`, check, diff.length === 0 ? 'pass' : 'fail', diff.length === 0 ? undefined : diff.join('; '), [
      ...reqIds,
      ...own,
    ]);
  } catch (error) {
    run.add(`${r.scenario.name} ${r.name}`, check, 'fail', messageOf(error), [...reqIds, ...ids(run.collect())]);
  }
}

async function checkGone(
  run: Run,
  env: Env,
  hand: HandContext,
  r: PlannedResource,
  id: string,
  args: Record<string, unknown>,
  what: string,
  reqIds: string[],
): Promise<void> {
  try {
    const live = await liveForm(env, hand, r, id, args);
    const own = ids(run.collect());
    if (!deletable(r.kind)) {
      run.add(
        `${r.scenario.name} ${r.name}`,
        `${what}: left in place`,
        live !== undefined ? 'pass' : 'fail',
        live !== undefined ? r.scenario.notApplicable?.delete : 'it is gone',
        [...reqIds, ...own],
      );
      return;
    }
    run.add(
      `${r.scenario.name} ${r.name}`,
      `${what}: gone from the service`,
      live === undefined ? 'pass' : 'fail',
      live === undefined ? undefined : `${id} is still there`,
      [...reqIds, ...own],
    );
  } catch (error) {
    run.add(`${r.scenario.name} ${r.name}`, `${what}: gone from the service`, 'fail', messageOf(error), [...reqIds, ...ids(run.collect())]);
  }
}

async function sdkOperations(
  run: Run,
  env: Env,
  pre: Preflight & { wallets: { walletId?: string; solanaAddress?: string } },
  resourceIds: Readonly<Record<string, string>>,
  fixtureUserId: string | undefined,
  guard: (what: string, name: string) => void,
): Promise<void> {
  const made = new Map<string, string>();
  const ctx: SdkContext = {
    client: env.session.client,
    facts: factsOf(env, pre.wallets, new Map(env.plan.resources.map((r) => [r.name, r.create]))),
    ...(fixtureUserId !== undefined ? { fixtureUserId } : {}),
    ids: resourceIds,
    guard,
    made: (o) => made.set(o.id, o.name),
    gone: (id) => made.delete(id),
  };
  const state: Record<string, string> = {};
  for (const call of SDK_CALLS) {
    const subject = `sdk ${call.operation}`;
    try {
      const outcome = await call.call(ctx, state);
      const reqIds = ids(run.collect());
      if (outcome !== undefined && 'skip' in outcome) run.add(subject, 'sent', 'skip', outcome.skip);
      else if (call.expectError !== undefined) run.add(subject, 'answered with an error (a probe)', 'fail', 'it succeeded', reqIds);
      else run.add(subject, 'answered as its schema says', 'pass', undefined, reqIds);
    } catch (error) {
      const reqIds = ids(run.collect());
      const status = (error as { status?: number }).status;
      if (call.expectError === '4xx' && status !== undefined && status >= 400 && status < 500) {
        run.add(subject, `answered with an error (a probe): HTTP ${status}`, 'pass', undefined, reqIds);
      } else
        run.add(
          subject,
          call.expectError !== undefined ? 'answered with a 4xx error (a probe)' : 'answered as its schema says',
          'fail',
          messageOf(error),
          reqIds,
        );
    }
  }
}

async function cleanUp(run: Run, env: Env, fixtureUserId: string | undefined): Promise<void> {
  const { plan, session } = env;
  if (fixtureUserId !== undefined) {
    try {
      await session.client.deleteUsers({ userIds: [fixtureUserId] });
      run.add(`User ${plan.fixtureUser}`, 'deleted with its API keys', 'pass', undefined, ids(run.collect()));
    } catch (error) {
      run.add(`User ${plan.fixtureUser}`, 'deleted with its API keys', 'fail', messageOf(error), ids(run.collect()));
    }
  }
  try {
    const leftovers = (await inventory(session, sweepables(KINDS as readonly AnyKind[]))).filter((f) =>
      ownedByRun(plan.run.prefix, f.name),
    );
    const expected = new Set(plan.leavesInPlace.map((o) => o.name));
    const removable = leftovers.filter((f: Found) => f.remove !== undefined && f.cannotDelete === undefined);
    for (const found of removable) await found.remove?.(session.client);
    const kept = leftovers.filter((f) => !removable.includes(f));
    const unexpected = kept.filter((f) => !expected.has(f.name));
    run.add(
      'organization',
      `nothing named ${plan.run.prefix}... is left but what the service cannot delete (${kept.length})`,
      removable.length === 0 && unexpected.length === 0 ? 'pass' : 'fail',
      removable.length > 0
        ? `removed ${removable.map((f) => `${f.type} ${f.name}`).join(', ')} that the steps had left`
        : unexpected.length > 0
          ? `unexpected: ${unexpected.map((f) => `${f.type} ${f.name}`).join(', ')}`
          : undefined,
      ids(run.collect()),
    );
  } catch (error) {
    run.add('organization', 'nothing named with the prefix is left', 'fail', messageOf(error), ids(run.collect()));
  }
}
