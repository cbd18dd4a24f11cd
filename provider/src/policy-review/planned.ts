// The policy sets a review compares: the organization's current policies (live) and the planned ones
// after `pulumi up` — live, minus the stack's policies that the preview updates, replaces or deletes,
// plus the declared inputs of those it creates, updates or replaces. Unchanged (`same`) policies stay as
// they are live: an up does not touch them.
import type { CollectedStep } from '../drift/collect';
import { nameFromUrn } from '../drift/events';
import { UNKNOWN_SENTINEL, isSecretEnvelope } from '../drift/redact';
import { dynamicToken, resourceToken } from '../native/names';
import type { ReviewPolicy } from './decide';

export interface PolicyChange {
  /** The resource name in the program. */
  name: string;
  op: string;
  /** The service id of the existing policy; absent for a create. */
  id?: string;
  /** The declared policy after the change; absent for a delete. */
  planned?: ReviewPolicy & { policyId: string };
  /** The organization the policy lives in, when the inputs record it. */
  organizationId?: string;
}

const POLICY_TOKENS = new Set([dynamicToken('Policy'), resourceToken('Policy')]);

/** A step of a Policy resource, dynamic (`pulumi-nodejs:dynamic/walletinfra:Policy`) or native (`walletinfra:index:Policy`). */
export function isPolicyStep(step: Pick<CollectedStep, 'type'>): boolean {
  return POLICY_TOKENS.has(step.type);
}

const FIELDS = ['policyName', 'effect', 'condition', 'consensus', 'time'] as const;

/** Policy resources the preview changes (same steps are left out); throws when a value is only known at apply. */
export function policyChanges(steps: readonly CollectedStep[]): PolicyChange[] {
  const out: PolicyChange[] = [];
  for (const step of steps) {
    if (!isPolicyStep(step) || step.op === 'same' || step.op === 'read' || step.op === 'refresh') continue;
    const name = nameFromUrn(step.urn);
    const id = step.metadata.old?.id ?? undefined;
    const change: PolicyChange = { name, op: step.op };
    if (id !== undefined && id !== '') change.id = id;
    const inputs = step.metadata.new?.inputs ?? undefined;
    const org = inputs?.organizationId ?? step.metadata.old?.inputs?.organizationId;
    if (typeof org === 'string') change.organizationId = org;
    if (step.op !== 'delete' && inputs) {
      const unknown = FIELDS.filter((k) => inputs[k] === UNKNOWN_SENTINEL || isSecretEnvelope(inputs[k]));
      if (unknown.length > 0)
        throw new Error(`policy ${name}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not known until apply`);
      const planned: ReviewPolicy & { policyId: string } = {
        policyId: change.id ?? `(new) ${name}`,
        policyName: typeof inputs.policyName === 'string' ? inputs.policyName : name,
        effect: inputs.effect === 'EFFECT_DENY' ? 'EFFECT_DENY' : 'EFFECT_ALLOW',
      };
      for (const k of ['condition', 'consensus', 'time'] as const) {
        const v = inputs[k];
        if (typeof v === 'string' && v !== '') planned[k] = v;
      }
      change.planned = planned;
    }
    out.push(change);
  }
  return out;
}

/** The planned set: live policies with the changes applied. */
export function plannedPolicies<P extends ReviewPolicy & { policyId: string }>(
  live: readonly P[],
  changes: readonly PolicyChange[],
): Array<ReviewPolicy & { policyId: string }> {
  const replaced = new Set(changes.flatMap((c) => (c.id !== undefined ? [c.id] : [])));
  const kept = live.filter((p) => !replaced.has(p.policyId));
  return [...kept, ...changes.flatMap((c) => (c.planned !== undefined ? [c.planned] : []))];
}
