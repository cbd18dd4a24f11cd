// A session profile on the wire.
import type { SessionProfileRecord } from '../store/records';
import { renderFields } from './fields';
import type { TimeFormat } from './time';

export function renderSessionProfile(s: SessionProfileRecord, format: TimeFormat): Record<string, unknown> {
  return renderFields(
    s,
    ['sessionProfileId', 'sessionProfileName', 'scope', 'expirationSeconds', 'notes', 'createdAt', 'updatedAt'],
    format,
  );
}
