// The provider protocol's messages (pulumi/provider.proto of github.com/pulumi/pulumi) as the server reads and
// writes them: a request's resource type and required fields, each with the field it came from in the error
// that names it, and the responses for check failures and a per-property diff.
import type { CheckFailure } from '../resources/common/check';
import type { FieldDiff } from '../resources/common/diff';
import { PROVIDER_KEY } from '../wire';
import { RequestError } from './errors';
import { proto, type pb, type structPb } from './proto';
import { fromStruct, type Properties } from './values';

/** The resource type of a request: its `type` field, else the last type of its URN. */
export function typeOf(request: { getType(): string; getUrn(): string }, message: string): string {
  const type = request.getType();
  if (type !== '') return type;
  const urn = request.getUrn();
  if (urn === '') throw new RequestError(`${message}.type and ${message}.urn are both empty: the request names no resource type`);
  // urn:pulumi:<stack>::<project>::<parent type>$<type>::<name>
  const parts = urn.split('::');
  const qualified = parts.length >= 4 ? parts[2] : undefined;
  if (!urn.startsWith('urn:pulumi:') || qualified === undefined || qualified === '') {
    throw new RequestError(`${message}.urn is not a Pulumi URN (urn:pulumi:<stack>::<project>::<type>::<name>)`);
  }
  return qualified.split('$').pop() ?? qualified;
}

/**
 * Properties without the dynamic provider's serialized stub: a resource moved from a dynamic type keeps its old
 * outputs until its first read or update, which then leave the stub behind.
 */
export function withoutDynamicStub(properties: Properties): Properties {
  const { [PROVIDER_KEY]: _stub, ...own } = properties;
  return own;
}

export function required(value: string, field: string, what: string): string {
  if (value === '') throw new RequestError(`${field} is empty: ${what}`);
  return value;
}

export function requiredStruct(has: boolean, struct: structPb.Struct | undefined, field: string, what: string): Properties {
  if (!has) throw new RequestError(`${field} is missing: ${what}`);
  return fromStruct(struct);
}

/**
 * Check failures as the engine prints them: it shows a failure's property with its value, so a failure of
 * a property that holds a secret names the property in its reason instead.
 */
export function checkFailures(failures: readonly CheckFailure[], secretProperties: ReadonlySet<string>): pb.CheckFailure[] {
  return failures.map((f) => {
    const failure = new (proto().provider.CheckFailure)();
    const hidden = f.property !== '' && secretProperties.has(f.property);
    failure.setProperty(hidden ? '' : f.property);
    failure.setReason(hidden && !f.reason.startsWith(f.property) ? `${f.property}: ${f.reason}` : f.reason);
    return failure;
  });
}

/** The engine's per-property view of a FieldDiff (DiffResponse.detailedDiff). */
export function diffResponse(d: FieldDiff, olds: Properties, news: Properties, deleteBeforeReplace: boolean): pb.DiffResponse {
  const { DiffResponse, PropertyDiff } = proto().provider;
  const response = new DiffResponse();
  response.setChanges(d.changed.length > 0 ? DiffResponse.DiffChanges.DIFF_SOME : DiffResponse.DiffChanges.DIFF_NONE);
  response.setDiffsList(d.changed);
  response.setReplacesList(d.replaces);
  response.setHasdetaileddiff(true);
  if (deleteBeforeReplace && d.replaces.length > 0) response.setDeletebeforereplace(true);
  const detailed = response.getDetaileddiffMap();
  for (const key of d.changed) {
    const property = new PropertyDiff();
    property.setKind(propertyDiffKind(olds[key], news[key], d.replaces.includes(key)));
    property.setInputdiff(true);
    detailed.set(key, property);
  }
  return response;
}

/** How one property changes: added, deleted or updated, and whether that replaces the object. */
function propertyDiffKind(old: unknown, now: unknown, replace: boolean): pb.PropertyDiff.Kind {
  const { Kind } = proto().provider.PropertyDiff;
  const absent = (v: unknown) => v === undefined || v === null;
  if (absent(old)) return replace ? Kind.ADD_REPLACE : Kind.ADD;
  if (absent(now)) return replace ? Kind.DELETE_REPLACE : Kind.DELETE;
  return replace ? Kind.UPDATE_REPLACE : Kind.UPDATE;
}
