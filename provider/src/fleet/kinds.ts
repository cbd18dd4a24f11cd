// Everything the fleet commands use of the resource kinds (../resources/), in one place: which kinds there are,
// how a sub-organization's objects of a kind are read (the kind's own listing, through a session), a live object
// and a template's inputs in the kind's normal form, which live object a template's resource stands for (its
// `adopt` id, the organization's one object, or the natural key `adopt` matches by), what differs between the two
// (the provider's own diff, never a second copy), and what the unmanaged-objects report says of a kind. The rest
// of ./ speaks of kinds only through this module, so a change in how kinds are declared stays here.
import { inputsOfOutputs, normalize, type AnyKind } from '../resources/kind';
import { KINDS, kindOfToken } from '../resources/kinds';
import { matchesNaturalKey } from '../resources/common/fields';
import { adoptRequest } from '../resources/common/inputs';
import { readOrganization } from '../export/snapshot';
import { reportOrder } from '../drift/unmanaged/inventory';
import { diffKind } from '../runtime/lifecycles';
import { needsOf, type AccessNeed } from '../resources/policy/stack-access';
import type { OrgSession } from '../session';
import { PROVIDER_KEY } from '../wire';

/** A kind as the fleet sees it: its handle and the words reports use. */
export interface FleetKind {
  /** `Policy`. */
  readonly type: string;
  /** `policy`. */
  readonly noun: string;
  /** `policies`. */
  readonly plural: string;
  /** What its objects decide (identity, policy, access, integration): the unmanaged report's order. */
  readonly governs: string;
  /** @internal the declaration; only this module reads it. */
  readonly kind: AnyKind;
}

const byKind = new Map<AnyKind, FleetKind>();

function fleetKind(kind: AnyKind): FleetKind {
  let out = byKind.get(kind);
  if (out === undefined) {
    out = { type: kind.type, noun: kind.noun, plural: kind.plural, governs: kind.inventory.governs, kind };
    byKind.set(kind, out);
  }
  return out;
}

/** Every kind, in the order reports list them (who can act first). */
export function allKinds(): FleetKind[] {
  return reportOrder(KINDS as readonly AnyKind[]).map(fleetKind);
}

/** The kinds' type names, for messages: `Policy, WebhookEndpoint, ...`. */
export function kindTypes(): string[] {
  return (KINDS as readonly AnyKind[]).map((k) => k.type);
}

/** A kind by type name (`Policy`) or resource type token (dynamic or native). */
export function kindNamed(typeOrToken: string): FleetKind | undefined {
  const kind = (KINDS as readonly AnyKind[]).find((k) => k.type === typeOrToken) ?? kindOfToken(typeOrToken);
  return kind === undefined ? undefined : fleetKind(kind);
}

/** The kinds whose objects no template declares are reported by default: who can act, and what they may do. */
export const DEFAULT_UNMANAGED_GOVERNS: readonly string[] = ['identity', 'policy'];

/** `kinds` in report order, each once. */
export function inReportOrder(kinds: readonly FleetKind[]): FleetKind[] {
  const wanted = new Set(kinds.map((k) => k.kind));
  return allKinds().filter((k) => wanted.has(k.kind));
}

/** A sub-organization's live objects of `kinds`, by type: each kind's own read, the session sharing one request per list. */
export async function readKinds(session: OrgSession, kinds: readonly FleetKind[]): Promise<Readonly<Record<string, readonly unknown[]>>> {
  const snapshot = await readOrganization(
    session,
    () => undefined,
    kinds.map((k) => k.kind),
  );
  return snapshot.objects;
}

/** The output holding a kind's service id (`policyId`), or undefined for kinds addressed by scope. */
export function idProperty(k: FleetKind): string | undefined {
  return k.kind.shape === 'listed' ? k.kind.idProperty : undefined;
}

/** A live object's id (what `adopt: { id }` takes). */
export function objectId(k: FleetKind, live: unknown): string {
  return k.kind.export.id?.(live) ?? (k.kind.shape === 'listed' ? k.kind.listing.idOf(live) : '');
}

/** A readable name of a live object: what `walletinfra-export` names its resource (a policy's name). */
export function objectName(k: FleetKind, live: unknown): string {
  return k.kind.export.name(live).trim();
}

/** The organization's one object of the kind (the root quorum): a template's resource of it stands for it. */
export function isSingleton(k: FleetKind): boolean {
  return k.kind.shape === 'singleton';
}

/** The service makes the kind's one object itself: one the template does not declare is not unmanaged. */
export function isServiceSingleton(k: FleetKind): boolean {
  return k.kind.inventory.serviceSingleton === true;
}

/** Properties whose values are secret: shown as `[secret]`, and not compared (the service never returns them). */
export function secretProperties(k: FleetKind): readonly string[] {
  return [...(k.kind.secrets?.inputs ?? []), ...(k.kind.secrets?.outputs ?? [])];
}

/**
 * A template resource's inputs in the kind's normal form, in `organizationId` unless it names another: what
 * `check` would hand the diff (defaults filled, canonical forms; the program's `__provider` left out).
 */
