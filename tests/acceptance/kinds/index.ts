// The acceptance data of every resource kind, keyed by the kind's type. A kind in KINDS without an entry here
// fails the run before it starts, and tests/unit/acceptance/kinds.test.ts fails on it: add the kind's safe
// samples here when you add a kind (docs/architecture.md, "Adding a resource kind").
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { apiKeyScenario } from './api-key';
import { fiatOnRampCredentialScenario } from './fiat-on-ramp-credential';
import { ipAllowlistOrganizationScenario, ipAllowlistPerKeyScenario } from './ip-allowlist';
import { policyScenario } from './policy';
import { privateKeyTagScenario } from './private-key-tag';
import { rootQuorumScenario } from './root-quorum';
import { sessionProfileScenario } from './session-profile';
import { smartContractInterfaceScenario } from './smart-contract-interface';
import type { OptionalStep, Role, Scenario } from './types';
import { userScenario } from './user';
import { userTagScenario } from './user-tag';
import { velocityControlScenario } from './velocity-control';
import { webhookEndpointScenario } from './webhook-endpoint';

export type { FixtureApiKey, HandContext, OptionalStep, Role, SampleContext, Scenario, Singleton } from './types';

/** Each kind's scenarios (usually one), by the kind's type. */
export const ACCEPTANCE: Readonly<Record<string, readonly Scenario[]>> = {
  Policy: [policyScenario],
  WebhookEndpoint: [webhookEndpointScenario],
  FiatOnRampCredential: [fiatOnRampCredentialScenario],
  IpAllowlist: [ipAllowlistPerKeyScenario, ipAllowlistOrganizationScenario],
  PrivateKeyTag: [privateKeyTagScenario],
  SessionProfile: [sessionProfileScenario],
  UserTag: [userTagScenario],
  User: [userScenario],
  ApiKey: [apiKeyScenario],
  RootQuorum: [rootQuorumScenario],
  SmartContractInterface: [smartContractInterfaceScenario],
  VelocityControl: [velocityControlScenario],
};

/** A scenario with the kind it exercises. */
export interface KindScenario {
  kind: AnyKind;
  scenario: Scenario;
}

/** Every scenario of `kinds`; throws naming each kind without acceptance data. */
export function scenariosOf(kinds: readonly AnyKind[], table: Readonly<Record<string, readonly Scenario[]>> = ACCEPTANCE): KindScenario[] {
  const missing = kinds.filter((k) => (table[k.type] ?? []).length === 0).map((k) => k.type);
  if (missing.length > 0) {
    throw new Error(
      `resource kind${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ha${missing.length === 1 ? 's' : 've'} no acceptance data: ` +
        'add safe samples (create, update, replace, hand-made, drift, or the reason a step does not apply) to tests/acceptance/kinds/index.ts',
    );
  }
  return kinds.flatMap((kind) => (table[kind.type] ?? []).map((scenario) => ({ kind, scenario })));
}

/**
 * Whether pulumi destroy deletes the scenario's objects: a listed kind when it has a delete write, a kind
 * addressed by scope (with its own steps) unless the scenario says destroy leaves it (a root quorum).
 */
export function deletable(kind: AnyKind, scenario: Scenario): boolean {
  return kind.shape !== 'listed' ? scenario.notApplicable?.delete === undefined : kind.writes.delete !== undefined;
}

function sampleOf(kind: AnyKind, scenario: Scenario, step: OptionalStep): unknown {
  return {
    update: scenario.update,
    replace: scenario.replace,
    adopt: scenario.handMade,
    drift: scenario.drift,
    delete: deletable(kind, scenario) ? true : undefined,
  }[step];
}

/** What the run does with each optional step of a scenario: the sample exists, or why it does not apply. */
export function stepOf(kind: AnyKind, scenario: Scenario, step: OptionalStep): { applies: true } | { applies: false; why: string } {
  const why = scenario.notApplicable?.[step];
  if (sampleOf(kind, scenario, step) !== undefined && why === undefined) return { applies: true };
  return { applies: false, why: why ?? `no sample for ${step}` };
}

/**
 * The objects a scenario declares: `main` (updated in place) when the kind has an update or nothing else
 * creates an object, `replaced` when it has a replace-only change, `adopted` when an object can be made by
 * hand. A singleton's scenario has one of them only, as the organization has one such object.
 */
export function rolesOf(scenario: Scenario): Role[] {
  const roles: Role[] = [];
  if (scenario.update !== undefined || (scenario.replace === undefined && scenario.handMade === undefined)) roles.push('main');
  if (scenario.replace !== undefined) roles.push('replaced');
  if (scenario.handMade !== undefined) roles.push('adopted');
  return roles;
}

/** Problems with a scenario's data: a step with both a sample and a reason, or with neither. */
export function scenarioProblems(kind: AnyKind, scenario: Scenario): string[] {
  const problems: string[] = [];
  for (const step of ['update', 'replace', 'adopt', 'drift', 'delete'] as const) {
    const why = scenario.notApplicable?.[step];
    const sample = sampleOf(kind, scenario, step);
    if (sample !== undefined && why !== undefined) problems.push(`${scenario.name}: ${step} has a sample and a reason not to apply`);
    if (sample === undefined && why === undefined)
      problems.push(`${scenario.name}: ${step} has neither a sample nor a reason (notApplicable.${step})`);
  }
  if (kind.shape !== 'listed' && scenario.read === undefined) {
    problems.push(`${scenario.name}: the kind has no listing, so the scenario must say how to read its object (read)`);
  }
  if (kind.shape === 'listed' && scenario.label === undefined && kind.export.name === undefined) {
    problems.push(`${scenario.name}: no label (the name that carries the run prefix)`);
  }
  return problems;
}
