// What one resource kind is, declared once (docs/architecture.md, "Resource kinds"): its type, its noun,
// the sdk field table it follows, what a program passes and what the state holds (zod objects built from
// the sdk's intents, so the TypeScript types are inferred, never typed by hand), the normal form, how an
// existing object is adopted, which values are secret, the documentation of every property, and where its
// writes are. The runtime, the README tables, `walletinfra-export`, the drift report and the native schema
// all map over the one array of kinds in ./kinds.ts.
//
// A kind has one of three shapes, and the compiler holds each declaration to its shape:
// - `listed`: the service lists the objects and addresses each by its id (most kinds). The declaration says
//   where the objects are listed (`listing`) and how each write's request is built from the desired state
//   (`writes`); the shared steps (./common/listed.ts) read, adopt, create, update and delete with them.
// - `scoped`: an object addressed by its scope, not by a listed id (an IP allowlist: its organization or one
//   API key); the kind writes all four steps itself (its folder's steps.ts, named in ./kinds.ts `STEPS`).
// - `singleton`: the organization's one object (the root quorum), addressed by the organization; all four
//   steps are the kind's own, and the program refuses a second resource for the same organization.
//
// A kind's file loads only light modules (schemas, field tables, the checker when it needs one): the
// program and a preview load every kind, and the steps that reach the service load on the first call that
// needs them.
import type * as pulumi from '@pulumi/pulumi';
import type { z } from 'zod';
import type { FieldTable } from '@walletinfra/sdk/rules';
import type { OrgSession } from '../session';
import type { ServiceList } from '../session/object-lists';
import type { ProviderContext } from '../context';
import type { CheckFailure } from './common/check';
import { dynamicToken, resourceToken } from '../tokens';
import type { Values } from './lifecycle';

/** What a resource's `adopt` input takes: an object's id, or one natural-key flag. */
export type AdoptOf<Flag extends string> = { id?: string } & { [F in Flag]?: boolean };

/** What only the state knows about an object, never the service (./common/inputs.ts). */
export interface PlacementOf<A> {
  organizationId: string;
  profile?: string;
  adopt?: A;
}

/** A program's value for a property: the value or an Output of it, nested through arrays and objects. */
export type InputValue<T> = T extends readonly (infer E)[]
  ? pulumi.Input<InputValue<E>[]>
  : T extends object
    ? pulumi.Input<{ [K in keyof T]: InputValue<T[K]> }>
    : pulumi.Input<T>;

/** Every property of `T` as a program passes it (optional ones stay optional). */
export type InputArgs<T> = { [K in keyof T]: InputValue<Exclude<T[K], undefined>> };

/** A rule of `check` that a kind adds to the shared ones. */
export type CheckRule = (news: Record<string, unknown>, ctx: ProviderContext) => CheckFailure[];

/**
 * A rule of `check` that reads the service (the lock-out rules, identity references in policies): it runs last,
 * on the inputs in normal form with their organization resolved, only when every other step passed. `olds` are
 * the resource's inputs in the state ({} for a new resource), so a rule can see what the plan replaces.
 */
export type RemoteCheckRule = (
  news: Record<string, unknown>,
  ctx: ProviderContext,
  olds: Record<string, unknown>,
) => Promise<CheckFailure[]>;

/**
 * A check of the deployment as a whole that a kind brings, run after the check of every resource of any kind has
 * passed, with that resource's kind and inputs (a policy's: would the planned policies deny this stack's own user
 * an activity the deployment needs?). The runtime hands the shared check every such check of ./kinds.ts.
 */
export type DeploymentCheck = (
  kind: AnyKind,
  ctx: ProviderContext,
  inputs: Record<string, unknown>,
  olds: Record<string, unknown>,
) => Promise<void>;

