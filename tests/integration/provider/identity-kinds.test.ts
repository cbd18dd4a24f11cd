// User, ApiKey, UserTag and RootQuorum through the provider's own methods against the emulator (seeded with two
// users and a tag made "by hand"): create, read, drift, in-place updates, a key rotation that creates the new
// key before the old one is deleted, adoption of hand-made objects by natural key and by id, the tag as the one
// owner of membership, and the root quorum adopted on create and left in place on delete.
import { generateApiKeyPair } from '@walletinfra/sdk';
import { checkAndCreate, checkedInputs, failure, useHarness } from '../../support/provider-harness';

const ALICE_KEY = generateApiKeyPair().publicKey;

const h = useHarness({
  emulator: {
    seed: {
      userTags: ['approvers', 'operations'],
      users: [
        {
          userName: 'alice',
          userEmail: 'alice@acme.example',
          tags: ['approvers'],
          apiKeys: [{ apiKeyName: 'alice laptop', publicKey: ALICE_KEY }],
        },
        { userName: 'bob', tags: ['approvers', 'operations'] },
      ],
    },
  },
});

let users: Record<string, string>;
let tags: Record<string, string>;
let rootUserId: string;
beforeAll(async () => {
  const listed = (await h.client.listUsers({})).users;
  users = Object.fromEntries(listed.map((u) => [u.userName, u.userId]));
  rootUserId = users.root as string;
  tags = Object.fromEntries((await h.client.listUserTags({})).userTags.map((t) => [t.tagName, t.tagId]));
});

async function liveUser(userId: string) {
  return (await h.client.getUser({ userId })).user;
}

async function membersOf(tagId: string): Promise<string[]> {
  return (await h.client.listUsers({})).users
    .filter((u) => u.userTags.includes(tagId))
    .map((u) => u.userId)
    .sort();
}

describe('User', () => {
  let id: string;
  let outs: Record<string, unknown>;
  let inputs: Record<string, unknown>;

  test('create: an API-only user without credentials or tags; outputs in normal form', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.user, { userName: 'ci-deployer', userEmail: 'ci@acme.example' }));
    expect(outs).toEqual({ userName: 'ci-deployer', userEmail: 'ci@acme.example', allowLockout: false, organizationId: h.org, userId: id });
    const live = await liveUser(id);
    expect([live.userName, live.userEmail, live.apiKeys, live.authenticators, live.userTags]).toEqual([
      'ci-deployer',
      'ci@acme.example',
      [],
      [],
      [],
    ]);
  });

  test('read equals the state; no diff', async () => {
    const read = await h.newRuntime().user.read(id, outs);
    expect(read).toEqual({ id, props: outs, inputs });
    expect(await h.runtime.user.diff(id, read.props as Record<string, unknown>, inputs)).toEqual({ changes: false });
  });

  test('update: each changed field is its own activity, and the email is removed with an empty one; tags are never written', async () => {
    await h.client.updateUser({ userId: id, userTagIds: [tags.operations!] });
    const news = await checkedInputs(h.runtime.user, { userName: 'ci', userPhoneNumber: '+14155550100' });
    expect(await h.runtime.user.diff(id, outs, news)).toEqual({ changes: undefined });
    h.resetRequests();
    const updated = await h.newRuntime().user.update(id, outs, news);
    expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual([
      '/public/v1/submit/update_user_name',
      '/public/v1/submit/update_user_email',
      '/public/v1/submit/update_user_phone_number',
    ]);
    const live = await liveUser(id);
    expect([live.userName, live.userEmail, live.userPhoneNumber, live.userTags]).toEqual([
      'ci',
      undefined,
      '+14155550100',
      [tags.operations],
    ]);
    outs = updated.outs;
    inputs = news;
  });

  test('a tag given by hand is no drift of the user (the tag owns membership); a renamed user is', async () => {
    const read = await h.newRuntime().user.read(id, outs);
    expect(read.props).toEqual(outs);
    await h.client.updateUserName({ userId: id, userName: 'renamed by hand' });
    const drifted = await h.newRuntime().user.read(id, outs);
    expect(drifted.props).toEqual({ ...outs, userName: 'renamed by hand' });
    expect(await h.runtime.user.diff(id, drifted.props as Record<string, unknown>, inputs)).toEqual({ changes: undefined });
    await h.newRuntime().user.update(id, drifted.props as Record<string, unknown>, inputs);
    expect((await liveUser(id)).userName).toBe('ci');
  });

  test('adopt by name takes over a hand-made user; several users with the name are refused, naming them', async () => {
    const adopted = await h.newRuntime().user.create(await checkedInputs(h.runtime.user, { userName: 'bob', adopt: { byName: true } }));
    expect(adopted.id).toBe(users.bob);
    const twin = (
      await h.client.createUsers({ users: [{ userName: 'bob', apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] })
    ).result.userIds[0];
    expect(
      await failure(h.newRuntime().user.create(await checkedInputs(h.runtime.user, { userName: 'bob', adopt: { byName: true } }))),
    ).toEqual({
      code: 'INVALID_REQUEST',
      message: `invalid request for adopt user: adopt: 2 users match (${users.bob}, ${twin}); adopt one of them by id, e.g. adopt: { id: '${users.bob}' }`,
    });
    await h.client.deleteUsers({ userIds: [twin!] });
  });

  test('delete removes the user', async () => {
    await h.newRuntime().user.delete(id, outs);
    expect((await h.client.listUsers({})).users.map((u) => u.userId)).not.toContain(id);
  });
});

