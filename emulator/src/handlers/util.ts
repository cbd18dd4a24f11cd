// Small helpers shared by the handlers: lookups that 404 with a clear message, and timestamps.
import { toTimestamp } from '../env';
import { invalidArgument, notFound } from '../errors';

export { toTimestamp };

/** The record, or a 404 naming what was not found (docs/service-behaviour.md#unconfirmed-choices: wording of unknown-id errors is ours). */
export function found<T extends { organizationId: string }>(record: T | undefined, orgId: string, what: string, id: string): T {
  if (record === undefined || record.organizationId !== orgId) throw notFound(`no ${what} found with ID ${id}`);
  return record;
}

export function requireNonEmpty(value: string | undefined, field: string): void {
  if (value !== undefined && value.trim() === '') throw invalidArgument(`invalid request body: ${field}: must not be empty`);
}

/** Sets `out[key]` only when `value` is defined, so optional wire fields are omitted rather than null. */
export function optional<T extends object, K extends string, V>(out: T, key: K, value: V | undefined): T & Partial<Record<K, V>> {
  if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  return out as T & Partial<Record<K, V>>;
}

/** EVM addresses compare case-insensitively (EIP-55 is only a checksum); base58 and others exactly. */
export function sameAddress(a: string, b: string): boolean {
  return a.startsWith('0x') || a.startsWith('0X') ? a.toLowerCase() === b.toLowerCase() : a === b;
}