/** How a kind's objects are read when they sit in one of the session's coalesced lists. */
export interface Listing<Live> {
  /** The service's list the objects are in (read through one coalesced `list_*` per organization). */
  list: ServiceList<unknown>;
  /** Other lists whose content the kind's objects depend on (a private-key tag's members): invalidated with it. */
  alsoReads?: readonly ServiceList<unknown>[];
  /** The live objects, from the session's lists (a fresh read with `fresh`); default the list itself. */
  read?(session: OrgSession, fresh: boolean): Promise<Live[]>;
  /** A live object's id. */
  idOf(live: Live): string;
  /**
   * The ids of the kind's objects an item of the session list itself holds, when the live object is not the
   * item (a private-key tag joins the keys; a user holds its API keys).
   */
  listedIds?: (item: unknown) => readonly string[];
}

/**
 * The writes of a kind whose objects are listed and addressed by the service's id (most kinds): each one's
 * activity, and its request built from the desired state (`toRequest`). The shared steps (./common/listed.ts)
 * adopt, create (reusing an earlier run's activity, resolving lost responses), read, update (only what differs
 * from the live object) and delete with these.
 */
export interface ListedWrites<Live, Desired> {
  create: {
    operation: string;
    /** The create activity's parameters for the desired state (default: the create intent's fields, '' left out). */
    toRequest?(desired: Desired): Record<string, unknown>;
    /** The id a create's result names. */
    resultId(result: Record<string, unknown>): string;
    /** The result a create would have returned for `live` (stands for a lost response). */
    resultOf(live: Live): Record<string, unknown>;
    /** The object a create's result describes, when the result carries it (a second write can then follow at once). */
    liveOf?(result: Record<string, unknown>, id: string): Live | undefined;
    /** What the write right after the create does, for its error (default: "setting <the update-only fields>"). */
    secondWrite?(desired: Desired): string;
    /** A description of the object for messages: `"allow-treasury"`. */
    label(desired: Desired): string;
    /** Told after a create (an API key tells the deployment that its user has a credential now). */
    created?(ctx: ProviderContext, desired: Desired, id: string): void;
  };
  update?: {
    operation: string;
    /**
     * The update's parameters for what differs between the live object (`live`, and `current`: it in normal form)
     * and the desired state, or undefined when nothing does (default: the field table's in-place fields that differ).
     */
    toRequest?(live: Live, desired: Desired, current: Record<string, unknown>): Record<string, unknown> | undefined;
    /** The result an update would have returned for `live`. */
    resultOf(live: Live): Record<string, unknown>;
    /**
     * The activities that carry the update's parameters, when not the one `operation` (a user's name, email and
     * phone number each have an activity of their own, none of which can touch its tags): in order.
     */
    split?(parameters: Record<string, unknown>): Array<{ operation: string; parameters: Record<string, unknown> }>;
  };
  /** Absent: the service cannot delete the kind's objects (`destroy` leaves them, and says so). */
  delete?: {
    operation: string;
    /** The delete's parameters; `props` is the state (an API key is deleted by naming its user too). */
    toRequest(id: string, props: Record<string, unknown>): Record<string, unknown>;
    /** What the delete returns; stands for it when its response was lost. */
    deleted(id: string): Record<string, unknown>;
    /**
     * Why this delete must not happen (the stack's own credential, the last credential of a root user), checked
     * before anything is written; undefined lets it go ahead. A resource removed from the program gets no
     * `check`, so this is where its delete is refused (provider README, "Lock-out rules").
     */
    refuse?(ctx: ProviderContext, session: OrgSession, id: string, props: Record<string, unknown>): Promise<string | undefined>;
  };
  /** Said when `destroy` removes a resource whose object the service cannot delete. */
  leftInPlace?(id: string, props: Record<string, unknown>): string;
}

/** The delete of an object named by its id alone, `{ [field]: id }` in the request and in the result (most kinds). */
export function deleteById(operation: string, field: string): NonNullable<ListedWrites<unknown, Values>['delete']> {
  return { operation, toRequest: (id) => ({ [field]: id }), deleted: (id) => ({ [field]: id }) };
}

