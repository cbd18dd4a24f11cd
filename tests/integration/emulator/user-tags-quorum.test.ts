// User tags and the root quorum through our sdk client against the emulator (docs/service-behaviour.md#user-tags,
// #root-quorum): membership as users carry it, consensus over a tag made through the API, the quorum as the
// voting engine uses it, and each refusal with its whole message.
import { ConsensusNeededError, generateApiKeyPair, isWalletInfraError, type WalletInfraClient } from '@walletinfra/sdk';
import { clientFor, envelope, FIXED_NOW, manualClock, serviceError, submitActivity, useTestEmulator } from '../../support/emulator';

const clock = manualClock();
const emu = useTestEmulator({ clock: clock.now });
let client: WalletInfraClient;
const opened: WalletInfraClient[] = [];
const unknown = '00000000-0000-4000-8000-00000000f00d';

beforeEach(() => {
  emu.reset();
  clock.set(FIXED_NOW);
  client = clientFor(emu, undefined, undefined, { now: clock.now });
});
afterEach(async () => {
  await client.close();
  for (const c of opened.splice(0)) await c.close();
});

async function refusal(p: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    if (!isWalletInfraError(e)) throw e;
    return { status: e.status, grpcCode: e.grpcCode, turnkeyErrorCode: e.turnkeyErrorCode, message: e.serviceMessage };
  }
  throw new Error('expected a refusal');
}
const refused = (status: number, grpcCode: number, turnkeyErrorCode: string, message: string) => ({
  status,
  grpcCode,
  turnkeyErrorCode,
  message,
});

/** A new API-only user with a P-256 key, and a client that stamps with that key. */
async function newUser(userName: string): Promise<{ userId: string; client: WalletInfraClient }> {
  const key = generateApiKeyPair();
  const { result } = await client.createApiOnlyUsers({
    apiOnlyUsers: [{ userName, userTags: [], apiKeys: [{ apiKeyName: userName, publicKey: key.publicKey }] }],
  });
  const own = clientFor(emu, key, undefined, { now: clock.now });
  opened.push(own);
  return { userId: result.userIds[0]!, client: own };
}

const tagsOf = async (userId: string) => (await client.getUser({ userId })).user.userTags;

