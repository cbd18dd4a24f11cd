// IpAllowlist.diff: which properties replace comes from the sdk's field table (set_ip_allowlist is create
// and update; the API key names the list, so a new `publicKey` is another list). `allowLockout` is ours
// and changes in place; another organization replaces. Both sides are in normal form, so
// `192.168.1.100/24` and `192.168.1.0/24`, or the same rules in another order, are no change.
import { IP_ALLOWLIST_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { compareFields, type FieldDiff } from '../common/diff';
import { diffFields } from '../common/fields';
import { normalizeIpAllowlistInputs } from './types';

const FIELDS = diffFields(IP_ALLOWLIST_FIELD_TABLE);

export function diffIpAllowlist(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  return compareFields(
    normalizeIpAllowlistInputs(olds),
    normalizeIpAllowlistInputs(news),
    [...FIELDS.keys, 'allowLockout'],
    FIELDS.replaces,
  );
}