/** A value in an exported declaration that is not a literal: a secret read from stack config. */
export class ConfigSecret {
  constructor(
    /** The stack config key. */
    readonly key: string,
    /** What the secret is, for the instructions: `the secret API key of on-ramp credential f-1`. */
    readonly what: string,
    /** What the user types in place of the value: `<secret API key>`. */
    readonly placeholder: string,
  ) {}
}

/** A property value in an exported declaration: JSON-like data, or a secret from stack config. */
export type ExportValue = string | number | boolean | readonly ExportValue[] | { readonly [key: string]: ExportValue } | ConfigSecret;

/**
 * A plain value read from stack config in a kind's example: the id of an object the reader's organization
 * holds (a user's id), which the example cannot know, as `pulumi config set <key> <value>` supplies it.
 */
export class ConfigValue {
  constructor(
    /** The stack config key: `aliceUserId`. */
    readonly key: string,
    /** What the value is, for the instructions: `the id of a user of the organization`. */
    readonly what: string,
    /** What the user types in place of the value: `<userId of alice>`. */
    readonly placeholder: string,
  ) {}
}

/** A property value in a kind's example: what an export declares, or a plain value from stack config. */
export type ExampleValue = ExportValue | ConfigValue | readonly ExampleValue[] | { readonly [key: string]: ExampleValue };

/** How `walletinfra-export` writes a kind's objects (../export/render.ts). */
export interface KindExport<Live> {
  /** Every object of the kind in the organization (default: the kind's listing; a kind no list holds must say). */
  read?(session: OrgSession): Promise<Live[]>;
  /** A readable name for the object's resource (made unique and stable by the export). */
  name(live: Live): string;
  /** The resource name when `name` gives nothing usable: `policy`. */
  fallback: string;
  /** The id `adopt: { id }` takes (default: the listing's id). */
  id?(live: Live): string;
  /**
   * The declared properties, in order (undefined: left out). Default: the inputs the live object implies,
   * in the order of `args`, without values that are absent, empty or the default. `secret(suffix, what,
   * placeholder)` names a stack config key for a value the service never returns.
   */
  properties?(
    live: Live,
    secret: (suffix: string, what: string, placeholder: string) => ConfigSecret,
  ): Array<[string, ExportValue | undefined]>;
  /** A comment above each declaration of the kind. */
  note?: string;
  /**
   * Why an object is declared with `retainOnDelete: true` (the stack's own credentials, root users: objects the
   * lock-out rules keep), or undefined. `snapshot` is everything the export read.
   */
  retain?(live: Live, snapshot: { objects: Readonly<Record<string, readonly unknown[]>>; ownPublicKey?: string }): string | undefined;
  /** The section heading, when not the plural capitalised. */
  section?: string;
}

/**
 * What a kind's objects decide, in the order the unmanaged-objects report of `walletinfra-drift` lists kinds
 * (../drift/unmanaged/): who can act first, then what they may do, from where and how they sign in, and what
 * the organization connects to.
 */
export const GOVERNS = ['identity', 'policy', 'access', 'integration'] as const;
export type Governs = (typeof GOVERNS)[number];

/** What the unmanaged-objects report needs of a kind (docs/architecture.md, "Resource kinds"). */
export interface KindInventory {
  /** What the kind's objects decide; the report lists kinds in GOVERNS order, then in the order of KINDS. */
  governs: Governs;
  /**
   * Every activity type that makes an object of the kind (older versions too: objects made by hand years ago
   * count): the completed activity whose result names an object's id made it. Of a `serviceSingleton`: the
   * activities that change it.
   */
  createdBy: readonly `ACTIVITY_TYPE_${string}`[];
  /**
   * The service makes the kind's one object with the organization (the root quorum): it is unmanaged only once
   * an activity of `createdBy` has changed it, and the latest one is reported as its last change.
   */
  serviceSingleton?: true;
}

