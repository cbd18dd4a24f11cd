// A stack's policy sets: its preview's Policy changes applied to the organization's live policies,
// read with the credentials the stack's own configuration (or the environment) gives the provider.
import { resolve } from 'node:path';
import { resolveSettings, type SettingsSources } from '../config';
import { explainServiceError } from '../config/explain';
import { collectSteps } from '../stack/collect';
import type { EngineEventLike } from '../stack/events';
import { describeRunError, type StackRunner } from '../stack/run';
import type { ReviewPolicy } from './decide';
import { UNKNOWN } from '../wire';
import { canonicalInterface, smartContractInterface } from '../resources/smartContractInterface/spec';
import { velocityControl } from '../resources/velocityControl/spec';
import type { ContractInterfaceInput } from '@walletinfra/sdk/policy';
import { clientReader, type LintFacts, type OrganizationReader } from './organization';
import type { KnownControl } from './request';
import { refusalsOf, type Refusal } from './refusals';
import { objectChanges, plannedObjects, plannedPolicies, policyChanges, type ObjectChange, type PolicyChange } from './planned';

export interface StackPolicySets {
  reader: OrganizationReader;
  current: Array<ReviewPolicy & { policyId: string }>;
  planned: Array<ReviewPolicy & { policyId: string }>;
  changes: PolicyChange[];
  /** Changed policies of other organizations (not analysed), by resource name. */
  elsewhere: string[];
}

/**
 * The reader for the stack's default organization; `makeReader` lets tests hand in their own. What the
 * service answers is said in the words of the configuration (../config/explain.ts), as the provider says it.
 */
export async function stackReader(
  runner: StackRunner,
  stack: string,
  workDir: string,
  env: Readonly<Record<string, string | undefined>>,
  makeReader: typeof clientReader = clientReader,
): Promise<OrganizationReader> {
  const config = runner.stackConfig !== undefined ? await runner.stackConfig(stack, workDir) : {};
  const sources: SettingsSources = { config: (key) => config[key], env, keys: () => Object.keys(config) };
  const settings = resolveSettings(sources);
  const reader = makeReader(settings);
  const explained =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await read(...args);
      } catch (error) {
        throw explainServiceError(error, { sources, selector: {}, baseUrl: settings.baseUrl });
      }
    };
  const lintFacts = reader.lintFacts?.bind(reader);
  return {
    organizationId: reader.organizationId,
    listPolicies: explained(() => reader.listPolicies()),
    listActivities: explained((limit: number) => reader.listActivities(limit)),
    decidedByPolicies: explained((activityId: string) => reader.decidedByPolicies(activityId)),
    ...(reader.approvalState !== undefined ? { approvalState: explained(reader.approvalState.bind(reader)) } : {}),
    ...(lintFacts !== undefined ? { lintFacts: explained(() => lintFacts()) } : {}),
  };
}

/** Splits the preview's Policy changes into this organization's and others'; applies them to live. */
export async function policySets(reader: OrganizationReader, changesAll: readonly PolicyChange[]): Promise<StackPolicySets> {
  const changes = changesAll.filter((c) => c.organizationId === undefined || c.organizationId === reader.organizationId);
  const elsewhere = changesAll.filter((c) => !changes.includes(c)).map((c) => c.name);
  const current = await reader.listPolicies();
  return { reader, current, planned: plannedPolicies(current, changes), changes, elsewhere };
}

/** Runs the stack's preview and returns its Policy changes. */
export async function previewPolicyChanges(runner: StackRunner, stack: string, workDir: string): Promise<PolicyChange[]> {
  return (await previewChanges(runner, stack, workDir)).policies;
}

/** The preview's changes to what policies are and depend on. */
export interface PreviewChanges {
  policies: PolicyChange[];
  smartContractInterfaces: ObjectChange[];
  velocityControls: ObjectChange[];
}

