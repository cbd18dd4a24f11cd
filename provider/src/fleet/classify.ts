// One sub-organization against the template: each template resource matched to the live object it stands for
// (./kinds.ts `findLive`), in the order the program registered them, so a resource's outputs (a user's id) are
// known when a later resource names them; what differs, per property, in the kinds' normal form (the provider's
// own diff); and the objects of the reported kinds that no template resource stands for, unmanaged unless the
// fleet's `unmanaged.ignore` names them. Pure: what was read comes in as data.
import type { PlannedChange } from '../resources/common/lockout';
import type { IgnoreRule } from './options';
import { namePattern } from './selector';
import {
  desiredForm,
  differences,
  findLive,
  inReportOrder,
  isServiceSingleton,
  kindNamed,
  liveForm,
  objectId,
  objectName,
  outputsFor,
  secretProperties,
  writesNeeded,
  type AccessNeed,
  type FleetKind,
} from './kinds';
import { SECRET_VALUE, type ReportDriftItem, type ReportProperty, type ReportUnmanagedObject } from './report/schema';
import type { DesiredResource } from './template/evaluate';
import { readableTokens, withOutputs } from './template/tokens';

export interface Classification {
  drift: ReportDriftItem[];
  unmanaged: ReportUnmanagedObject[];
  /** The activities a stack would submit to bring the sub-organization to the template (what `up` must be allowed). */
  writes: AccessNeed[];
  /** What a stack would change, resource by resource (the lock-out rules judge it: ./up/preflight.ts). */
  changes: PlannedChange[];
}

export interface ClassifyInput {
  organizationId: string;
  desired: readonly DesiredResource[];
  /** The live objects by kind type. */
  objects: Readonly<Record<string, readonly unknown[]>>;
  /** The kinds whose objects no template resource stands for are reported. */
  unmanagedKinds: readonly FleetKind[];
  ignore: readonly IgnoreRule[];
}

/** The first rule that acknowledges an object. */
function acknowledging(rules: readonly IgnoreRule[], kind: FleetKind, id: string, name: string): IgnoreRule | undefined {
  return rules.find(
    (r) =>
      (r.kind === undefined || r.kind === kind.type) &&
      (r.id === undefined || r.id === id) &&
      (r.name === undefined || namePattern(r.name).test(name)),
  );
}

function shown(value: unknown, secret: boolean): unknown {
  return secret && value !== undefined ? SECRET_VALUE : readableTokens(value);
}

class Resolutions {
  private readonly values = new Map<string, string>();
  set(type: string, name: string, property: string, value: unknown): void {
    if (typeof value === 'string') this.values.set(`${type} ${name} ${property}`, value);
  }
  get = (type: string, name: string, property: string): string | undefined => this.values.get(`${type} ${name} ${property}`);
}

/** Compares one template resource with the sub-organization; notes its outputs and the object it took. */
function compareOne(
  r: DesiredResource,
  input: ClassifyInput,
  resolved: Resolutions,
  taken: Map<string, Set<string>>,
  writes: AccessNeed[],
  changes: PlannedChange[],
): ReportDriftItem | undefined {
  const kind = kindNamed(r.type) as FleetKind;
  const desired = desiredForm(kind, withOutputs(r.inputs, resolved.get) as Record<string, unknown>, input.organizationId);
  resolved.set(kind.type, r.name, 'organizationId', desired.organizationId);
  const took = (id: string): void => void (taken.get(kind.type) ?? taken.set(kind.type, new Set()).get(kind.type))?.add(id);
  const match = findLive(kind, desired, input.objects[kind.type] ?? []);
  if ('missing' in match) {
    writes.push(...writesNeeded(kind, desired, undefined, r.name));
    changes.push({ type: kind.type, resource: r.name, desired, replaces: [] });
    return { kind: kind.type, resource: r.name, change: 'missing' };
  }
  if ('ambiguous' in match) {
    match.ambiguous.forEach(took);
    return { kind: kind.type, resource: r.name, change: 'ambiguous', candidates: match.ambiguous };
  }
  const id = objectId(kind, match.found);
  took(id);
  resolved.set(kind.type, r.name, 'id', id);
  for (const [property, value] of Object.entries(outputsFor(kind, match.found, desired))) resolved.set(kind.type, r.name, property, value);
  const live = liveForm(kind, match.found, desired);
  const { changed, replaces } = differences(kind, live, desired);
  if (changed.length === 0) return undefined;
  writes.push(...writesNeeded(kind, desired, live, r.name));
  changes.push({ type: kind.type, resource: r.name, objectId: id, desired, replaces });
  const secret = new Set([...secretProperties(kind), ...r.secret]);
  const properties: ReportProperty[] = changed.map((name) => {
    const p: ReportProperty = { name, replaces: replaces.includes(name) };
    if (desired[name] !== undefined) p.desired = shown(desired[name], secret.has(name));
    if (live[name] !== undefined) p.live = shown(live[name], secret.has(name));
    return p;
  });
  return { kind: kind.type, resource: r.name, change: 'changed', objectId: id, properties };
}

/** The sub-organization's drift and unmanaged objects. */
export function classify(input: ClassifyInput): Classification {
  const resolved = new Resolutions();
  const taken = new Map<string, Set<string>>();
  const drift: ReportDriftItem[] = [];
  const writes: AccessNeed[] = [];
  const changes: PlannedChange[] = [];
  for (const r of input.desired) {
    const item = compareOne(r, input, resolved, taken, writes, changes);
    if (item !== undefined) drift.push(item);
  }
  const declared = new Set(input.desired.map((r) => r.type));
  const unmanaged: ReportUnmanagedObject[] = [];
  for (const kind of inReportOrder(input.unmanagedKinds)) {
    // The service's own object (the root quorum) is the template's to declare; undeclared, it is not reported.
    if (isServiceSingleton(kind) && !declared.has(kind.type)) continue;
    const objects: ReportUnmanagedObject[] = [];
    for (const live of input.objects[kind.type] ?? []) {
      const id = objectId(kind, live);
      if (taken.get(kind.type)?.has(id) === true) continue;
      const name = objectName(kind, live);
      const rule = acknowledging(input.ignore, kind, id, name);
      objects.push({
        kind: kind.type,
        id,
        name,
        governs: kind.governs,
        status: rule === undefined ? 'unmanaged' : 'acknowledged',
        ...(rule !== undefined ? { reason: rule.reason } : {}),
      });
    }
    objects.sort(
      (a, b) =>
        (a.status === b.status ? 0 : a.status === 'unmanaged' ? -1 : 1) ||
        a.name.localeCompare(b.name) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    unmanaged.push(...objects);
  }
  return { drift, unmanaged, writes, changes };
}