export function desiredForm(k: FleetKind, inputs: Readonly<Record<string, unknown>>, organizationId: string): Record<string, unknown> {
  const { [PROVIDER_KEY]: _provider, ...rest } = inputs;
  const organization = typeof rest.organizationId === 'string' && rest.organizationId !== '' ? rest.organizationId : organizationId;
  return normalize(k.kind, { ...rest, organizationId: organization });
}

/**
 * A live object in the kind's normal form, as the inputs a refresh would record for the resource: what only the
 * state knows (placement, `allowLockout`) taken from the desired side, so only the service's fields can differ.
 */
export function liveForm(k: FleetKind, live: unknown, desired: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const state = { ...desired, organizationId: String(desired.organizationId) };
  return inputsOfOutputs(k.kind, k.kind.fromLive(live, state));
}

/** The outputs a template's resource has once it stands for `live`: its inputs with the object's id. */
export function outputsFor(k: FleetKind, live: unknown, desired: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const state = { ...desired, organizationId: String(desired.organizationId) };
  return k.kind.fromLive(live, state);
}

/** Which live object a template's resource stands for. */
export type LiveMatch = { found: unknown } | { missing: true } | { ambiguous: string[] };

/**
 * The live object `desired` stands for, as `up` would find it on a first run: the object `adopt: { id }` names,
 * the organization's one object of a singleton kind, or the object with the same natural key (the identity
 * fields and every replace-only field, what `adopt` matches by). Several matches are ambiguous (adopting refuses).
 */
export function findLive(k: FleetKind, desired: Readonly<Record<string, unknown>>, objects: readonly unknown[]): LiveMatch {
  const request = adoptRequest(desired.adopt);
  if (request !== undefined && 'id' in request) {
    const found = objects.find((o) => objectId(k, o) === request.id);
    return found === undefined ? { missing: true } : { found };
  }
  const candidates = isSingleton(k) ? objects : objects.filter((o) => matchesNaturalKey(k.kind.table, liveForm(k, o, desired), desired));
  if (candidates.length === 0) return { missing: true };
  if (candidates.length > 1 && !isSingleton(k)) return { ambiguous: candidates.map((o) => objectId(k, o)) };
  return { found: candidates[0] };
}

/** The properties that differ between a live object and the template (both in normal form), and which of them replace it. */
export function differences(
  k: FleetKind,
  live: Readonly<Record<string, unknown>>,
  desired: Readonly<Record<string, unknown>>,
): { changed: string[]; replaces: string[] } {
  const secret = new Set(secretProperties(k));
  // The provider's own diff; its extra rule compares secrets by the fingerprints a stack's state keeps, which a
  // scan has no state for.
  const d = diffKind({ ...k.kind, diff: { ...k.kind.diff, extra: undefined } } as AnyKind, live, desired);
  return { changed: d.changed.filter((p) => !secret.has(p)), replaces: d.replaces.filter((p) => !secret.has(p)) };
}

export type { AccessNeed };

/**
 * The activities the provider submits to bring `live` (undefined: no such object) to `desired`, both in normal form:
 * a create, the update(s) of what changed, or a replacement's create and delete; the resource's name in `why`. The
 * same list a preview's access warning checks (../resources/policy/stack-access.ts).
 */
export function writesNeeded(
  k: FleetKind,
  desired: Readonly<Record<string, unknown>>,
  live: Readonly<Record<string, unknown>> | undefined,
  resource: string,
): AccessNeed[] {
  return needsOf(k.kind, { ...desired }, live === undefined ? {} : { ...live }).map((need) => ({
    ...need,
    why: `${need.why} ${JSON.stringify(resource)}`,
  }));
}

/** The natural key of a kind, for messages: `policyName`. */
export function naturalKey(k: FleetKind): readonly string[] {
  return k.kind.table.naturalKey;
}

/**
 * Per resource type token (dynamic and native), the kind's type, and the outputs an evaluation answers with tokens
 * for other resources to use (the id, the organization, the output-only values).
 */
export function tokenTable(): { kindOf: Record<string, string>; outputs: Record<string, string[]> } {
  const kindOf: Record<string, string> = {};
  const outputs: Record<string, string[]> = {};
  for (const kind of KINDS as readonly AnyKind[]) {
    const names = [...(kind.shape === 'listed' ? [kind.idProperty] : []), 'organizationId', ...(kind.outputOnly ?? [])];
    for (const token of [kind.dynamicToken, kind.nativeToken]) {
      kindOf[token] = kind.type;
      outputs[token] = names;
    }
  }
  return { kindOf, outputs };
}

/**
 * The user holding the API key with `publicKey` among a sub-organization's live users (the User kind's objects):
 * the delegated user. Undefined when none does.
 */
export function userHoldingKey(users: readonly unknown[], publicKey: string): { id: string; name: string } | undefined {
  const key = publicKey.toLowerCase();
  for (const u of users as ReadonlyArray<{
    userId: string;
    userName: string;
    apiKeys?: ReadonlyArray<{ credential?: { publicKey?: string } }>;
  }>) {
    if ((u.apiKeys ?? []).some((k) => k.credential?.publicKey?.toLowerCase() === key)) return { id: u.userId, name: u.userName };
  }
  return undefined;
}