/** Runs the stack's preview and returns its changes to policies, smart-contract interfaces and velocity controls. */
export async function previewChanges(runner: StackRunner, stack: string, workDir: string): Promise<PreviewChanges> {
  const events: EngineEventLike[] = [];
  await runner.run('preview', stack, workDir, (e) => events.push(e));
  return changesOf(events);
}

function changesOf(events: readonly EngineEventLike[]): PreviewChanges {
  const steps = collectSteps(events);
  return {
    policies: policyChanges(steps),
    smartContractInterfaces: objectChanges(steps, smartContractInterface.type),
    velocityControls: objectChanges(steps, velocityControl.type),
  };
}

/**
 * The preview's changes, and when it failed because the provider refused resources at check, what it planned
 * before it stopped and the refusals; a preview that failed for another reason is thrown.
 */
export async function previewOrRefusals(
  runner: StackRunner,
  stack: string,
  workDir: string,
): Promise<PreviewChanges & { refusals: Refusal[] }> {
  const events: EngineEventLike[] = [];
  try {
    await runner.run('preview', stack, workDir, (e) => events.push(e));
    return { ...changesOf(events), refusals: [] };
  } catch (err) {
    const refusals = refusalsOf(events);
    if (!refusals.some((r) => r.kind === 'Policy')) throw err;
    return { ...changesOf(events), refusals };
  }
}

/**
 * The preview `walletinfra-policy lint --stack` and `test --stack` review: its changes, and the resources the
 * provider refused at check, announced on stderr with what the command goes on to `review` ('linting',
 * 'testing'); a preview that failed for another reason is thrown with the stack's name.
 */
export async function reviewedPreview(
  runner: StackRunner,
  stack: string,
  cwd: string,
  review: string,
  stderr: (text: string) => void,
): Promise<PreviewChanges & { refusals: Refusal[] }> {
  stderr(`[policy] preview of stack ${stack} in ${cwd}...\n`);
  const changes = await previewOrRefusals(runner, stack, resolve(cwd)).catch((err: unknown) => {
    throw new Error(`--stack ${stack}: the preview failed: ${describeRunError(err, stack)}`, { cause: err });
  });
  if (changes.refusals.length > 0) {
    stderr(
      `[policy] the preview stopped: the provider refused ${changes.refusals.map((r) => r.name).join(', ')}; ${review} what it planned before, and the live policies it did not reach\n`,
    );
  }
  return changes;
}

/** What the stack's policies depend on after `pulumi up`: the organization's interfaces and controls with the preview's changes. */
export interface StackDependencies {
  interfaces: ContractInterfaceInput[];
  controls: KnownControl[];
}

const known = (v: unknown): v is string => typeof v === 'string' && v !== UNKNOWN;

/** The planned interfaces and velocity controls of `organizationId`: live ones the preview keeps, and the preview's own. */
export function stackDependencies(changes: PreviewChanges, facts: LintFacts | undefined, organizationId: string): StackDependencies {
  const ours = (c: ObjectChange) => c.organizationId === undefined || c.organizationId === organizationId;
  const interfaces = plannedObjects(
    facts?.smartContractInterfaces ?? [],
    (i) => i.smartContractInterfaceId,
    changes.smartContractInterfaces.filter(ours),
  ).flatMap((i): ContractInterfaceInput[] => {
    const json = canonicalInterface(i.smartContractInterface);
    return known(i.smartContractAddress) && known(i.type) && known(json)
      ? [{ smartContractAddress: i.smartContractAddress, type: i.type, smartContractInterface: json }]
      : [];
  });
  const controls = plannedObjects(facts?.velocityControls ?? [], (c) => c.velocityControlId, changes.velocityControls.filter(ours)).flatMap(
    (c): KnownControl[] => {
      const aggregation = (c.aggregation ?? {}) as { operator?: unknown; threshold?: unknown };
      return known(c.identifier) && known(aggregation.operator) && known(aggregation.threshold)
        ? [{ identifier: c.identifier, operator: aggregation.operator, threshold: aggregation.threshold }]
        : [];
    },
  );
  return { interfaces, controls };
}