describe('ApiKey', () => {
  let userId: string;
  let id: string;
  let outs: Record<string, unknown>;
  let inputs: Record<string, unknown>;
  const first = generateApiKeyPair();
  const second = generateApiKeyPair();

  beforeAll(async () => {
    userId = (await checkAndCreate(h.runtime.user, { userName: 'ci-keys' })).id;
  });

  test('check refuses a private key where the public key belongs, without quoting it', async () => {
    const result = await h.runtime.apiKey.check({}, { userId, apiKeyName: 'ci', publicKey: first.privateKey });
    expect(result.failures).toEqual([
      {
        property: 'publicKey',
        reason:
          'must be a compressed P-256 public key (66 hex characters); this value is 32 bytes, the length of a private key: give the public key, and keep the private key where it was made',
      },
    ]);
    expect(JSON.stringify(result.failures)).not.toContain(first.privateKey);
  });

  test('create: the public key, its name, curve and expiry; read back from list_users', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.apiKey, {
      userId,
      apiKeyName: 'ci',
      publicKey: first.publicKey.toUpperCase(),
      expirationSeconds: '86400',
    }));
    expect(outs).toEqual({
      userId,
      apiKeyName: 'ci',
      publicKey: first.publicKey,
      curveType: 'API_KEY_CURVE_P256',
      expirationSeconds: '86400',
      allowLockout: false,
      organizationId: h.org,
      apiKeyId: id,
    });
    h.resetRequests();
    const read = await h.newRuntime().apiKey.read(id, outs);
    expect(h.requests()).toEqual(['/public/v1/query/list_users']);
    expect(read).toEqual({ id, props: outs, inputs });
  });

  test('a new public key replaces, creating first; the same public key with a new name replaces deleting first', async () => {
    const rotated = await checkedInputs(h.runtime.apiKey, {
      userId,
      apiKeyName: 'ci',
      publicKey: second.publicKey,
      expirationSeconds: '86400',
    });
    expect(await h.runtime.apiKey.diff(id, outs, rotated)).toEqual({ changes: undefined, replaces: ['publicKey'] });
    // check gets the resource's inputs in the state: its own public key is no conflict
    const checked = await h.runtime.apiKey.check(inputs, {
      userId,
      apiKeyName: 'ci-2',
      publicKey: first.publicKey,
      expirationSeconds: '86400',
    });
    expect(checked.failures).toBeUndefined();
    const renamed = checked.inputs;
    expect(await h.runtime.apiKey.diff(id, outs, renamed)).toEqual({
      changes: undefined,
      replaces: ['apiKeyName'],
      deleteBeforeReplace: true,
    });
  });

  test('a public key another key already has is refused at preview, with the adopt line', async () => {
    const result = await h.runtime.apiKey.check({}, { userId, apiKeyName: 'again', publicKey: first.publicKey });
    expect(result.failures).toEqual([
      {
        property: 'publicKey',
        reason: `is already API key ${id} ("ci") of user ${userId} in organization ${h.org}, and a public key names one credential; add adopt: { id: '${id}' } to manage that key, or give another public key`,
      },
    ]);
  });

  test('adopt by public key takes over a hand-made key of a seeded user; by a missing id is NOT_FOUND', async () => {
    const aliceKeyId = (await liveUser(users.alice!)).apiKeys[0]!.apiKeyId;
    const adopted = await h.newRuntime().apiKey.create(
      await checkedInputs(h.runtime.apiKey, {
        userId: users.alice,
        apiKeyName: 'alice laptop',
        publicKey: ALICE_KEY,
        adopt: { byPublicKey: true },
      }),
    );
    expect(adopted.id).toBe(aliceKeyId);
    expect(
      await failure(
        h
          .newRuntime()
          .apiKey.create(
            await checkedInputs(h.runtime.apiKey, { userId, apiKeyName: 'x', publicKey: second.publicKey, adopt: { id: 'nope' } }),
          ),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: `cannot adopt API key nope: organization ${h.org} has no API key with that id` });
  });

  test('delete names the user; a key already gone is no error', async () => {
    await h.newRuntime().apiKey.delete(id, outs);
    expect((await liveUser(userId)).apiKeys).toEqual([]);
    await h.newRuntime().apiKey.delete(id, outs);
  });
});