/** A kind's property schema: its `args` or its `outputs` (zod objects built from the sdk's intents). */
type Schema = z.ZodObject;

/** What every kind declares, whatever its shape. */
interface Declaration<A extends Schema, O extends Schema, Live, Flag extends string, X extends string> {
  /** The type name: `Policy` (`pulumi-nodejs:dynamic/walletinfra:Policy`, `walletinfra:index:Policy`). */
  type: string;
  /** The runtime member and folder name: `policy`. */
  member: string;
  /** What messages and docs call one object: `policy`, `webhook endpoint`. */
  noun: string;
  /** The plural, for reports and export sections: `policies`. */
  plural: string;
  /** One paragraph for the docs and the schema. */
  description: string;
  /** The sdk field table (from the create and update intents): diff, replacement, update parameters, adoption. */
  table: FieldTable;
  /** What a program passes, the common inputs left out: built from the sdk's intents. */
  args: A;
  /** The outputs in normal form (the common ones left out): the inputs after `check`, the id, output-only values. */
  outputs: O;
  /** Outputs that are no inputs, besides the id (fingerprints of secrets). */
  outputOnly?: readonly X[];
  /** The documentation of every property in `args` and `outputs`: one sentence or two, as users read them. */
  docs: { readonly [P in (keyof z.output<A> | keyof z.output<O>) & string]: string };
  /** The value an absent input takes (the normal form; an optional property without one stays absent). */
  defaults: Partial<Record<keyof z.output<O> & string, unknown>>;
  /** Canonical forms of known values (sets sorted, CIDRs normalised); `undefined` removes the property. */
  canonical?: Partial<Record<keyof z.output<O> & string, (value: unknown) => unknown>>;
  /** `adopt: { <flag>: true }` and what it takes over. */
  adopt: { flag: Flag; doc: string };
  /** Inputs wrapped as secrets in the program, and outputs always returned as secrets. */
  secrets?: { inputs?: readonly string[]; outputs?: readonly string[] };
  /** A value only one object of the organization may hold (a policy's name): checked in the program. */
  unique?: { property: keyof z.output<A> & string; why: string };
  /**
   * Properties `check` validates itself rather than with the create intent's schema (secrets, a number the
   * service takes as a string): the kind's own check rules cover them.
   */
  ownChecks?: readonly string[];
  /**
   * Check rules of the kind's own: `early` before the common inputs, `late` after the schema, `remote` last, when
   * everything else passed (it reads the service); `deployment` after the check of every resource of any kind.
   */
  check?: { early?: CheckRule; beforeSchema?: CheckRule; late?: CheckRule; remote?: RemoteCheckRule; deployment?: DeploymentCheck };
  /**
   * Properties compared by a rule of the kind's own (secrets by fingerprint), not by value; `deleteBeforeReplace`
   * when a replacement cannot create the new object while the old one exists (an API key's public key is unique).
   */
  diff?: {
    except?: readonly string[];
    extra?(olds: Record<string, unknown>, news: Record<string, unknown>): string[];
    deleteBeforeReplace?(olds: Record<string, unknown>, news: Record<string, unknown>): boolean;
    /**
     * Why replacing object `id` must not happen (a replacement deletes the old object: the stack's own key or
     * user), or undefined; `olds` is the state, `replaces` the properties whose change replaces it.
     */
    refuseReplace?: (
      ctx: ProviderContext,
      id: string,
      olds: Record<string, unknown>,
      news: Record<string, unknown>,
      replaces: readonly string[],
    ) => Promise<string | undefined>;
  };
  /**
   * Whether the program registers the resource with the before-delete hook that applies `writes.delete.refuse` at
   * preview (../program/delete-guard.ts), so that removing it from the program is refused then, although no `check` runs:
   * true for an API key whose public key is the one this stack signs with. `apiPublicKey` is the stack's own key.
   */
  protects?(args: Record<string, unknown>, apiPublicKey: string): boolean;
  /** Why a replace-only field replaces, when not "the update cannot change it" (docs). */
  replaceReason?: string;
  /** The inputs that stand for a service field, where a program may give others (a secret in plain text): docs. */
  inputNames?: Readonly<Record<string, readonly string[]>>;
  /** The live object in normal form, keeping what only the state knows (`state`: placement and stored outputs). */
  fromLive(live: Live, state: Record<string, unknown> & { organizationId: string }): z.output<O>;
  /** The inputs the outputs imply (what `read` hands the engine); default the outputs minus the id and output-only values. */
  inputsOf?(outputs: Record<string, unknown>): Record<string, unknown>;
  /** How `walletinfra-export` writes the kind's objects as declarations (../export/). */
  export: KindExport<Live>;
  /** What the unmanaged-objects report of `walletinfra-drift` needs: what the objects decide, what makes them. */
  inventory: KindInventory;
  /**
   * A resource of the kind as its docs show it in every language (docs/native/, rendered by ../native/examples.ts):
   * the resource's name and its properties, a secret as a stack config key (`ConfigSecret`) and an id the
   * reader's organization holds as a plain one (`ConfigValue`): every example runs as written
   * (tests/e2e/native-docs.test.ts).
   */
  example?: { name: string; properties: Readonly<Record<string, ExampleValue>> };
}

