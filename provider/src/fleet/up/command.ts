// `walletinfra-fleet up`: the rollout (docs/fleet.md, "Rolling out: walletinfra-fleet up"). In order, and nothing
// is started until every step before it passed: the options and flags; the delegated credential (refused when it is
// the parent's); the rollout's lock; the targets (a fresh scan, or a scan report of this fleet, template and
// selector); the journal (an interrupted rollout of the same template is resumed); then the waves, each
// sub-organization checked again just before its stack; the reports.
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { sleepWithSignal } from '@walletinfra/sdk/activity';
import { ownVersion } from '../../cli/run';
import type { FleetArgs } from '../args';
import { FleetConnection } from '../connection';
import { readEnrollment, shownBackend } from '../enrollment';
import { kindNamed, type FleetKind } from '../kinds';
import { UpOptionsSchema, type UpOptions } from '../options';
import { parseReport } from '../report/merge';
import type { FleetReport } from '../report/schema';
import { resolveFleet, type ResolvedFleet } from '../resolve';
import { kindsToRead, scanFleet, SubOrganizationScan } from '../scan';
import { reportedSelector } from '../selector';
import { prepareTemplate, type TemplateEvaluator } from '../template/evaluate';
import { templateStackConfig } from '../template-config';
import { delegatedCredential, refuseParentKey, type DelegatedCredential } from './credentials';
import { Journal, resumeDecision, type ResumeDecision } from './journal';
import { processIsAlive, takeRolloutLock, type ProcessProbe } from './locks';
import { preflight } from './preflight';
import { buildRolloutReport, rolloutExitCode } from './report/build';
import type { RolloutReport } from './report/schema';
import { runRollout, type RolloutRun } from './rollout';
import { checkReport, selectTargets, type ResumedIds, type Selection } from './select';
import { fileBackendState, type StackStateReader } from './state';
import { AutomationStacks, type AutomationStacksOptions } from './stacks';
import { toleranceCount, type WavePolicy } from './waves';
import { fleetScanInput, progressFor, writeReports, type CliDeps } from '../cli-output';
import { renderRolloutMarkdown, rolloutSummaryLines } from './report/markdown';
import { renderRolloutJunit } from './report/junit';

/** The options' `up` section with the flags applied. */
function upOptions(fleet: ResolvedFleet, args: FleetArgs): UpOptions {
  const file = fleet.options.up ?? UpOptionsSchema.parse({});
  const flags = args.up;
  return {
    maxConcurrent: flags.maxConcurrent ?? file.maxConcurrent,
    failureTolerance: flags.failureTolerance ?? file.failureTolerance,
    concurrencyMode: flags.concurrencyMode ?? file.concurrencyMode,
    canary: flags.canary ?? file.canary,
    dir: file.dir,
  };
}

/** `10%` or `2`, as given. */
function toleranceText(t: UpOptions['failureTolerance']): string {
  return 'count' in t ? String(t.count) : `${t.percent}%`;
}

