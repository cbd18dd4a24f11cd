// The policy sets a review compares: the organization's current policies (live) and the planned ones
// after `pulumi up` — live, minus the stack's policies that the preview updates, replaces or deletes,
// plus the declared inputs of those it creates, updates or replaces. Unchanged (`same`) policies stay as
// they are live: an up does not touch them.
import type { CollectedStep } from '../stack/collect';
import { nameFromUrn } from '../stack/events';
import { policy } from '../resources/policy/spec';
import { typeOfToken } from '../tokens';
import { isSecretEnvelope, UNKNOWN } from '../wire';
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

/** A step of a Policy resource, dynamic (`pulumi-nodejs:dynamic/walletinfra:Policy`) or native (`walletinfra:index:Policy`). */
export function isPolicyStep(step: Pick<CollectedStep, 'type'>): boolean {
  return typeOfToken(step.type) === policy.type;
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
      const unknown = FIELDS.filter((k) => inputs[k] === UNKNOWN || isSecretEnvelope(inputs[k]));
      if (unknown.length > 0)
        throw new Error(`policy ${name}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not known until apply`);
      const planned: ReviewPolicy & { policyId: string } = {
        policyId: change.id ?? `(new) ${name}`,
        policyName: typeof inputs.policyName === 'string' ? inputs.policyName : name,
        effect: inputs.effect === 'EFFECT_DENY' ? 'EFFECT_DENY' : 'EFFECT_ALLOW',
      };
      for (const k of ['condition', 'consensus', 'time', 'notes'] as const) {
        const v = inputs[k];
        if (typeof v === 'string' && v !== '') planned[k] = v;
      }
      change.planned = planned;
    }
    out.push(change);
  }
  return out;
}

/** A resource of another kind the preview changes: what it declares after the change, and the object it replaces or deletes. */
export interface ObjectChange {
  name: string;
  op: string;
  /** The id of the existing object; absent for a create. */
  id?: string;
  /** The declared inputs after the change; absent for a delete. */
  inputs?: Record<string, unknown>;
  organizationId?: string;
}

/**
 * The resources of kind `type` (dynamic or native) the preview creates, replaces or deletes (nothing else changes an
 * object of a kind without update); values only known at apply stay the engine's unknown marker.
 */
export function objectChanges(steps: readonly CollectedStep[], type: string): ObjectChange[] {
  const out: ObjectChange[] = [];
  for (const step of steps) {
    if (typeOfToken(step.type) !== type || !['create', 'replace', 'delete', 'update'].includes(step.op)) continue;
    const change: ObjectChange = { name: nameFromUrn(step.urn), op: step.op };
    const id = step.metadata.old?.id ?? undefined;
    if (id !== undefined && id !== '') change.id = id;
    const inputs = step.metadata.new?.inputs ?? undefined;
    const org = inputs?.organizationId ?? step.metadata.old?.inputs?.organizationId;
    if (typeof org === 'string') change.organizationId = org;
    if (step.op !== 'delete' && inputs) change.inputs = inputs;
    out.push(change);
  }
  return out;
}

/** The objects after the changes: live ones the changes do not replace or delete, and the changes' inputs. */
export function plannedObjects<L>(
  live: readonly L[],
  idOf: (item: L) => string,
  changes: readonly ObjectChange[],
): Array<L | Record<string, unknown>> {
  const gone = new Set(changes.flatMap((c) => (c.id !== undefined ? [c.id] : [])));
  return [...live.filter((item) => !gone.has(idOf(item))), ...changes.flatMap((c) => (c.inputs !== undefined ? [c.inputs] : []))];
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
