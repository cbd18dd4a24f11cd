// Policy.diff: every field updates in place (update_policy V2, facts §4.1); only a move to another
// organization replaces. `profile` changes are in place too (they only choose credentials).
import { compareFields, type FieldDiff } from '../shared/diff';
import { normalizePolicyInputs, POLICY_FIELDS } from './types';

export const POLICY_IMMUTABLE = ['organizationId'] as const;

export function diffPolicy(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  return compareFields(normalizePolicyInputs(olds), normalizePolicyInputs(news), [...POLICY_FIELDS, 'organizationId', 'profile'], POLICY_IMMUTABLE);
}
