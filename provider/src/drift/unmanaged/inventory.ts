// Sorts an organization's objects into managed (a stack declares it), acknowledged (an ignore rule names it),
// the service's own (the root quorum as the service made it) and unmanaged, per kind, and counts the share
// managed as code. Pure: what was read comes in as data.
import { declarationsOf, tsDeclaration, type Declaration } from '../../export/render';
import { GOVERNS, type AnyKind } from '../../resources/kind';
import type { DeclaredObject } from './declared';
import { matchingRule } from './ignore';
import type { Provenance } from './provenance';
import type { IgnoreRule, InventoryCounts, InventoryObject, KindInventoryReport, ObjectStatus, OrganizationInventoryReport } from './types';

export interface OrganizationInput {
  organizationId: string;
  /** The stacks whose configuration or resources point at the organization. */
  stacks: readonly string[];
  /** The live objects of each kind, by type, as walletinfra-export reads them. */
  objects: Readonly<Record<string, readonly unknown[]>>;
  /** What the stacks declare in this organization. */
  declared: readonly DeclaredObject[];
  provenance: Provenance;
}

export interface InventoryOptions {
  rules: readonly IgnoreRule[];
  /** Count the service's own objects (the root quorum as the service made it) as unmanaged. */
  strict: boolean;
  kinds: readonly AnyKind[];
  /** Writes the declaration that adopts an object (default: TypeScript on the dynamic classes). */
  declare?: (d: Declaration) => string;
}

/** The kinds in report order: GOVERNS order (identity first), then their order in the array. */
export function reportOrder(kinds: readonly AnyKind[]): AnyKind[] {
  return kinds
    .map((kind, index) => ({ kind, index }))
    .sort((a, b) => GOVERNS.indexOf(a.kind.inventory.governs) - GOVERNS.indexOf(b.kind.inventory.governs) || a.index - b.index)
    .map((e) => e.kind);
}

export function counts(managed: number, unmanaged: number, acknowledged: number, serviceDefault: number): InventoryCounts {
  const total = managed + unmanaged + acknowledged + serviceDefault;
  return { managed, unmanaged, acknowledged, serviceDefault, total, managedShare: total === 0 ? null : managed / total };
}

export function addCounts(all: readonly InventoryCounts[]): InventoryCounts {
  const sum = (key: 'managed' | 'unmanaged' | 'acknowledged' | 'serviceDefault'): number => all.reduce((n, c) => n + c[key], 0);
  return counts(sum('managed'), sum('unmanaged'), sum('acknowledged'), sum('serviceDefault'));
}

const STATUS_ORDER: readonly ObjectStatus[] = ['unmanaged', 'acknowledged', 'service-default'];

function kindReport(kind: AnyKind, input: OrganizationInput, options: InventoryOptions, used: Set<IgnoreRule>): KindInventoryReport {
  const idOf = (live: unknown): string => kind.export.id?.(live) ?? (kind.shape === 'listed' ? kind.listing.idOf(live) : '');
  const declared = input.declared.filter((d) => d.kind === kind);
  const declaredIds = new Set(declared.map((d) => d.id));
  const singleton = kind.inventory.serviceSingleton === true;
  const live = input.objects[kind.type] ?? [];
  // The service's one object is the same object whatever id a stack's resource gave it.
  const isManaged = (item: unknown): boolean => (singleton ? declared.length > 0 : declaredIds.has(idOf(item)));
  const outside = live.filter((item) => !isManaged(item));
  // Names unique among the kind's objects, as walletinfra-export gives them (reading the rest of the organization
  // where a kind's declaration depends on it); each declaration adopts its object by id.
  const snapshot = { organizationId: input.organizationId, objects: { ...input.objects, [kind.type]: outside } };
  const { declarations } = declarationsOf(snapshot, [kind]);
  const byId = new Map(declarations.map((d) => [(Object.fromEntries(d.properties).adopt as { id: string }).id, d]));
  const objects: InventoryObject[] = outside.map((item) => {
    const id = idOf(item);
    const d = byId.get(id) as (typeof declarations)[number];
    const rule = matchingRule(options.rules, kind, id);
    for (const r of options.rules) if (matchingRule([r], kind, id) !== undefined) used.add(r);
    const status: ObjectStatus =
      rule !== undefined
        ? 'acknowledged'
        : singleton && !input.provenance.changed(kind) && !options.strict
          ? 'service-default'
          : 'unmanaged';
    const name = kind.export.name(item).trim();
    const object: InventoryObject = {
      id,
      name: name === '' ? d.name : name,
      status,
      origin: input.provenance.originOf(kind, id),
      declaration: (options.declare ?? tsDeclaration)(d),
    };
    if (rule !== undefined) object.acknowledgedBy = rule;
    return object;
  });
  objects.sort(
    (a, b) =>
      STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
      a.name.localeCompare(b.name) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const n = (status: ObjectStatus): number => objects.filter((o) => o.status === status).length;
  return {
    type: kind.type,
    noun: kind.noun,
    plural: kind.plural,
    governs: kind.inventory.governs,
    // A kind addressed by scope writes its own delete; a listed kind deletes when its writes say how.
    deletable: !singleton && (kind.shape !== 'listed' || kind.writes.delete !== undefined),
    ...counts(live.length - outside.length, n('unmanaged'), n('acknowledged'), n('service-default')),
    objects,
  };
}

/** One organization's inventory; `used` collects the ignore rules that matched an object. */
export function organizationInventory(
  input: OrganizationInput,
  options: InventoryOptions,
  used: Set<IgnoreRule>,
): OrganizationInventoryReport {
  const kinds = reportOrder(options.kinds).map((kind) => kindReport(kind, input, options, used));
  return { organizationId: input.organizationId, stacks: [...input.stacks], totals: addCounts(kinds), kinds };
}
