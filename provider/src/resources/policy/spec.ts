// Policy (docs/service-behaviour.md#policies): a name, an effect, and policy-language expressions. The
// service reads back `condition`, `consensus` and `notes` as '' when unset and may omit `time`; the normal
// form is '' for all four on both sides of every comparison. update_policy (V2) changes every field (only
// the fields that differ from the live policy are sent; `time` only when it changes, because organizations
// without the early-access flag refuse it), so only a move to another organization replaces a policy.
import { z } from 'zod';
import { checkPolicy } from '@walletinfra/sdk/policy';
import { POLICY_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { CreatePolicyIntent, type Policy as ServicePolicy } from '@walletinfra/sdk/schemas';
import { isUnknown } from '../../wire';
import type { CheckFailure } from '../common/check';
import { placementOf } from '../common/inputs';
import { defineKind, deleteById, type InputsOf } from '../kind';
import type { ProviderContext } from '../../context';
import { policyDependencies } from './dependencies';
import { expressionReason } from './expressions';
import { identityReferenceFailures } from './references';
import { stackAccessWarnings } from './stack-access';
import { POLICIES } from '../../session/lists';

export { expressionReason } from './expressions';

/**
 * What the service says about the policy's references: identities it names (./references.ts), and the velocity
 * controls, contract interfaces and other policies it depends on (./dependencies.ts), whose warnings go to the
 * engine.
 */
async function remoteFailures(news: Record<string, unknown>, ctx: ProviderContext, olds: Record<string, unknown>): Promise<CheckFailure[]> {
  const identities = await identityReferenceFailures(news, ctx);
  const dependencies = await policyDependencies(news, ctx, olds);
  for (const warning of dependencies.warnings) ctx.warn(warning);
  return [...identities, ...dependencies.failures];
}

/** `condition`, `consensus` and `time` through the sdk's policy-language checker, one failure per expression. */
function expressionFailures(news: Record<string, unknown>): CheckFailure[] {
  const expressions: { condition?: string; consensus?: string; time?: string } = {};
  for (const k of ['condition', 'consensus', 'time'] as const) {
    const v = news[k];
    if (typeof v === 'string' && !isUnknown(v) && v.trim() !== '') expressions[k] = v;
  }
  const failures: CheckFailure[] = [];
  for (const problem of checkPolicy(expressions)) {
    if (problem.diagnostics.length > 0) {
      failures.push({ property: problem.field, reason: expressionReason(expressions[problem.field] ?? '', problem.diagnostics) });
    }
  }
  return failures;
}

const args = CreatePolicyIntent.partial({ notes: true });

export const policy = defineKind({
  type: 'Policy',
  member: 'policy',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'policy',
  plural: 'policies',
  description:
    'A policy of the organization: whether activities matching `condition` are allowed or denied, and which approvers ' +
    'must agree (`consensus`), in the service policy language.',
  table: POLICY_FIELD_TABLE,
  args,
  outputs: CreatePolicyIntent.required().extend({ policyId: z.string() }),
  idProperty: 'policyId',
  docs: {
    policyId: "The service's id of the policy (also the resource's `id`).",
    policyName: 'The name; the service allows one policy per name in an organization.',
    effect: '`EFFECT_ALLOW` or `EFFECT_DENY`.',
    condition: 'Policy-language condition (docs/service-behaviour.md#policy-language); empty or absent means "always".',
    consensus: 'Policy-language consensus expression, e.g. `approvers.count() >= 2`; empty when unset.',
    notes: 'Free text; empty when unset.',
    time: 'Time expression (early access, docs/service-behaviour.md#policy-language); empty when unset.',
  },
  defaults: { condition: '', consensus: '', notes: '', time: '' },
  adopt: { flag: 'byName', doc: 'Take over the policy with the same `policyName` (names are unique), or create it.' },
  unique: {
    property: 'policyName',
    why: 'the service allows one policy per name, so one of them would fail or fight the other; give each its own policyName',
  },
  // Every resource's check asks whether the planned policies still let this stack do what the deployment needs.
  check: { late: expressionFailures, remote: remoteFailures, deployment: stackAccessWarnings },
  inventory: {
    governs: 'policy',
    createdBy: [
      'ACTIVITY_TYPE_CREATE_POLICY',
      'ACTIVITY_TYPE_CREATE_POLICY_V2',
      'ACTIVITY_TYPE_CREATE_POLICY_V3',
      'ACTIVITY_TYPE_CREATE_POLICIES',
    ],
  },
  export: { name: (p: ServicePolicy) => p.policyName, fallback: 'policy' },
  example: {
    name: 'deny-exports',
    properties: {
      policyName: 'Deny private key exports',
      effect: 'EFFECT_DENY',
      condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
      notes: 'Key material never leaves the service.',
    },
  },
  listing: { list: POLICIES, idOf: (p: ServicePolicy) => p.policyId },
  fromLive: (live: ServicePolicy, state) => ({
    policyId: live.policyId,
    policyName: live.policyName,
    effect: live.effect as 'EFFECT_ALLOW' | 'EFFECT_DENY',
    condition: live.condition,
    consensus: live.consensus,
    notes: live.notes,
    time: live.time ?? '',
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_policy',
      // Empty expressions are left out (the service stores them as ''); `notes` is required.
      toRequest: (d) => ({
        policyName: d.policyName,
        effect: d.effect,
        ...(d.condition !== '' ? { condition: d.condition } : {}),
        ...(d.consensus !== '' ? { consensus: d.consensus } : {}),
        notes: d.notes,
        ...(d.time !== '' ? { time: d.time } : {}),
      }),
      resultId: (r) => String(r.policyId),
      resultOf: (p: ServicePolicy) => ({ policyId: p.policyId }),
      label: (d) => JSON.stringify(d.policyName),
    },
    update: { operation: 'update_policy', resultOf: (p: ServicePolicy) => ({ policyId: p.policyId }) },
    delete: deleteById('delete_policy', 'policyId'),
  },
});

/** `EFFECT_ALLOW` or `EFFECT_DENY`. */
export type PolicyEffect = InputsOf<typeof policy>['effect'];
