// A private key on the wire (@turnkey/http's generated `v1PrivateKey`), with the ids of the tags that hold it.
import type { PrivateKeyRecord, TagRecord } from '../store/records';
import { renderTime, type TimeFormat } from './time';

export function renderPrivateKey(k: PrivateKeyRecord, tags: readonly TagRecord[], format: TimeFormat): Record<string, unknown> {
  return {
    privateKeyId: k.privateKeyId,
    publicKey: k.publicKey,
    privateKeyName: k.privateKeyName,
    curve: k.curve,
    addresses: [],
    privateKeyTags: tags.filter((t) => t.privateKeyIds.includes(k.privateKeyId)).map((t) => t.tagId),
    createdAt: renderTime(k.createdAt, format),
    updatedAt: renderTime(k.updatedAt, format),
    exported: false,
    imported: false,
  };
}
