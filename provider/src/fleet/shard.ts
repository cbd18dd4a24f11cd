// `--shard i/n`: a stable partition of a fleet by sub-organization id, so n CI jobs scan disjoint parts of one
// fleet and `walletinfra-fleet merge` puts their reports back together. A sub-organization's shard depends on its
// id and n only (the first four bytes of the id's SHA-256, modulo n): adding or deleting sub-organizations moves
// none of the others. docs/fleet.md, "Sharding over a CI matrix".
import { createHash } from 'node:crypto';
import { ConfigurationError } from '@walletinfra/sdk/errors';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** The most shards a fleet is split into: far beyond any CI matrix (GitHub Actions runs at most 256 jobs per matrix). */
export const MAX_SHARDS = 1000;

/** `2/3` → `{ index: 2, count: 3 }`; `where` names the flag in the error. */
export function parseShard(text: string, where = '--shard'): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (m === null) {
    throw new ConfigurationError(
      `${where} ${text}: expected i/n, the shard's number and how many there are, like 2/3 (shards count from 1)`,
    );
  }
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS) {
    throw new ConfigurationError(`${where} ${text}: the number of shards must be from 1 to ${MAX_SHARDS}, got ${count}`);
  }
  if (index < 1 || index > count) {
    throw new ConfigurationError(`${where} ${text}: the shard's number must be from 1 to ${count} (shards count from 1), got ${index}`);
  }
  return { index, count };
}

/** The shard (1-based) a sub-organization belongs to when the fleet is split into `count`. */
export function shardOf(id: string, count: number): number {
  if (count === 1) return 1;
  return (createHash('sha256').update(id, 'utf8').digest().readUInt32BE(0) % count) + 1;
}

/** Whether `id` is in `shard` (every id is in the whole fleet, shard undefined). */
export function inShard(id: string, shard: Shard | undefined): boolean {
  return shard === undefined || shardOf(id, shard.count) === shard.index;
}

/** `2/3`. */
export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}
