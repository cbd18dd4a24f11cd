// SessionProfile.diff: the service has no update activity, so the sdk's field table marks every field
// as replace; `profile` (which credentials) changes in place without a call. Replacement creates the new
// profile first; the old one stays in the service (./crud.ts, delete).
import { SESSION_PROFILE_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { compareFields, type FieldDiff } from '../common/diff';
import { diffFields } from '../common/fields';
import { normalizeSessionProfileInputs } from './types';

const FIELDS = diffFields(SESSION_PROFILE_FIELD_TABLE);

export function diffSessionProfile(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  return compareFields(normalizeSessionProfileInputs(olds), normalizeSessionProfileInputs(news), FIELDS.keys, FIELDS.replaces);
}
