// Small helpers shared by the handlers: lookups that 404 with a clear message, empty-string checks, addresses.
import { invalidArgument, notFound } from '../errors';

/** The record, or a 404 naming what was not found (docs/service-behaviour.md#unconfirmed-choices: wording of unknown-id errors is ours). */
export function found<T extends { organizationId: string }>(record: T | undefined, orgId: string, what: string, id: string): T {
  if (record === undefined || record.organizationId !== orgId) throw notFound(`no ${what} found with ID ${id}`);
  return record;
}

export function requireNonEmpty(value: string | undefined, field: string): void {
  if (value !== undefined && value.trim() === '') throw invalidArgument(`invalid request body: ${field}: must not be empty`);
}

/** EVM addresses compare case-insensitively (EIP-55 is only a checksum); base58 and others exactly. */
export function sameAddress(a: string, b: string): boolean {
  return a.startsWith('0x') || a.startsWith('0X') ? a.toLowerCase() === b.toLowerCase() : a === b;
}
