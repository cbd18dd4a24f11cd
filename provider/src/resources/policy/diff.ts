// Policy.diff: which properties replace comes from the sdk's field table (update_policy V2 changes every
// field, so only a move to another organization replaces). `profile` only chooses credentials.
import { POLICY_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { compareFields, type FieldDiff } from '../common/diff';
import { diffFields } from '../common/fields';
import { normalizePolicyInputs } from './types';

const FIELDS = diffFields(POLICY_FIELD_TABLE);

export function diffPolicy(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  return compareFields(normalizePolicyInputs(olds), normalizePolicyInputs(news), FIELDS.keys, FIELDS.replaces);
}