/**
 * Objects the service lists and addresses by its id (most kinds): the shared steps (./common/listed.ts) read,
 * adopt, create, update and delete them with `listing` and `writes`. A kind whose writes differ brings those
 * steps itself (./kinds.ts `STEPS`: the on-ramp credential seals its secrets afresh for every create and update).
 */
export interface ListedDeclaration<
  A extends Schema,
  O extends Schema,
  Live,
  Flag extends string,
  I extends string = string,
  X extends string = string,
> extends Declaration<A, O, Live, Flag, X> {
  shape: 'listed';
  /** The output holding the service's id (also the resource's id, and what `pulumi import` takes). */
  idProperty: I;
  /** Where the objects are listed. */
  listing: Listing<Live>;
  /** Each write's activity and its request, built from the desired state. */
  writes: ListedWrites<Live, Values>;
}

/** What a kind addressed by its organization or scope declares besides the common declaration. */
interface AddressedDeclaration {
  /**
   * What the resource's id is, and so what `pulumi import` takes: `` `organization` for the organization's list,
   * `apiKey:<public key>` for an API key's ``.
   */
  importId: string;
  /** The activities its steps submit (the access warning's needs: ./policy/stack-access.ts). */
  activities?: readonly string[];
}

/** How `walletinfra-export` writes a kind no list holds: it says how its objects are read. */
export type AddressedExport<Live> = KindExport<Live> & Required<Pick<KindExport<Live>, 'read'>>;

/**
 * An object addressed by its scope, not by a listed id (an IP allowlist: its organization's, or one API key's):
 * the kind writes all four steps itself (its folder's steps.ts, named in ./kinds.ts `STEPS`).
 */
export interface ScopedDeclaration<A extends Schema, O extends Schema, Live, Flag extends string, X extends string = string>
  extends Declaration<A, O, Live, Flag, X>, AddressedDeclaration {
  shape: 'scoped';
  export: AddressedExport<Live>;
}

/**
 * The organization's one object (the root quorum), addressed by the organization: all four steps are the kind's own
 * (its folder's steps.ts, named in ./kinds.ts `STEPS`), and the program refuses a second resource for the same
 * organization, saying `singleton.why`.
 */
export interface SingletonDeclaration<A extends Schema, O extends Schema, Live, Flag extends string, X extends string = string>
  extends Declaration<A, O, Live, Flag, X>, AddressedDeclaration {
  shape: 'singleton';
  singleton: { why: string };
  export: AddressedExport<Live>;
}

