// Which fields of an object an update may change, derived from the service's own intents: a field of the
// create intent that the update intent lacks can only change by replacing the object; a field the update
// intent has changes in place. Like terraform-plugin-framework's per-attribute plan modifiers, this one
// declaration drives the provider's diff, update, adoption and docs, so no second list of "immutable
// fields" exists anywhere.
import type { z } from 'zod';

export type FieldChange = 'in-place' | 'replace';

export interface FieldRule {
  /** The field's name in the create intent (or, for update-only fields, in the update intent). */
  field: string;
  /** Its name in the update intent, when the update can change it. */
  updateName?: string;
  /** When the update carries the change in several fields (a member list as add/remove sets): all of them. */
  updateNames?: readonly string[];
  /** Whether the create intent takes it (false: set by an update right after create). */
  onCreate: boolean;
  change: FieldChange;
}

export interface FieldTable {
  /** The object's name in the service's words: `Policy`, `WebhookEndpoint`. */
  resource: string;
  /** The create intent the table was derived from (what a create sends, and how its fields are checked). */
  create: z.ZodObject;
  /** The update intent, when the service has an update activity. */
  update?: z.ZodObject;
  /** The update intent's key that names the object (`policyId`); empty for a singleton or an object without update. */
  idField: string;
  /**
   * One object per organization that always exists (the root quorum): nothing creates or deletes it, adopting it
   * is reading it, and every write is the update. Its update intent names no object.
   */
  singleton: boolean;
  /** Every field, create-intent order first, then update-only fields. */
  fields: readonly FieldRule[];
  inPlace: readonly string[];
  replace: readonly string[];
  /**
   * What identifies an existing object to adopt when no id is given: the declared identity fields plus every
   * replace-only field, so a replacement never adopts the object it replaces.
   */
  naturalKey: readonly string[];
  /** The update operation's parameters: the id plus each given field under its update-intent name. */
  updateParameters(id: string, values: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

type Shape<T> = T extends z.ZodObject<infer S> ? S : never;

export interface FieldTableSpec<C extends z.ZodObject, U extends z.ZodObject> {
  resource: string;
  create: C;
  /** Absent when the service has no update activity: every field is fixed at creation. */
  update?: U;
  /**
   * The update intent's key that names the object. When the create intent has it too (an upsert such as
   * set_ip_allowlist, addressed by scope), it names which object is written, so changing it replaces.
   */
  idField: (keyof Shape<U> & string) | '';
  /**
   * Create-intent fields whose update-intent name differs (`effect` -> `policyEffect`), or that the
   * update carries in several fields (`privateKeyIds` -> `addPrivateKeyIds` + `removePrivateKeyIds`).
   */
  updateNames?: Partial<Record<keyof Shape<C> & string, (keyof Shape<U> & string) | readonly (keyof Shape<U> & string)[]>>;
  /** The fields besides the replace-only ones that identify an object for adoption (`policyName`). */
  identity: readonly (keyof Shape<C> & string)[];
  /**
   * The object is the organization's one and only (see {@link FieldTable.singleton}): `create` and `update` are
   * then the same write, and `idField` is ''.
   */
  singleton?: boolean;
}

/** Builds a resource's table from its intents; throws at load time when the spec and the intents disagree. */
export function defineFieldTable<C extends z.ZodObject, U extends z.ZodObject>(spec: FieldTableSpec<C, U>): FieldTable {
  const createKeys = Object.keys(spec.create.shape);
  const updateKeys = spec.update === undefined ? [] : Object.keys(spec.update.shape);
  const renames = Object.fromEntries(
    Object.entries((spec.updateNames ?? {}) as Record<string, string | readonly string[]>).map(([k, v]) => [
      k,
      typeof v === 'string' ? [v] : [...v],
    ]),
  );
  const wrong = (what: string) => new Error(`field table for ${spec.resource}: ${what}`);
  const singleton = spec.singleton === true;
  if (singleton && (spec.update === undefined || spec.idField !== '')) throw wrong('a singleton has an update intent and no idField');
  if (!singleton && spec.update !== undefined && !updateKeys.includes(spec.idField))
    throw wrong(`the update intent has no "${spec.idField}"`);
  for (const [from, to] of Object.entries(renames)) {
    if (!createKeys.includes(from) || !to.every((t) => updateKeys.includes(t)))
      throw wrong(`renames "${from}" to "${to.join('", "')}", which the intents do not have`);
  }
  const fields: FieldRule[] = createKeys.map((field) => {
    const names = renames[field] ?? [field];
    if (field === spec.idField || !names.every((n) => updateKeys.includes(n))) return { field, onCreate: true, change: 'replace' };
    const rule: FieldRule = { field, updateName: names[0], onCreate: true, change: 'in-place' };
    if (names.length > 1) rule.updateNames = names;
    return rule;
  });
  const mapped = new Set(fields.flatMap((f) => f.updateNames ?? (f.updateName === undefined ? [] : [f.updateName])));
  mapped.add(spec.idField);
  for (const key of updateKeys) {
    if (!mapped.has(key)) fields.push({ field: key, updateName: key, onCreate: false, change: 'in-place' });
  }
  const replace = fields.filter((f) => f.change === 'replace').map((f) => f.field);
  const byField = new Map(fields.map((f) => [f.field, f]));
  for (const key of spec.identity) if (!byField.has(key)) throw wrong(`identity field "${key}" is not in the create intent`);
  return {
    resource: spec.resource,
    create: spec.create,
    ...(spec.update !== undefined ? { update: spec.update } : {}),
    idField: spec.idField,
    singleton,
    fields,
    inPlace: fields.filter((f) => f.change === 'in-place').map((f) => f.field),
    replace,
    naturalKey: [...spec.identity, ...replace.filter((f) => !spec.identity.includes(f as never))],
    updateParameters(id, values) {
      // a singleton's update names no object: `id` is ignored
      const out: Record<string, unknown> = spec.idField === '' ? {} : { [spec.idField]: id };
      for (const [field, value] of Object.entries(values)) {
        const rule = byField.get(field);
        if (rule?.updateName === undefined) throw wrong(`"${field}" cannot be changed by an update`);
        if (value !== undefined) out[rule.updateName] = value;
      }
      return out;
    },
  };
}