describe('UserTag', () => {
  let id: string;
  let outs: Record<string, unknown>;
  let inputs: Record<string, unknown>;

  test('create with members; membership shows on the users', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.userTag, { userTagName: 'signers', userIds: [users.bob, users.alice] }));
    expect(outs).toEqual({ userTagName: 'signers', userIds: [users.alice, users.bob].sort(), organizationId: h.org, userTagId: id });
    expect(await membersOf(id)).toEqual([users.alice, users.bob].sort());
  });

  test('rename and membership change are one update_user_tag with add/remove sets', async () => {
    const news = await checkedInputs(h.runtime.userTag, { userTagName: 'co-signers', userIds: [users.bob, rootUserId] });
    h.resetRequests();
    const updated = await h.newRuntime().userTag.update(id, outs, news);
    expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual(['/public/v1/submit/update_user_tag']);
    const activity = (await h.client.listActivities({ filterByType: ['ACTIVITY_TYPE_UPDATE_USER_TAG'] })).activities[0]!;
    expect(activity.intent.updateUserTagIntent).toEqual({
      userTagId: id,
      newUserTagName: 'co-signers',
      addUserIds: [rootUserId],
      removeUserIds: [users.alice],
    });
    expect(await membersOf(id)).toEqual([users.bob, rootUserId].sort());
    outs = updated.outs;
    inputs = news;
  });

  test('a member added by hand is drift; update removes it', async () => {
    await h.client.updateUserTag({ userTagId: id, addUserIds: [users.alice!], removeUserIds: [] });
    const read = await h.newRuntime().userTag.read(id, outs);
    expect(read.props).toEqual({ ...outs, userIds: [users.alice, users.bob, rootUserId].sort() });
    expect(await h.runtime.userTag.diff(id, read.props as Record<string, unknown>, inputs)).toEqual({ changes: undefined });
    await h.newRuntime().userTag.update(id, read.props as Record<string, unknown>, inputs);
    expect(await membersOf(id)).toEqual([users.bob, rootUserId].sort());
  });

  test('check: a member listed twice, by index; an unknown user', async () => {
    expect((await h.runtime.userTag.check({}, { userTagName: 't', userIds: ['a', 'b', 'a'] })).failures).toEqual([
      { property: 'userIds', reason: 'userIds[2]: a repeats userIds[0]; list each user once' },
    ]);
    expect((await h.runtime.userTag.check({}, { userTagName: 't', userIds: [users.bob, 'nobody'] })).failures).toEqual([
      {
        property: 'userIds',
        reason: `userIds[1] nobody: no such user in organization ${h.org}; name users by their User resources' id or by the id of an existing user`,
      },
    ]);
  });

  test('adopt by name takes over the hand-made tag with its members made to match', async () => {
    const adopted = await h
      .newRuntime()
      .userTag.create(await checkedInputs(h.runtime.userTag, { userTagName: 'approvers', userIds: [users.bob], adopt: { byName: true } }));
    expect(adopted.id).toBe(tags.approvers);
    expect(await membersOf(tags.approvers!)).toEqual([users.bob]);
  });

  test('delete removes the tag from its members', async () => {
    await h.newRuntime().userTag.delete(id, outs);
    expect((await h.client.listUserTags({})).userTags.map((t) => t.tagId)).not.toContain(id);
    expect(await membersOf(id)).toEqual([]);
  });
});

describe('RootQuorum', () => {
  test('create adopts the quorum there is (no write when it already matches); read; its id is rootQuorum', async () => {
    h.resetRequests();
    const { id, outs, inputs } = await checkAndCreate(h.runtime.rootQuorum, { threshold: 1, userIds: [rootUserId] });
    expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual([]);
    expect([id, outs]).toEqual(['rootQuorum', { threshold: 1, userIds: [rootUserId], allowLockout: false, organizationId: h.org }]);
    expect(await h.newRuntime().rootQuorum.read(id, outs)).toEqual({ id, props: outs, inputs: outs });
    expect(inputs).toEqual({ threshold: 1, userIds: [rootUserId], allowLockout: false, organizationId: h.org });
  });

  test('update: members and threshold in one update_root_quorum; delete leaves it in place and says so', async () => {
    const warnings: string[] = [];
    const outs = { threshold: 1, userIds: [rootUserId], allowLockout: false, organizationId: h.org };
    const news = await checkedInputs(h.runtime.rootQuorum, { threshold: 1, userIds: [users.alice, rootUserId] });
    const updated = await h.newRuntime().rootQuorum.update('rootQuorum', outs, news);
    expect((await h.client.getOrganizationConfigs({})).configs.quorum).toEqual({ threshold: 1, userIds: [users.alice, rootUserId].sort() });
    expect(updated.outs).toEqual({ ...news });
    const rt = h.newRuntime({}, { log: () => undefined });
    (rt.context as { warn: (line: string) => void }).warn = (line) => warnings.push(line);
    await rt.rootQuorum.delete('rootQuorum', updated.outs);
    expect(warnings).toEqual([
      `warning: the root quorum of organization ${h.org} was left in place: an organization always has one. Pulumi no longer manages it; its members and threshold stay as they are.`,
    ]);
    await h.client.updateRootQuorum({ threshold: 1, userIds: [rootUserId] });
  });
});
