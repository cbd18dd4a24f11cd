// PrivateKeyTag through the provider's own methods against the emulator (seeded with private keys):
// create with members, membership read from list_private_keys, rename and membership change in ONE
// update with add/remove sets, drift, adoption by name and id, out-of-band deletion, delete.
import { checkAndCreate, checkedInputs, failure, useHarness, present } from '../../support/provider-harness';

const h = useHarness({
  emulator: {
    seed: {
      privateKeyTags: ['seeded'],
      privateKeys: [{ privateKeyName: 'k1', tags: ['seeded'] }, { privateKeyName: 'k2' }, { privateKeyName: 'k3' }],
    },
  },
});
let keys: Record<string, string>;
beforeAll(async () => {
  keys = Object.fromEntries((await h.client.listPrivateKeys({})).privateKeys.map((k) => [k.privateKeyName, k.privateKeyId]));
});

function checked(news: Record<string, unknown>): Promise<Record<string, unknown>> {
  return checkedInputs(h.runtime.privateKeyTag, news);
}

async function liveMembers(tagId: string): Promise<string[]> {
  return (await h.client.listPrivateKeys({})).privateKeys
    .filter((k) => k.privateKeyTags.includes(tagId))
    .map((k) => k.privateKeyId)
    .sort();
}

test('check: name required, member ids each once, by index', async () => {
  expect((await h.runtime.privateKeyTag.check({}, { privateKeyTagName: ' ', privateKeyIds: ['a', 'b', 'a'] })).failures).toEqual([
    { property: 'privateKeyTagName', reason: 'must not be empty' },
    { property: 'privateKeyIds', reason: 'privateKeyIds[2]: a repeats privateKeyIds[0]; list each private key once' },
  ]);
  expect((await h.runtime.privateKeyTag.check({}, { privateKeyTagName: 't', privateKeyIds: 'k1' })).failures).toEqual([
    { property: 'privateKeyIds', reason: 'must be an array, got string "k1"' },
  ]);
});

describe('PrivateKeyTag lifecycle', () => {
  let id: string;
  let inputs: Record<string, unknown>;
  let outs: Record<string, unknown>;

  test('create with members; the members show on the keys', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.privateKeyTag, {
      privateKeyTagName: 'cold',
      privateKeyIds: [keys.k2, keys.k1],
    }));
    expect(outs).toEqual({
      privateKeyTagName: 'cold',
      privateKeyIds: [keys.k1, keys.k2].sort(),
      organizationId: h.org,
      privateKeyTagId: id,
    });
    expect(await liveMembers(id)).toEqual([keys.k1, keys.k2].sort());
  });

  test('read equals the state and no diff, whatever the order of the ids', async () => {
    const read = present(await h.newRuntime().privateKeyTag.read(id, outs));
    expect(read).toEqual({ id, props: outs, inputs });
    expect(
      await h.runtime.privateKeyTag.diff(id, read.props, {
        privateKeyTagName: 'cold',
        privateKeyIds: [keys.k2, keys.k1],
        organizationId: h.org,
      }),
    ).toEqual({ changes: false });
  });

  test('rename and membership change are one in-place update with add/remove sets', async () => {
    const news = await checked({ privateKeyTagName: 'frozen', privateKeyIds: [keys.k2, keys.k3] });
    expect(await h.runtime.privateKeyTag.diff(id, outs, news)).toEqual({ changes: undefined });
    const log: unknown[] = [];
    h.resetRequests();
    const rt = h.newRuntime();
    const updated = await rt.privateKeyTag.update(id, outs, news);
    expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual(['/public/v1/submit/update_private_key_tag']);
    const activity = (await h.client.listActivities({ filterByType: ['ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG'] })).activities[0]!;
    log.push(activity.intent.updatePrivateKeyTagIntent);
    expect(log).toEqual([
      { privateKeyTagId: id, newPrivateKeyTagName: 'frozen', addPrivateKeyIds: [keys.k3], removePrivateKeyIds: [keys.k1] },
    ]);
    outs = updated.outs!;
    inputs = news;
    expect(await liveMembers(id)).toEqual([keys.k2, keys.k3].sort());
    expect((await h.client.listPrivateKeyTags({})).privateKeyTags.find((t) => t.tagId === id)?.tagName).toBe('frozen');
  });

  test('membership changed by hand is drift; update restores it', async () => {
    await h.client.updatePrivateKeyTag({ privateKeyTagId: id, addPrivateKeyIds: [keys.k1!], removePrivateKeyIds: [] });
    const read = present(await h.newRuntime().privateKeyTag.read(id, outs));
    expect(read.props).toEqual({ ...outs, privateKeyIds: [keys.k1, keys.k2, keys.k3].sort() });
    expect(await h.runtime.privateKeyTag.diff(id, read.props, inputs)).toEqual({ changes: undefined });
    await h.newRuntime().privateKeyTag.update(id, read.props, inputs);
    expect(await liveMembers(id)).toEqual([keys.k2, keys.k3].sort());
  });

  test('adopt by name takes over the seeded tag without a duplicate; by a missing id is NOT_FOUND', async () => {
    const adopted = await h
      .newRuntime()
      .privateKeyTag.create(await checked({ privateKeyTagName: 'seeded', privateKeyIds: [keys.k1], adopt: { byName: true } }));
    expect((await h.client.listPrivateKeyTags({})).privateKeyTags.filter((t) => t.tagName === 'seeded').map((t) => t.tagId)).toEqual([
      adopted.id,
    ]);
    expect(await failure(h.newRuntime().privateKeyTag.create(await checked({ privateKeyTagName: 'x', adopt: { id: 'nope' } })))).toEqual({
      code: 'NOT_FOUND',
      message: `cannot adopt private key tag nope: organization ${h.org} has no private key tag with that id`,
    });
  });

  test('deleted outside Pulumi: read says gone, update says to refresh', async () => {
    await h.client.deletePrivateKeyTags({ privateKeyTagIds: [id] });
    expect(await h.newRuntime().privateKeyTag.read(id, outs)).toEqual({ id: '' });
    expect(await failure(h.newRuntime().privateKeyTag.update(id, outs, inputs))).toEqual({
      code: 'NOT_FOUND',
      message: `private key tag ${id} no longer exists in organization ${h.org}; run \`pulumi refresh\` so Pulumi can recreate it`,
    });
    // delete of a tag that is already gone succeeds
    await h.newRuntime().privateKeyTag.delete(id, outs);
  });
});
