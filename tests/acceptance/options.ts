// What a run is given and what every step works in: its options, its dependencies (the environment, the
// output, the clock, randomness), the exit codes, and the context of a started run (settings, identity, the
// organization's session, the plan).
import { resolve } from 'node:path';
import type { ProviderSettings } from '@walletinfra/pulumi/config';
import type { OwnedContext } from '@walletinfra/pulumi/context';
import type { OrgSession } from '@walletinfra/pulumi/session';
import type { Identity, RunFacts } from './context';
import type { HandContext } from './kinds';
import type { Interruption } from './interrupt';
import type { Plan } from './plan';
import type { AcceptanceProject } from './pulumi';

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
  /** Hide the organization's id in the recording and the JSON report (a placeholder a replay maps like any id). */
  redactOrganization?: boolean;
}

export interface RunDeps {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
  now: () => number;
  random: () => number;
  /** The Pulumi CLI's directory; default scripts/ensure-pulumi.sh's answer. */
  pulumiBinDir?: () => string;
  /** Stops the run on SIGINT and SIGTERM (./interrupt.ts); default: one listening to this process's signals. */
  interruption?: Interruption;
  /** Set when the service goes away with the run (`--emulator`): what is left needs no sweep. */
  disposableService?: string;
}

/**
 * Exit codes: 0 every check passed, 1 a check failed, 2 a setting or argument is wrong, 3 refused to start;
 * an interrupted run exits 128 + the signal's number (130 for SIGINT, 143 for SIGTERM: ./interrupt.ts).
 */
export const EXIT = { passed: 0, failed: 1, usage: 2, refused: 3 } as const;

/** Says why the run does not start without `WALLETINFRA_ACC=1`. */
export const OPT_IN =
  'the acceptance run creates, changes and deletes objects in the organization the credentials name; set WALLETINFRA_ACC=1 to ' +
  'run it (a test organization or sub-organization is recommended), or pass --dry-run to see what it would do';

/** The pieces of a live organization the run reads before it starts. */
export interface Preflight {
  facts: RunFacts;
  refusals: string[];
}

export interface Env {
  options: RunOptions;
  deps: RunDeps;
  plan: Plan;
  settings: ProviderSettings;
  identity: Identity;
  session: OrgSession;
  ctx: OwnedContext;
  recordFile: string;
  recordKey: string;
  /** Identifiers the recording hides wherever they appear (the organization's id, with --redact-organization). */
  recordHidden?: readonly string[];
  /** The run's Pulumi project, once made (kept, with its state, when the run fails or is interrupted). */
  project?: AcceptanceProject;
}

/** The facts lookups and sdk calls use, given which inputs the program declares. */
export function factsOf(
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

export function handContext(env: Env): HandContext {
  return {
    client: env.session.client,
    organizationId: env.settings.organizationId,
    onRampEncryptionPublicKey: env.settings.onRampEncryptionPublicKey,
    sample: env.plan.sample,
  };
}