describe('user tags', () => {
  test('create, rename, add and remove members, delete: membership shows on the users', async () => {
    const a = await newUser('a');
    const b = await newUser('b');
    const created = await client.createUserTag({ userTagName: 'approvers', userIds: [a.userId, a.userId] });
    const tagId = created.result.userTagId;
    expect(created.result).toEqual({ userTagId: tagId, userIds: [a.userId] });
    expect([await tagsOf(a.userId), await tagsOf(b.userId)]).toEqual([[tagId], []]);
    await client.createPrivateKeyTag({ privateKeyTagName: 'hot', privateKeyIds: [] });
    const ts = { seconds: String(FIXED_NOW / 1000), nanos: '0' };
    expect((await client.listUserTags()).userTags).toEqual([
      { tagId, tagName: 'approvers', tagType: 'TAG_TYPE_USER', createdAt: ts, updatedAt: ts },
    ]);

    clock.advance(2000);
    const updated = await client.updateUserTag({
      userTagId: tagId,
      newUserTagName: 'signers',
      addUserIds: [b.userId],
      removeUserIds: [a.userId],
    });
    expect(updated.result).toEqual({ userTagId: tagId });
    expect([await tagsOf(a.userId), await tagsOf(b.userId)]).toEqual([[], [tagId]]);
    expect((await client.listUserTags()).userTags[0]).toMatchObject({
      tagName: 'signers',
      updatedAt: { seconds: String(FIXED_NOW / 1000 + 2) },
    });
    // adding a member again, or removing a non-member, changes nothing
    await client.updateUserTag({ userTagId: tagId, addUserIds: [b.userId], removeUserIds: [a.userId] });
    expect([await tagsOf(a.userId), await tagsOf(b.userId)]).toEqual([[], [tagId]]);

    expect((await client.deleteUserTags({ userTagIds: [tagId] })).result).toEqual({ userTagIds: [tagId], userIds: [b.userId] });
    expect(await tagsOf(b.userId)).toEqual([]);
    expect((await client.listUserTags()).userTags).toEqual([]);
    expect((await client.listPrivateKeyTags()).privateKeyTags.map((t) => t.tagName)).toEqual(['hot']);
  });

  test('refusals: a taken name, unknown users and tags, a user both added and removed, a private-key tag', async () => {
    const a = await newUser('a');
    const { result: first } = await client.createUserTag({ userTagName: 'ops', userIds: [] });
    // a new timestampMs: the same body again would be the same activity (docs/service-behaviour.md#idempotency-and-fingerprints)
    clock.advance(1);
    expect(await refusal(client.createUserTag({ userTagName: 'ops', userIds: [] }))).toEqual(
      refused(
        400,
        3,
        'REQUEST_INVALID',
        `user tag name must be unique: parameters.userTagName "ops" is the name of user tag ${first.userTagId}`,
      ),
    );
    const { result: second } = await client.createUserTag({ userTagName: 'dev', userIds: [] });
    expect(
      await refusal(client.updateUserTag({ userTagId: second.userTagId, newUserTagName: 'ops', addUserIds: [], removeUserIds: [] })),
    ).toEqual(
      refused(
        400,
        3,
        'REQUEST_INVALID',
        `user tag name must be unique: parameters.newUserTagName "ops" is the name of user tag ${first.userTagId}`,
      ),
    );
    expect(await refusal(client.createUserTag({ userTagName: 'x', userIds: [a.userId, unknown] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user found with ID ${unknown} (parameters.userIds[1])`),
    );
    expect(await refusal(client.updateUserTag({ userTagId: first.userTagId, addUserIds: [], removeUserIds: [unknown] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user found with ID ${unknown} (parameters.removeUserIds[0])`),
    );
    expect(await refusal(client.updateUserTag({ userTagId: first.userTagId, addUserIds: [a.userId], removeUserIds: [a.userId] }))).toEqual(
      refused(400, 3, 'REQUEST_INVALID', `invalid request body: user ${a.userId} is in both addUserIds and removeUserIds`),
    );
    expect(await refusal(client.updateUserTag({ userTagId: unknown, addUserIds: [], removeUserIds: [] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user tag found with ID ${unknown} (parameters.userTagId)`),
    );
    const { result: keyTag } = await client.createPrivateKeyTag({ privateKeyTagName: 'keys', privateKeyIds: [] });
    expect(await refusal(client.deleteUserTags({ userTagIds: [first.userTagId, keyTag.privateKeyTagId] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user tag found with ID ${keyTag.privateKeyTagId} (parameters.userTagIds[1])`),
    );
    expect(await refusal(client.updateUser({ userId: a.userId, userTagIds: [keyTag.privateKeyTagId] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user tag found with ID ${keyTag.privateKeyTagId} (parameters.userTagIds[0])`),
    );
    expect((await client.listUserTags()).userTags.map((t) => t.tagName)).toEqual(['ops', 'dev']);
  });

  test('a consensus naming a tag made through the API decides as with seeded tags', async () => {
    const a = await newUser('a');
    const b = await newUser('b');
    const c = await newUser('c');
    const { result: tag } = await client.createUserTag({ userTagName: 'signers', userIds: [a.userId, b.userId] });
    await client.createPolicy({
      policyName: 'two signers',
      effect: 'EFFECT_ALLOW',
      notes: '',
      consensus: `approvers.filter(user, user.tags.contains('${tag.userTagId}')).count() >= 2`,
      condition: "activity.resource == 'PRIVATE_KEY'",
    });
    const submitted = await a.client.createPrivateKeyTag({ privateKeyTagName: 'two', privateKeyIds: [] }).catch((e: unknown) => e);
    expect(submitted).toBeInstanceOf(ConsensusNeededError);
    const { fingerprint, id } = (submitted as ConsensusNeededError).activity as { fingerprint: string; id: string };
    // c is not tagged: its approval does not make two signers
    await c.client.approveActivity({ fingerprint });
    expect((await client.getActivity({ activityId: id })).activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    // each vote is its own body (a new timestampMs), or it would be the same activity as c's
    clock.advance(1);
    await b.client.approveActivity({ fingerprint });
    expect((await client.getActivity({ activityId: id })).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    // taking b out of the tag through the API takes its approvals' weight with it
    await client.updateUserTag({ userTagId: tag.userTagId, addUserIds: [], removeUserIds: [b.userId] });
    const again = await a.client.createPrivateKeyTag({ privateKeyTagName: 'three', privateKeyIds: [] }).catch((e: unknown) => e);
    const next = (again as ConsensusNeededError).activity as { fingerprint: string; id: string };
    await b.client.approveActivity({ fingerprint: next.fingerprint });
    expect((await client.getActivity({ activityId: next.id })).activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
  });
});

describe('root quorum', () => {
  test('get_organization_configs reads it; update_root_quorum sets it; the voting engine then needs both roots', async () => {
    const rootId = emu.credentials.userId;
    expect((await client.getOrganizationConfigs()).configs).toEqual({ features: [], quorum: { threshold: 1, userIds: [rootId] } });
    const second = await newUser('second root');
    // before: not a root user, no policy lets it write
    expect(await refusal(second.client.createPolicy({ policyName: 'p', effect: 'EFFECT_ALLOW', notes: '' }))).toEqual(
      refused(403, 7, 'REQUEST_NOT_AUTHORIZED', 'request not authorized: No policies evaluated to outcome: Allow'),
    );

    const done = await client.updateRootQuorum({ threshold: 2, userIds: [rootId, second.userId] });
    expect([done.activity.status, done.result]).toEqual(['ACTIVITY_STATUS_COMPLETED', {}]);
    expect((await client.getOrganizationConfigs()).configs.quorum).toEqual({ threshold: 2, userIds: [rootId, second.userId] });

    // a root write now waits for the other root; the second root's approval completes it
    const pending = await client.createPolicy({ policyName: 'needs two', effect: 'EFFECT_ALLOW', notes: '' }).catch((e: unknown) => e);
    expect(pending).toBeInstanceOf(ConsensusNeededError);
    const { fingerprint, id } = (pending as ConsensusNeededError).activity as { fingerprint: string; id: string };
    await second.client.approveActivity({ fingerprint });
    expect((await client.getActivity({ activityId: id })).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');

    // lowering the quorum is itself a root-quorum activity: it waits for the second root too
    const lowering = await client.updateRootQuorum({ threshold: 1, userIds: [rootId] }).catch((e: unknown) => e);
    expect(lowering).toBeInstanceOf(ConsensusNeededError);
    expect((await client.getOrganizationConfigs()).configs.quorum?.threshold).toBe(2);
    await second.client.approveActivity({
      fingerprint: ((lowering as ConsensusNeededError).activity as { fingerprint: string }).fingerprint,
    });
    expect((await client.getOrganizationConfigs()).configs.quorum).toEqual({ threshold: 1, userIds: [rootId] });
    // out of the quorum, the second user may be deleted
    expect((await client.deleteUsers({ userIds: [second.userId] })).result).toEqual({ userIds: [second.userId] });
  });

  test('only the root quorum may update it: a non-root user is refused even with a policy allowing everything', async () => {
    const user = await newUser('outsider');
    await client.createPolicy({ policyName: 'allow all', effect: 'EFFECT_ALLOW', notes: '', condition: 'true' });
    expect(await refusal(user.client.updateRootQuorum({ threshold: 1, userIds: [user.userId] }))).toEqual(
      refused(
        403,
        7,
        'REQUEST_NOT_AUTHORIZED',
        `request not authorized: only the root quorum can approve ACTIVITY_TYPE_UPDATE_ROOT_QUORUM, and user ${user.userId} is not a member of it; policies cannot grant it`,
      ),
    );
    expect((await client.getOrganizationConfigs()).configs.quorum?.userIds).toEqual([emu.credentials.userId]);
  });

  test('refusals: a threshold above the members, below 1, unknown or repeated users', async () => {
    const rootId = emu.credentials.userId;
    const before = emu.store.organizations.get(emu.credentials.organizationId)?.rootQuorum;
    expect(await refusal(client.updateRootQuorum({ threshold: 2, userIds: [rootId] }))).toEqual(
      refused(
        400,
        3,
        'REQUEST_INVALID',
        'invalid request body: parameters.threshold: 2 exceeds the 1 users of parameters.userIds; a quorum cannot need more approvals than it has members',
      ),
    );
    expect(await refusal(client.updateRootQuorum({ threshold: 1, userIds: [rootId, unknown] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user found with ID ${unknown} (parameters.userIds[1])`),
    );
    expect(await refusal(client.updateRootQuorum({ threshold: 1, userIds: [rootId, rootId] }))).toEqual(
      refused(400, 3, 'REQUEST_INVALID', `invalid request body: parameters.userIds[1]: user ${rootId} is listed more than once`),
    );
    expect(await refusal(client.updateRootQuorum({ threshold: 1, userIds: [] }))).toEqual(
      refused(
        400,
        3,
        'REQUEST_INVALID',
        'invalid request body: parameters.threshold: 1 exceeds the 0 users of parameters.userIds; a quorum cannot need more approvals than it has members',
      ),
    );
    const sdkRefusal = await client.updateRootQuorum({ threshold: 0, userIds: [rootId] }).catch((e: unknown) => e);
    expect(isWalletInfraError(sdkRefusal) && [sdkRefusal.name, sdkRefusal.message]).toEqual([
      'InvalidRequestError',
      'invalid request for update_root_quorum: parameters.threshold: quorum threshold must be non-zero integer',
    ]);
    const raw = await submitActivity(
      emu,
      'update_root_quorum',
      envelope(emu, 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', { threshold: 0, userIds: [rootId] }, FIXED_NOW),
    );
    expect([raw.status, raw.json]).toEqual([
      400,
      serviceError(3, 'invalid request body: parameters.threshold: quorum threshold must be non-zero integer', 'REQUEST_INVALID'),
    ]);
    expect(emu.store.organizations.get(emu.credentials.organizationId)?.rootQuorum).toEqual(before);
  });
});
