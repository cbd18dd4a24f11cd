// `--shard i/n`: a stable partition by sub-organization id.
import { inShard, parseShard, shardOf } from '@walletinfra/pulumi/fleet/shard';

const ids = Array.from({ length: 3000 }, (_, i) => `5f1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}`);

test('i/n is parsed; anything else is refused with the fix', () => {
  expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
  expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
  const problem = (text: string) => {
    try {
      return parseShard(text);
    } catch (error) {
      return (error as Error).message;
    }
  };
  expect(problem('0/3')).toBe("--shard 0/3: the shard's number must be from 1 to 3 (shards count from 1), got 0");
  expect(problem('4/3')).toBe("--shard 4/3: the shard's number must be from 1 to 3 (shards count from 1), got 4");
  expect(problem('1/0')).toBe('--shard 1/0: the number of shards must be from 1 to 1000, got 0');
  expect(problem('1/1001')).toBe('--shard 1/1001: the number of shards must be from 1 to 1000, got 1001');
  expect(problem('2')).toBe("--shard 2: expected i/n, the shard's number and how many there are, like 2/3 (shards count from 1)");
  expect(problem('a/b')).toBe("--shard a/b: expected i/n, the shard's number and how many there are, like 2/3 (shards count from 1)");
  expect(problem('-1/3')).toBe("--shard -1/3: expected i/n, the shard's number and how many there are, like 2/3 (shards count from 1)");
});

test('every id is in exactly one shard, and the shards are about even', () => {
  for (const count of [1, 2, 3, 7]) {
    const sizes = Array.from({ length: count }, (_, i) => ids.filter((id) => inShard(id, { index: i + 1, count })).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(ids.length);
    for (const size of sizes) expect(Math.abs(size - ids.length / count)).toBeLessThan((ids.length / count) * 0.15);
  }
});

test('stable: the shard depends on the id and n only; adding or removing sub-organizations moves no other', () => {
  const before = new Map(ids.map((id) => [id, shardOf(id, 3)]));
  const more = [...ids, 'new-1', 'new-2', 'new-3'].filter((id) => id !== ids[10]);
  for (const id of more) if (before.has(id)) expect(shardOf(id, 3)).toBe(before.get(id));
  // known answers: the first four bytes of the id's SHA-256 (sha256("org-1") starts c2 47 87 a7, 3259467687), modulo n, plus one
  expect(['org-1', 'org-2', 'org-3', 'org-4', 'org-5'].map((id) => shardOf(id, 3))).toEqual([1, 3, 1, 3, 3]);
  expect(shardOf('org-1', 1)).toBe(1);
  expect(inShard('anything', undefined)).toBe(true);
});