/** A kind's declaration: one of the three shapes. */
export type KindDeclaration<
  A extends Schema,
  O extends Schema,
  Live,
  Flag extends string,
  I extends string = string,
  X extends string = string,
> = ListedDeclaration<A, O, Live, Flag, I, X> | ScopedDeclaration<A, O, Live, Flag, X> | SingletonDeclaration<A, O, Live, Flag, X>;

/** The names a declaration implies. */
export interface Derived {
  /** `pulumi-nodejs:dynamic/walletinfra:<Type>`: what dynamic resources record in the state. */
  readonly dynamicToken: string;
  /** `walletinfra:index:<Type>`: the native provider's type. */
  readonly nativeToken: string;
  /** Every input property a program may set, the common ones included, in declaration order. */
  readonly inputKeys: readonly string[];
  /** The service's fields the diff compares, then the provider's own inputs, then the placement. */
  readonly diffKeys: readonly string[];
  /** The subset of `diffKeys` whose change replaces the object. */
  readonly replaceKeys: readonly string[];
  /** Inputs of the provider's own that the service never sees (changed in place without a call). */
  readonly providerOnly: readonly string[];
}

/** A declared kind: the declaration, with the names derived from it. */
export type Kind<
  A extends Schema = Schema,
  O extends Schema = Schema,
  Live = unknown,
  Flag extends string = string,
  I extends string = string,
  X extends string = string,
> = KindDeclaration<A, O, Live, Flag, I, X> & Derived;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the array of kinds holds every kind's own types
export type AnyKind = Kind<z.ZodObject, z.ZodObject, any, string, string, string>;

/** A listed kind, of any types. */
export type AnyListedKind = Extract<AnyKind, { shape: 'listed' }>;

/** The common inputs (./common/inputs.ts), in the order the state keeps them. */
export const COMMON_INPUTS = ['organizationId', 'profile', 'adopt'] as const;

/**
 * Builds a kind from its declaration. The compiler holds the declaration to its shape; what it cannot see, the
 * declaration's agreement with its field table and its documentation, is checked here, at load time.
 */
export function defineKind<
  A extends z.ZodObject,
  O extends z.ZodObject,
  Live,
  const Flag extends string,
  const M extends string,
  const S extends KindShape,
  const I extends keyof z.output<O> & string = never,
  const X extends keyof z.output<O> & string = never,
>(
  decl: Extract<KindDeclaration<A, O, Live, Flag, I, X>, { shape: S }> & { member: M; shape: S },
): Extract<Kind<A, O, Live, Flag, I, X>, { shape: S }> & { readonly member: M } {
  const wrong = (what: string) => new Error(`resource kind ${decl.type}: ${what}`);
  const argKeys = Object.keys(decl.args.shape);
  const outputKeys = Object.keys(decl.outputs.shape);
  const serviceFields = decl.table.fields.map((f) => f.field);
  for (const field of serviceFields) {
    if (!argKeys.includes(field) && !(decl.diff?.except ?? []).includes(field)) throw wrong(`the field table's "${field}" is not an input`);
  }
  for (const key of argKeys)
    if (!outputKeys.includes(key) && !(decl.secrets?.inputs ?? []).includes(key)) throw wrong(`input "${key}" is no output`);
  for (const key of [...argKeys, ...outputKeys]) {
    const doc = (decl.docs as Record<string, string | undefined>)[key];
    if (doc === undefined || doc.trim() === '') throw wrong(`property "${key}" has no documentation`);
  }
  const secretInputs = decl.secrets?.inputs ?? [];
  const providerOnly = argKeys.filter((k) => !serviceFields.includes(k) && !secretInputs.includes(k));
  const except = decl.diff?.except ?? [];
  const compared = serviceFields.filter((f) => !except.includes(f));
  const derived: Derived = {
    dynamicToken: dynamicToken(decl.type),
    nativeToken: resourceToken(decl.type),
    inputKeys: [...argKeys, ...COMMON_INPUTS],
    diffKeys: [...compared, 'organizationId', 'profile', ...providerOnly],
    replaceKeys: [...decl.table.replace, 'organizationId'],
    providerOnly,
  };
  // The spread is the declaration with its derived names: the shape the signature promises.
  return { ...decl, ...derived } as unknown as Extract<Kind<A, O, Live, Flag, I, X>, { shape: S }> & { readonly member: M };
}

