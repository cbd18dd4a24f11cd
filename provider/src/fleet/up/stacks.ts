// One sub-organization's stack, through Pulumi's Automation API (https://www.pulumi.com/docs/iac/packages-and-automation/automation-api/):
// the template's project, the stack named by the sub-organization's id (../enrollment.ts), on the fleet's backend.
//
// The workspace is a directory of the rollout's own (`<up.dir>/workspace`): its Pulumi.yaml is the template's with
// `main` pointing at the template's program (an absolute `main` runs the program in its own directory), so the
// template's directory gets no `Pulumi.<stack>.yaml` per sub-organization. A stack's settings file there is written
// afresh before each run, its secrets encrypted by the stack's own secrets manager, found in the stack's state when
// the file is missing (PULUMI_FALLBACK_TO_STATE_SECRETS_MANAGER): the workspace can be thrown away, as a CI runner
// does. The config: the fleet's, the sub-organization's facts (../template-config.ts), and the provider's settings
// with the delegated key, its private half a secret (`pulumi config set --secret`): Pulumi keeps it encrypted in the
// settings file and the state, and masks it in every output. The parent's credentials, and every WALLETINFRA_* and
// TURNKEY_* variable, are blanked in the engine's environment: the template and the provider see only the delegated key.
//
// The stack runs `up --refresh` (the state first learns what changed at the service, so drift is put back), its
// output streamed to the sub-organization's log; one a killed rollout was running is first refreshed with its
// pending creates cleared (`up` would keep them in the state for good). A lock a killed run left is recovered when
// its process is gone (./locks.ts). The CLI runs under a guard (./guard.ts): killed alone, walletinfra-fleet leaves
// each running engine to finish what is in flight, record it, release its lock and close its plugins.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import type * as AutomationTypes from '@pulumi/pulumi/automation';
import { parse, stringify } from 'yaml';
import { messageOf } from '../../errors';
import type { DeploymentLike } from '../../stack/events';
import { stackNameFor } from '../enrollment';
import type { TemplateProject } from '../template/project';
import type { TemplateStackConfig } from '../template-config';
import type { Changes } from './changes';
import type { DelegatedCredential } from './credentials';
import { writeGuardedPulumi } from './guard';
import { describeLock, fileBackendLocks, lockIsDead, type ProcessProbe } from './locks';
import type { RefusalCause } from './preflight';

export type StackRun =
  | { status: 'succeeded'; changes: Changes }
  | { status: 'failed'; reason: string }
  | { status: 'refused'; cause: RefusalCause; reason: string };

/** Runs one sub-organization's stack; the rollout's tests give their own. */
export interface StackRunner {
  /** `interrupted`: a killed rollout was running this stack (./journal.ts): its state may hold pending operations. */
  run(
    subOrganizationId: string,
    config: TemplateStackConfig,
    log: (text: string) => void,
    options?: { interrupted?: boolean },
  ): Promise<StackRun>;
  /** A stack's state (`pulumi stack export`), undefined when it has none: read for backends other than a file backend. */
  state?(stack: string): Promise<DeploymentLike | undefined>;
}

export interface AutomationStacksOptions {
  project: TemplateProject;
  /** `<up.dir>/workspace`. */
  workDir: string;
  backend: string;
  credential: DelegatedCredential;
  /** The provider's settings every stack gets besides the credential (`walletinfra:baseUrl`, `walletinfra:retryBudgetMs`). */
  settings: Record<string, string>;
  /** The environment the CLI was started with (the Pulumi CLI's PATH, PULUMI_CONFIG_PASSPHRASE, ...). */
  env: Readonly<Record<string, string | undefined>>;
  probe: ProcessProbe;
}

/** Pulumi.yaml of the workspace: the template's, its program found from the workspace. */
export function workspaceProject(project: TemplateProject): string {
  const doc = (parse(
    readFileSync(join(project.dir, existsSync(join(project.dir, 'Pulumi.yaml')) ? 'Pulumi.yaml' : 'Pulumi.yml'), 'utf8'),
  ) ?? {}) as Record<string, unknown>;
  const { stackConfigDir: _dir, backend: _backend, ...rest } = doc;
  return stringify({ ...rest, main: project.main !== undefined ? resolve(project.dir, project.main) : project.dir });
}

/** The engine's environment: the CLI's own, with every credential of ours blanked and the fleet's backend. */
export function engineEnv(env: Readonly<Record<string, string | undefined>>, backend: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) {
    if (/^(WALLETINFRA|TURNKEY)_/.test(k)) out[k] = '';
    // Passed on from the CLI's environment (tests give theirs): the passphrase, PULUMI_HOME, the CLI's PATH.
    else if (v !== undefined && /^(PULUMI_|PATH$|HOME$)/.test(k)) out[k] = v;
  }
  return { ...out, PULUMI_BACKEND_URL: backend, PULUMI_FALLBACK_TO_STATE_SECRETS_MANAGER: 'true' };
}

/** The Pulumi CLI on `PATH` as the Automation API takes it (its installation root). */
function pulumiRoot(path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    const bin = join(dir, 'pulumi');
    if (dir !== '' && existsSync(bin) && statSync(bin).isFile()) return dirname(resolve(dir));
  }
  return undefined;
}

