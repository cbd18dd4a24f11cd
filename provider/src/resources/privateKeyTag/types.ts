// PrivateKeyTag: a name and the private keys it holds. The service lists tags without members; each
// private key lists its tags (list_private_keys), so the members of a tag are read from the keys.
// Member ids are a set: sorted and de-duplicated on both sides of every comparison.
import type * as pulumi from '@pulumi/pulumi';
import type { PrivateKey, PrivateKeyTag as ServicePrivateKeyTag } from '@walletinfra/sdk';
import { PRIVATE_KEY_TAG_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { containsUnknown } from '../../unknown';
import { serviceFields } from '../common/fields';
import { COMMON_KEYS, placementOf, type CommonInputs, type Placement } from '../common/inputs';

export interface PrivateKeyTagAdopt {
  /** Take over the tag with this id. */
  id?: string;
  /** Take over the private-key tag with the same `privateKeyTagName` (names are unique), or create it. */
  byName?: boolean;
}

export interface PrivateKeyTagArgs {
  privateKeyTagName: pulumi.Input<string>;
  /** The private keys the tag holds; default none. */
  privateKeyIds?: pulumi.Input<pulumi.Input<string>[]>;
  organizationId?: pulumi.Input<string>;
  profile?: pulumi.Input<string>;
  adopt?: pulumi.Input<PrivateKeyTagAdopt>;
}

export interface PrivateKeyTagInputs extends CommonInputs {
  privateKeyTagName: string;
  privateKeyIds: string[];
  organizationId: string;
  adopt?: PrivateKeyTagAdopt;
}

export interface PrivateKeyTagOutputs extends PrivateKeyTagInputs {
  privateKeyTagId: string;
}

/** The service's fields, from the sdk's field table (the create and update intents). */
export const PRIVATE_KEY_TAG_FIELDS = serviceFields(PRIVATE_KEY_TAG_FIELD_TABLE);
export const PRIVATE_KEY_TAG_KEYS = [...PRIVATE_KEY_TAG_FIELDS, ...COMMON_KEYS] as const;
export const PRIVATE_KEY_TAG_ADOPT_FLAGS = ['byName'] as const;

function memberSet(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

export function normalizePrivateKeyTagInputs(news: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...news };
  if (out.privateKeyIds === undefined || out.privateKeyIds === null) out.privateKeyIds = [];
  else if (Array.isArray(out.privateKeyIds) && !containsUnknown(out.privateKeyIds))
    out.privateKeyIds = memberSet(out.privateKeyIds.map(String));
  return out;
}

/** The ids of the keys that carry the tag. */
function membersOf(tagId: string, keys: readonly PrivateKey[]): string[] {
  return memberSet(keys.filter((k) => k.privateKeyTags.includes(tagId)).map((k) => k.privateKeyId));
}

/** A private-key tag as the service has it, with its members. */
export interface LiveTag {
  tag: ServicePrivateKeyTag;
  members: string[];
}

/** The private-key tags among `tags` (list_private_key_tags lists user tags too) that `match`, each with its members. */
export function liveTags(
  tags: readonly ServicePrivateKeyTag[],
  keys: readonly PrivateKey[],
  match: (t: ServicePrivateKeyTag) => boolean = () => true,
): LiveTag[] {
  return tags.filter((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY' && match(t)).map((tag) => ({ tag, members: membersOf(tag.tagId, keys) }));
}

export function privateKeyTagOutputsFromLive(
  live: ServicePrivateKeyTag,
  members: string[],
  state: Placement<PrivateKeyTagAdopt>,
): PrivateKeyTagOutputs {
  return { privateKeyTagId: live.tagId, privateKeyTagName: live.tagName, privateKeyIds: members, ...placementOf(state) };
}

export function privateKeyTagInputsFromOutputs(outs: PrivateKeyTagOutputs): PrivateKeyTagInputs {
  const { privateKeyTagId: _id, ...inputs } = outs;
  return inputs;
}