/** A kind's shape: listed by the service, addressed by scope, or the organization's one object. */
export type KindShape = KindDeclaration<z.ZodObject, z.ZodObject, unknown, string>['shape'];

/**
 * The normal form of inputs (or stored outputs): defaults for absent values (null is absent), canonical forms
 * of known ones.
 */
export function normalize(kind: AnyKind, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(kind.defaults)) if (out[key] === undefined || out[key] === null) out[key] = value;
  for (const key of Object.keys(out)) if (out[key] === null) delete out[key];
  for (const [key, canonical] of Object.entries(kind.canonical ?? {})) {
    if (out[key] === undefined || out[key] === null || canonical === undefined) continue;
    const value = canonical(out[key]);
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** The inputs a kind's outputs imply: what `read` hands the engine so later diffs compare against reality. */
export function inputsOfOutputs(kind: AnyKind, outputs: Record<string, unknown>): Record<string, unknown> {
  if (kind.inputsOf !== undefined) return kind.inputsOf(outputs);
  const dropped = new Set<string>([...(kind.shape === 'listed' ? [kind.idProperty] : []), ...(kind.outputOnly ?? [])]);
  return Object.fromEntries(Object.entries(outputs).filter(([k]) => !dropped.has(k)));
}

/** The live objects of a listed kind: its session list, or the kind's own read (a join of lists). */
export function readListed<Live>(listing: Listing<Live>, session: OrgSession, fresh: boolean): Promise<Live[]> {
  if (listing.read !== undefined) return listing.read(session, fresh);
  const items = fresh ? session.relist(listing.list) : session.list(listing.list);
  return items as Promise<Live[]>;
}

// ---- The types a kind implies (the public `PolicyArgs`, `PolicyInputs`, `PolicyOutputs` are these) ----

type ArgsSchemaOf<K> = K extends { args: infer A extends z.ZodObject } ? A : never;
type OutputsSchemaOf<K> = K extends { outputs: infer O extends z.ZodObject } ? O : never;
type FlagOf<K> = K extends { adopt: { flag: infer F extends string } } ? F : never;
type IdOf<K> = K extends { idProperty: infer I } ? Extract<I, string> : never;
type OutputOnlyOf<K> = K extends { outputOnly?: readonly (infer X)[] } ? Extract<X, string> : never;

/** What `new <Kind>(name, args)` takes. */
export type ArgsOf<K> = InputArgs<z.input<ArgsSchemaOf<K>>> & {
  /** The organization to manage the object in (default: the credentials' organization). */
  organizationId?: pulumi.Input<string>;
  /** Named credentials from `walletinfra:profiles` / `WALLETINFRA_PROFILE_<NAME>_*`. */
  profile?: pulumi.Input<string>;
  /**
   * Take over an existing object instead of creating one (provider README, "Adopting existing objects"). The stack
   * then owns it: `pulumi destroy` deletes it unless the resource has the `retainOnDelete: true` option.
   */
  adopt?: pulumi.Input<AdoptOf<FlagOf<K>>>;
};

/** The resource's outputs: the normal form, the id, and the placement. */
export type OutputsOf<K> = z.output<OutputsSchemaOf<K>> & PlacementOf<AdoptOf<FlagOf<K>>>;

/** The inputs after `check`: the outputs without the id and the output-only values. */
export type InputsOf<K> = Omit<OutputsOf<K>, IdOf<K> | OutputOnlyOf<K>>;

/** `adopt`'s type for a kind. */
export type AdoptArgOf<K> = AdoptOf<FlagOf<K>>;