function newRolloutId(now: number): string {
  return `${new Date(now).toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
}

interface Selected extends Selection {
  from: 'scan' | 'report';
}

/** The scan report `--from-report` names, checked against this run; undefined without one. Read before anything runs. */
function readFromReport(args: FleetArgs, fleet: ResolvedFleet, deps: CliDeps): FleetReport | undefined {
  const fromReport = args.up.fromReport;
  if (fromReport === undefined) return undefined;
  const report = parseReport(fromReport, deps.readFile(resolve(deps.cwd, fromReport)));
  checkReport(fromReport, report, {
    fleet: { name: fleet.options.name, parentOrganizationId: fleet.parent.organizationId, baseUrl: fleet.parent.baseUrl },
    template: { path: fleet.options.template, digest: fleet.project.digest },
    selector: reportedSelector(fleet.selector.selector),
    ...(args.shard !== undefined ? { shard: args.shard } : {}),
  });
  return report;
}

/** The targets from a scan of the fleet now. */
async function scanSelection(
  args: FleetArgs,
  fleet: ResolvedFleet,
  deps: CliDeps,
  connection: FleetConnection,
  template: TemplateEvaluator,
  backend: string,
  resumed: ResumedIds,
): Promise<Selected> {
  const enrollment = await readEnrollment(backend, fleet.project.name, fleet.project.dir, deps.stackLister);
  const progress = progressFor(args.progress, deps);
  const result = await scanFleet(fleetScanInput(fleet, args.shard, { connection, template, enrollment, progress }));
  return { ...selectTargets(result.entries, args.up.onlyDrifted, args.shard, resumed), from: 'scan' };
}

/** The provider settings every stack gets: the service's address and the retry budget the fleet uses. */
function providerSettings(fleet: ResolvedFleet): Record<string, string> {
  return { 'walletinfra:baseUrl': fleet.parent.baseUrl, 'walletinfra:retryBudgetMs': String(fleet.parent.retryBudgetMs) };
}

/** Everything a rollout run needs, decided before any stack starts. */
interface Prepared {
  args: FleetArgs;
  deps: CliDeps;
  fleet: ResolvedFleet;
  options: UpOptions;
  backend: string;
  credential: DelegatedCredential;
  connection: FleetConnection;
  probe: ProcessProbe & { pid: number };
  dir: string;
  template: TemplateEvaluator;
  selected: Selected;
  decision: ResumeDecision;
  rolloutId: string;
  policy: WavePolicy;
  startedAt: number;
}

/** The targets, the journal's resume decision and the waves' policy; says the plan on stderr. */
async function plan(
  base: Omit<Prepared, 'selected' | 'decision' | 'rolloutId' | 'policy'>,
  fromReport: FleetReport | undefined,
): Promise<Prepared> {
  const { args, deps, fleet, options } = base;
  const decision = args.up.dryRun
    ? {}
    : resumeDecision(Journal.read(join(base.dir, 'journal.jsonl')), {
        fleet: fleet.options.name,
        parent: fleet.parent.organizationId,
        template: fleet.project.digest,
      });
  if (decision.note !== undefined) deps.stderr(`[fleet] ${decision.note}\n`);
  const resumed: ResumedIds = decision.resume ?? { interrupted: new Set(), succeeded: new Set() };
  const selected: Selected =
    fromReport !== undefined
      ? { ...selectTargets(fromReport.subOrganizations, true, args.shard, resumed), from: 'report' }
      : await scanSelection(args, fleet, deps, base.connection, base.template, base.backend, resumed);
  const policy: WavePolicy = {
    maxConcurrent: options.maxConcurrent,
    tolerance: toleranceCount(options.failureTolerance, selected.targets.length),
    mode: options.concurrencyMode,
    canary: options.canary,
  };
  deps.stderr(planLine(selected, policy, options, decision.resume !== undefined));
  const rolloutId = decision.resume?.rollout ?? deps.rolloutId?.() ?? newRolloutId(base.startedAt);
  return { ...base, selected, decision, rolloutId, policy };
}

/** Runs the waves, journaled. */
async function execute(p: Prepared): Promise<RolloutRun> {
  const { args, deps, fleet, dir } = p;
  const journal = new Journal(args.up.dryRun ? undefined : join(dir, 'journal.jsonl'), p.rolloutId, () => deps.now());
  journal.begin({
    pid: p.probe.pid,
    host: p.probe.host,
    fleet: fleet.options.name,
    parent: fleet.parent.organizationId,
    template: fleet.project.digest,
    targets: p.selected.targets.length,
  });
  const scan = new SubOrganizationScan(
    {
      connection: p.connection,
      template: p.template,
      selector: fleet.selector,
      delegatedPublicKey: fleet.delegatedPublicKey,
      unmanagedKinds: fleet.unmanagedKinds,
      ignore: fleet.ignore,
      enrollment: { checked: false, stacks: new Set() },
      retryBudgetMs: fleet.parent.retryBudgetMs,
    },
    checkKinds(p.template),
  );
  const runnerOptions: AutomationStacksOptions = {
    project: fleet.project,
    workDir: join(dir, 'workspace'),
    backend: p.backend,
    credential: p.credential,
    settings: providerSettings(fleet),
    env: deps.env,
    probe: p.probe,
  };
  const runner = deps.stackRunner?.(runnerOptions) ?? new AutomationStacks(runnerOptions);
  // A file backend's state is read in place; other backends' through the runner (the Automation API).
  const state: StackStateReader | undefined = p.backend.startsWith('file://')
    ? (stack) => Promise.resolve(fileBackendState(p.backend, fleet.project.name, stack))
    : runner.state?.bind(runner);
  const run = await runRollout({
    targets: p.selected.targets,
    policy: p.policy,
    preflight: (id) => preflight(scan, id, p.credential.publicKey, () => deps.now(), state),
    runner,
    stackConfig: (facts) => templateStackConfig(facts, fleet.config),
    journal,
    ...(p.decision.resume !== undefined ? { resume: p.decision.resume } : {}),
    logDir: join(dir, 'logs', p.rolloutId),
    cwd: deps.cwd,
    dryRun: args.up.dryRun,
    now: () => deps.now(),
    say: (line) => deps.stderr(`${line}\n`),
  });
  if (!args.up.dryRun) journal.end(run.stopReason === undefined ? 'completed' : 'stopped');
  return run;
}

/** The report of what ran. */
function reportOf(p: Prepared, run: RolloutRun): RolloutReport {
  const { args, fleet, policy } = p;
  const finishedAt = p.deps.now();
  return buildRolloutReport(
    {
      fleet: { name: fleet.options.name, parentOrganizationId: fleet.parent.organizationId, baseUrl: fleet.parent.baseUrl },
      template: { path: fleet.options.template, digest: fleet.project.digest, language: fleet.project.language },
      selector: reportedSelector(fleet.selector.selector),
      selection: {
        onlyDrifted: args.up.onlyDrifted,
        from: p.selected.from,
        ...(args.up.fromReport !== undefined ? { report: args.up.fromReport } : {}),
        ...(args.shard !== undefined ? { shard: args.shard } : {}),
      },
      backend: shownBackend(p.backend),
      options: {
        maxConcurrent: policy.maxConcurrent,
        failureTolerance: { given: toleranceText(p.options.failureTolerance), count: policy.tolerance },
        concurrencyMode: policy.mode,
        canary: policy.canary,
        dryRun: args.up.dryRun,
      },
      rollout: {
        id: p.rolloutId,
        resumed: p.decision.resume !== undefined,
        startedAt: new Date(p.startedAt).toISOString(),
        finishedAt: new Date(finishedAt).toISOString(),
        durationMs: finishedAt - p.startedAt,
        outcome: args.up.dryRun ? 'planned' : run.stopReason === undefined ? 'completed' : 'stopped',
        ...(run.stopReason !== undefined ? { stopReason: run.stopReason } : {}),
      },
      run: { tool: { walletinfraFleet: ownVersion(), node: process.version } },
    },
    run.entries,
    p.selected.leftAlone,
  );
}

/** The fleet's backend; up has nowhere to keep its stacks without one. */
function backendOf(fleet: ResolvedFleet): string {
  if (fleet.backend !== undefined) return fleet.backend;
  throw new ConfigurationError(
    `${fleet.where(['backend'])}: up keeps one stack per sub-organization in a Pulumi backend, and none is given; ` +
      'set backend in the options (e.g. backend: file:///srv/fleet-state, or s3://bucket/prefix), PULUMI_BACKEND_URL, or --backend',
  );
}

export async function up(args: FleetArgs, deps: CliDeps): Promise<number> {
  const startedAt = deps.now();
  const fleet = resolveFleet(args.options, args.overrides, deps.cwd, deps.env);
  const options = upOptions(fleet, args);
  const backend = backendOf(fleet);
  const credential = delegatedCredential(fleet, deps.env);
  const connection = new FleetConnection(fleet.parent, {
    concurrency: fleet.concurrency,
    now: () => deps.now(),
    sleep: deps.connection?.sleep ?? sleepWithSignal,
    ...(deps.connection?.dispatcher !== undefined ? { dispatcher: deps.connection.dispatcher } : {}),
  });
  const probe = deps.probe ?? { host: hostname(), pid: process.pid, isAlive: processIsAlive };
  let template: TemplateEvaluator | undefined;
  let release: (() => void) | undefined;
  try {
    const fromReport = readFromReport(args, fleet, deps);
    await refuseParentKey(credential, fleet, connection.parent);
    const dir = args.up.dir !== undefined ? resolve(deps.cwd, args.up.dir) : resolve(fleet.baseDir, options.dir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!args.up.dryRun) release = takeRolloutLock(dir, { ...probe, now: () => deps.now() });
    template = await prepareTemplate(fleet.project, {
      config: fleet.config,
      evaluation: fleet.evaluation,
      env: deps.env,
      ...(deps.templateProcesses !== undefined ? { processes: deps.templateProcesses } : {}),
    });
    const prepared = await plan(
      { args, deps, fleet, options, backend, credential, connection, probe, dir, template, startedAt },
      fromReport,
    );
    return finish(reportOf(prepared, await execute(prepared)), args, deps);
  } finally {
    template?.close();
    release?.();
    await connection.close();
  }
}

/** The kinds read just before each stack: a scan's, and the policies and root quorum that decide what the delegated user may do. */
function checkKinds(template: TemplateEvaluator): FleetKind[] {
  return kindsToRead([...template.kinds, 'Policy', 'RootQuorum'], [kindNamed('User') as FleetKind]);
}

function planLine(selected: Selected, policy: WavePolicy, options: UpOptions, resumed: boolean): string {
  const strictNote =
    policy.mode === 'strict' && policy.tolerance + 1 < policy.maxConcurrent
      ? ` (strict failure tolerance ${policy.tolerance}: at most ${policy.tolerance + 1} at once; --failure-tolerance or --concurrency-mode soft for more)`
      : '';
  return (
    `[fleet] ${resumed ? 'resuming' : 'rolling out to'} ${selected.targets.length} sub-organizations (${selected.leftAlone.length} left alone, ${selected.conformant} with nothing to do): ` +
    `canary ${policy.canary}, then up to ${policy.maxConcurrent} at once${strictNote}; failure tolerance ${toleranceText(options.failureTolerance)}` +
    `${'percent' in options.failureTolerance ? ` = ${policy.tolerance}` : ''}\n`
  );
}

function finish(report: RolloutReport, args: FleetArgs, deps: CliDeps): number {
  deps.stderr(
    `${rolloutSummaryLines(report)
      .filter((l) => l !== '')
      .join('\n')}\n`,
  );
  const written = writeReports(
    deps,
    [
      [args.jsonOut, () => `${JSON.stringify(report, null, 2)}\n`],
      [args.mdOut, () => renderRolloutMarkdown(report)],
      [args.junitOut, () => renderRolloutJunit(report)],
    ],
    () => renderRolloutMarkdown(report),
  );
  return written ? rolloutExitCode(report) : 1;
}