/** The first line that says what failed: the first error a resource reported, else the first error. */
export function firstErrorLine(diagnostics: readonly { urn?: string; message: string }[], fallback: string): string {
  const resource = diagnostics.find((d) => d.urn !== undefined && !d.urn.includes('pulumi:pulumi:Stack'));
  const text = (resource ?? diagnostics[0])?.message ?? fallback;
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !/^(error: )?update failed$/.test(l));
  return (line ?? text.trim()).replace(/^error: /, '');
}

export class AutomationStacks implements StackRunner {
  private workspace: Promise<AutomationTypes.LocalWorkspace> | undefined;

  constructor(private readonly options: AutomationStacksOptions) {}

  private async open(): Promise<AutomationTypes.LocalWorkspace> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by up only: scan never starts the engine
    const { LocalWorkspace, PulumiCommand } = require('@pulumi/pulumi/automation') as typeof AutomationTypes;
    const { workDir, project, env, backend } = this.options;
    mkdirSync(workDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(workDir, 'Pulumi.yaml'), workspaceProject(project));
    const root = pulumiRoot(env.PATH);
    const skipVersionCheck = (env.PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK ?? '') !== '';
    // The CLI runs under ./guard.ts: killed alone, walletinfra-fleet leaves no engine dying half way or unobserved.
    const guarded = writeGuardedPulumi(join(workDir, '.pulumi-guard'), root !== undefined ? join(root, 'bin', 'pulumi') : 'pulumi');
    const pulumiCommand = await PulumiCommand.get({ root: guarded, skipVersionCheck });
    return LocalWorkspace.create({ workDir, pulumiCommand, envVars: engineEnv(env, backend) });
  }

  async state(stack: string): Promise<DeploymentLike | undefined> {
    this.workspace ??= this.open();
    const workspace = await this.workspace;
    if (!(await workspace.listStacks()).some((s) => s.name === stack || s.name.endsWith(`/${stack}`))) return undefined;
    return workspace.exportStack(stack);
  }

  /** Recovers the locks of a stack whose every lock belongs to a process of this host that is gone; else says who holds it. */
  private async recoverLocks(stack: AutomationTypes.Stack, log: (text: string) => void): Promise<string | undefined> {
    const locks = fileBackendLocks(this.options.backend, this.options.project.name, stack.name);
    if (locks.length === 0) return undefined;
    if (locks.every((l) => lockIsDead(l, this.options.probe))) {
      log(
        `[fleet] the stack's lock was left by a run that is gone (${locks.map(describeLock).join(', ')}): recovering it (pulumi cancel)\n`,
      );
      await stack.cancel();
      return undefined;
    }
    const held = locks.filter((l) => !lockIsDead(l, this.options.probe));
    return (
      `its stack is locked by ${held.map(describeLock).join(', ')}: another pulumi runs it, or one on another machine was killed; ` +
      `if none runs, \`pulumi cancel --stack ${stack.name}\` (with PULUMI_BACKEND_URL set to the fleet's backend) removes the lock`
    );
  }

  async run(
    subOrganizationId: string,
    config: TemplateStackConfig,
    log: (text: string) => void,
    options: { interrupted?: boolean } = {},
  ): Promise<StackRun> {
    this.workspace ??= this.open();
    const workspace = await this.workspace;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see open()
    const { Stack } = require('@pulumi/pulumi/automation') as typeof AutomationTypes;
    const name = stackNameFor(subOrganizationId);
    const diagnostics: Array<{ urn?: string; message: string }> = [];
    try {
      const stack = await Stack.createOrSelect(name, workspace);
      const locked = await this.recoverLocks(stack, log);
      if (locked !== undefined) return { status: 'refused', cause: 'locked', reason: locked };
      // Written afresh: the fleet's config is the whole truth, and a file a kill cut short is never read.
      rmSync(join(this.options.workDir, `Pulumi.${name}.yaml`), { force: true });
      const { credential, settings } = this.options;
      await stack.setAllConfig({
        ...Object.fromEntries(Object.entries({ ...config, ...settings }).map(([k, value]) => [k, { value }])),
        'walletinfra:apiPublicKey': { value: credential.publicKey },
        'walletinfra:apiPrivateKey': { value: credential.privateKey, secret: true },
      });
      if (options.interrupted === true) {
        // A kill leaves the operations it cut short pending in the state, and `up` keeps them (only a refresh clears
        // them): cleared first, the `up` that follows adopts what an interrupted create made at the service.
        log('[fleet] the interrupted run may have left operations pending in the state: pulumi refresh --clear-pending-creates first\n');
        await stack.refresh({ clearPendingCreates: true, color: 'never', onOutput: log });
      }
      const result = await stack.up({
        refresh: true,
        color: 'never',
        onOutput: log,
        onEvent: (event) => {
          const d = event.diagnosticEvent;
          if (d !== undefined && d.severity === 'error')
            diagnostics.push({ ...(d.urn !== undefined ? { urn: d.urn } : {}), message: d.message });
        },
      });
      return { status: 'succeeded', changes: result.summary.resourceChanges ?? {} };
    } catch (error) {
      const message = messageOf(error);
      log(`\n[fleet] ${message}\n`);
      return { status: 'failed', reason: firstErrorLine(diagnostics, /stderr: ([^\n]+)/.exec(message)?.[1] ?? message) };
    }
  }
}
