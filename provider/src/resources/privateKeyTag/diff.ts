// PrivateKeyTag.diff: the sdk's field table (update_private_key_tag renames, and carries members as
// add/remove sets) says every field changes in place; only another organization replaces.
import { PRIVATE_KEY_TAG_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { compareFields, type FieldDiff } from '../common/diff';
import { diffFields } from '../common/fields';
import { normalizePrivateKeyTagInputs } from './types';

const FIELDS = diffFields(PRIVATE_KEY_TAG_FIELD_TABLE);

export function diffPrivateKeyTag(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  return compareFields(normalizePrivateKeyTagInputs(olds), normalizePrivateKeyTagInputs(news), FIELDS.keys, FIELDS.replaces);
}
