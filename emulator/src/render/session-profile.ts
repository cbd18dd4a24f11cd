// A session profile on the wire.
import type { SessionProfileRecord } from '../store/records';
import { optional } from './optional';
import { renderTime, type TimeFormat } from './time';

export function renderSessionProfile(s: SessionProfileRecord, format: TimeFormat): Record<string, unknown> {
  const out: Record<string, unknown> = {
    sessionProfileId: s.sessionProfileId,
    sessionProfileName: s.sessionProfileName,
    scope: s.scope,
  };
  optional(out, 'expirationSeconds', s.expirationSeconds);
  optional(out, 'notes', s.notes);
  out.createdAt = renderTime(s.createdAt, format);
  out.updatedAt = renderTime(s.updatedAt, format);
  return out;
}
