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
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Redactor, recordExchanges, REDACTION_SUMMARY, writeRecordingHeader } from '@walletinfra/sdk/recording';
import type { ProviderSettings } from '@walletinfra/pulumi/config';
import { messageOf } from '@walletinfra/pulumi/errors';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { createContext } from '@walletinfra/pulumi/context';
import { settingsFromEnv } from './context';
import { Journal } from './journal';
import { Interrupted, Interruption } from './interrupt';
import { EXIT, OPT_IN, REPO_ROOT, type Env, type RunDeps, type RunOptions } from './options';
import { buildPlan } from './plan';
import { dryRun, findIdentity } from './preflight';
import { newRunId, parseRunId } from './prefix';
import { formatReport, readExchanges, type RunReport } from './report';
import { execute } from './steps';
import { whatWasLeft } from './stopped';

export { EXIT, OPT_IN, REPO_ROOT, type RunDeps, type RunOptions } from './options';

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
    // With --redact-organization the organization's id is hidden in every process's lines, the header and the report.
    const recordHidden = options.redactOrganization === true ? [identity.organizationId] : [];
    const redactor = new Redactor({
      key: new Uint8Array(recordKey),
      secrets: () => [settings.apiPrivateKey, ...plan.secrets(), ...plan.apiKeys.map((k) => k.privateKey)],
      identifiers: recordHidden,
    });
    const shownOrganization = redactor.text(identity.organizationId);
    writeRecordingHeader(recordFile, {
      format: 'walletinfra-recording',
      version: 1,
      startedAt: new Date(deps.now()).toISOString(),
      service: settings.baseUrl,
      identity: { organizationId: shownOrganization, userId: identity.userId, apiPublicKey: identity.apiPublicKey },
      tool: 'walletinfra acceptance',
      redaction: recordHidden.length > 0 ? `${REDACTION_SUMMARY}; the organization's id becomes redacted-id-…` : REDACTION_SUMMARY,
    });
    // From here a signal stops the run at its next step or check, and the Pulumi command in progress gently.
    const interruption = deps.interruption ?? new Interruption(deps.err);
    if (deps.interruption === undefined) interruption.install();
    const runDeps: RunDeps = { ...deps, interruption };
    const run = new Journal(runDeps, recordFile);
    const recorder = recordExchanges({
      file: recordFile,
      process: 'runner',
      redactor,
      step: () => run.step,
      onExchange: (e) => run.onExchange(e),
    });
    const env: Env = {
      options,
      deps: runDeps,
      plan,
      settings,
      identity,
      session,
      ctx,
      recordFile,
      recordKey: recordKey.toString('hex'),
      recordHidden,
    };
    const reportOf = (): RunReport => {
      const exchanges = readExchanges(recordFile);
      return {
        runId: runId.id,
        service: settings.baseUrl,
        organizationId: shownOrganization,
        startedAt: runId.startedAt.toISOString(),
        recording: recordFile,
        entries: run.entries,
        steps: run.steps,
        rateLimited: exchanges.filter((e) => e.status === 429 || e.status === 503).length,
        exchanges: exchanges.length,
      };
    };
    try {
      const code = await execute(run, env);
      if (code !== EXIT.passed && code !== EXIT.failed) return code;
      const report = reportOf();
      writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
      deps.out(formatReport(report));
      deps.out(`Report: ${reportFile}`);
      return run.entries.some((e) => e.outcome === 'fail') ? EXIT.failed : EXIT.passed;
    } catch (error) {
      if (!(error instanceof Interrupted)) throw error;
      recorder.stop();
      const report = { ...reportOf(), interrupted: { signal: error.signal, step: run.step } };
      writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
      for (const line of await whatWasLeft(env, run.step, interruption)) deps.err(line);
      deps.err(`Report: ${reportFile}`);
      return interruption.exitCode;
    } finally {
      recorder.stop();
      if (deps.interruption === undefined) interruption.uninstall();
    }
  } catch (error) {
    deps.err(`acceptance: ${messageOf(error)}`);
    return EXIT.failed;
  } finally {
    await ctx.close();
  }
}
