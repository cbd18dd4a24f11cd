// What the sdk's field table of a resource (@walletinfra/sdk, `*_FIELD_TABLE`) means for the provider:
// which properties `diff` compares and which of them replace, which fields an update sends, and how an
// existing object is matched for adoption. The service's fields come only from the table; the provider
// adds its own placement properties: another organization replaces, `profile` only chooses credentials.
import { InvalidRequestError, NotFoundError } from '@walletinfra/sdk/errors';
import type { FieldTable } from '@walletinfra/sdk/rules';
import type { OrgSession } from '../../session';
import { sameValue } from './diff';
import { adoptRequest } from './inputs';

/** A resource's inputs, outputs or live object in its normal form, read field by field. */
function valueOf(values: object, field: string): unknown {
  return (values as Record<string, unknown>)[field];
}

export interface DiffFields {
  /** Every property `diff` compares, in the order it reports them. */
  keys: readonly string[];
  /** The subset whose change replaces the object. */
  replaces: readonly string[];
}

/** The table's fields, minus those a resource compares its own way (secrets, by fingerprint). */
export function serviceFields(table: FieldTable, except: readonly string[] = []): string[] {
  return table.fields.map((f) => f.field).filter((f) => !except.includes(f));
}

export function diffFields(table: FieldTable, except: readonly string[] = []): DiffFields {
  return { keys: [...serviceFields(table, except), 'organizationId', 'profile'], replaces: [...table.replace, 'organizationId'] };
}

/** The in-place fields whose desired value differs from the live object's (both in the resource's normal form). */
export function changedInPlace(table: FieldTable, live: object, desired: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of table.inPlace) if (!sameValue(valueOf(live, f), valueOf(desired, f))) out[f] = valueOf(desired, f);
  return out;
}

/** Does a live object carry the desired natural key (identity fields and every replace-only field)? */
export function matchesNaturalKey(table: FieldTable, live: object, desired: object): boolean {
  return table.naturalKey.every((f) => sameValue(valueOf(live, f), valueOf(desired, f)));
}

/**
 * Does a live object have every declared value: the natural key and every in-place field (`except` those a
 * create cannot set, which a later write brings to the declared value)? What an earlier run's create must
 * show before the provider takes its object for this resource's.
 */
export function matchesDeclared(table: FieldTable, live: object, desired: object, except: readonly string[] = []): boolean {
  const changed = Object.keys(changedInPlace(table, live, desired)).filter((f) => !except.includes(f));
  return matchesNaturalKey(table, live, desired) && changed.length === 0;
}

/**
 * Adopting by id an object whose replace-only fields differ would leave a diff no update can close: refused,
 * naming the field, what the object has, and the two ways out.
 */
function adoptMismatch(table: FieldTable, noun: string, id: string, live: object, desired: object): InvalidRequestError | undefined {
  const issues = table.replace
    .filter((f) => !sameValue(valueOf(live, f), valueOf(desired, f)))
    .map((f) => ({
      path: f,
      message: `is ${JSON.stringify(valueOf(live, f))} on the ${noun} and cannot be changed in place; declare the same ${f}, or remove \`adopt\` to create a new ${noun}`,
    }));
  return issues.length === 0 ? undefined : InvalidRequestError.fromIssues(`adopt ${noun} ${id}`, issues);
}

/** Adopting by id an object the organization does not have: refused, naming both. */
export function cannotAdopt(noun: string, id: string, organizationId: string): NotFoundError {
  return new NotFoundError(`cannot adopt ${noun} ${id}: organization ${organizationId} has no ${noun} with that id`);
}

/** How `adopt` finds a kind's objects: their fresh list, their ids, and their normal form. */
export interface AdoptSource<L> {
  noun: string;
  table: FieldTable;
  /** A fresh read of the kind's live objects. */
  items(): Promise<L[]>;
  idOf(item: L): string;
  /** The live object in the kind's normal form, for field-by-field comparison with the desired state. */
  current(item: L): object;
}

/**
 * The existing object the resource's `adopt` input names, from a fresh list: by id (refused when the
 * organization has none, or when a replace-only field differs), or by natural key. Undefined when there is
 * no `adopt`, or when no object has the natural key: then the resource creates one.
 */
export async function findAdoptable<L>(session: OrgSession, desired: { adopt?: unknown }, source: AdoptSource<L>): Promise<L | undefined> {
  const request = adoptRequest(desired.adopt);
  if (request === undefined) return undefined;
  const items = await source.items();
  if (!('id' in request)) {
    const matching = items.filter((item) => matchesNaturalKey(source.table, source.current(item), desired));
    // A natural key the service does not keep unique (a user's name) may match several objects: which one is meant must be said.
    if (matching.length > 1) {
      const ids = matching.map((item) => source.idOf(item));
      throw InvalidRequestError.fromIssues(`adopt ${source.noun}`, [
        {
          path: 'adopt',
          message: `${matching.length} ${source.noun}s match (${ids.join(', ')}); adopt one of them by id, e.g. adopt: { id: '${ids[0]}' }`,
        },
      ]);
    }
    return matching[0];
  }
  const live = items.find((item) => source.idOf(item) === request.id);
  if (live === undefined) throw cannotAdopt(source.noun, request.id, session.organizationId);
  const mismatch = adoptMismatch(source.table, source.noun, request.id, source.current(live), desired);
  if (mismatch !== undefined) throw mismatch;
  return live;
}
