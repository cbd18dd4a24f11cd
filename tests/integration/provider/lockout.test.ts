// No plan may lock the organization out: every lock-out rule and the access warning through the provider's own
// methods against the emulator, each message asserted whole, and nothing written at the service when a rule
// refuses. Two identities sign: the harness's root user (a root quorum of one), and "deployer", a non-root user
// with its own API key, for the rules about the stack's own key and user.
import { generateApiKeyPair } from '@walletinfra/sdk';
import type { Runtime } from '@walletinfra/pulumi/runtime/providers';
import { UNKNOWN } from '@walletinfra/pulumi/wire';
import { checkAndCreate, checkedInputs, failure, useHarness } from '../../support/provider-harness';

const ALICE_KEY = generateApiKeyPair().publicKey;

const h = useHarness({
  emulator: {
    seed: {
      userTags: ['approvers'],
      users: [
        { userName: 'alice', tags: ['approvers'], apiKeys: [{ apiKeyName: 'alice laptop', publicKey: ALICE_KEY }] },
        { userName: 'carol' },
      ],
    },
  },
});

let ids: Record<string, string>;
let approvers: string;
let deployer: { userId: string; apiKeyId: string; publicKey: string; privateKey: string };
const warnings: string[] = [];

/** A runtime signing as the deployer (a second `pulumi` run of another stack), its warnings collected. */
function asDeployer(): Runtime {
  return h.newRuntime(
    { 'walletinfra:apiPublicKey': deployer.publicKey, 'walletinfra:apiPrivateKey': deployer.privateKey },
    { warn: (line) => warnings.push(line), log: () => undefined },
  );
}

beforeAll(async () => {
  const made = (await h.admin('POST', '/users', { userName: 'deployer', generateApiKey: true })).json as {
    userId: string;
    apiKeys: Array<{ apiKeyId: string; publicKey: string; privateKey: string }>;
  };
  deployer = { userId: made.userId, ...made.apiKeys[0]! };
  ids = Object.fromEntries((await h.client.listUsers({})).users.map((u) => [u.userName, u.userId]));
  approvers = (await h.client.listUserTags({})).userTags[0]!.tagId;
});
beforeEach(() => {
  warnings.length = 0;
});

async function quorum() {
  return (await h.client.getOrganizationConfigs({})).configs.quorum;
}

async function submitted(): Promise<string[]> {
  return h.requests().filter((p) => p.includes('/submit/'));
}

describe('RootQuorum', () => {
  test('a threshold above its members is refused at preview', async () => {
    expect((await h.runtime.rootQuorum.check({}, { threshold: 3, userIds: [ids.root, ids.alice] })).failures).toEqual([
      {
        property: 'threshold',
        reason:
          '3 is more than the 2 user(s) of userIds: the root quorum could never approve anything again, a change of itself included ' +
          '(lock-out rule: a root quorum needs at most as many approvals as it has members). Lower threshold to at most 2, or add users to userIds.',
      },
    ]);
  });

  test('a member without a credential is refused at preview, unless this deployment declares a key for it or allowLockout says so', async () => {
    const rt = h.newRuntime();
    expect((await rt.rootQuorum.check({}, { threshold: 1, userIds: [ids.root, ids.carol] })).failures).toEqual([
      {
        property: 'userIds',
        reason:
          `user "carol" (${ids.carol}) has no credential that can sign (no unexpired API key, no passkey), and this deployment ` +
          'declares no ApiKey for it: a root user who cannot sign never approves, so the quorum could lose the approvals it needs ' +
          '(lock-out rule: every root user keeps a credential that can sign). Declare an ApiKey for the user before the RootQuorum in the ' +
          'program, enroll a passkey, remove the user from userIds, or set allowLockout: true.',
      },
    ]);
    expect((await rt.rootQuorum.check({}, { threshold: 1, userIds: [ids.root, ids.carol], allowLockout: true })).failures).toBeUndefined();
    await checkedInputs(rt.apiKey, { userId: ids.carol, apiKeyName: 'carol', publicKey: generateApiKeyPair().publicKey });
    expect((await rt.rootQuorum.check({}, { threshold: 1, userIds: [ids.root, ids.carol] })).failures).toBeUndefined();
  });

  test('a change the stack cannot submit (its user is not in the quorum) is refused at preview', async () => {
    expect((await asDeployer().rootQuorum.check({}, { threshold: 1, userIds: [ids.root, ids.alice] })).failures).toEqual([
      {
        property: 'userIds',
        reason:
          `only the root quorum can change the root quorum, and this stack signs as user "deployer" (${deployer.userId}), who is not in it ` +
          `(members ${ids.root}, threshold 1); run this stack with a root user's credentials, or declare the quorum as it is`,
      },
    ]);
  });

  test('the update refuses a member without a credential before writing anything', async () => {
    const outs = { threshold: 1, userIds: [ids.root], allowLockout: false, organizationId: h.org };
    h.resetRequests();
    const news = { threshold: 1, userIds: [ids.root, ids.carol].sort(), allowLockout: false, organizationId: h.org };
    expect(await failure(h.newRuntime().rootQuorum.update('rootQuorum', outs, news))).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `invalid request for update the root quorum of organization ${h.org}: userIds: user "carol" (${ids.carol}) has no credential that can sign (no unexpired API key, no passkey), and this deployment declares no ` +
        'ApiKey for it: a root user who cannot sign never approves, so the quorum could lose the approvals it needs (lock-out rule: every ' +
        'root user keeps a credential that can sign). Declare an ApiKey for the user before the RootQuorum in the program, enroll a passkey, ' +
        "remove the user from userIds, or set allowLockout: true. (A key declared after the RootQuorum is created too late: add it to the RootQuorum's dependsOn.)",
    });
    expect(await submitted()).toEqual([]);
    expect(await quorum()).toEqual({ threshold: 1, userIds: [ids.root] });
  });
});

describe('RootQuorum and the keys of the same update', () => {
  test('the update waits for a key this update creates for a new member, then writes', async () => {
    const rt = h.newRuntime();
    const keyInputs = await checkedInputs(rt.apiKey, { userId: ids.carol, apiKeyName: 'carol', publicKey: generateApiKeyPair().publicKey });
    const news = await checkedInputs(rt.rootQuorum, { threshold: 1, userIds: [ids.root, ids.carol] });
    // The quorum's update finds carol without a credential and waits; meanwhile the key's create runs.
    h.onSleep.hook = async () => {
      h.onSleep.hook = undefined;
      await rt.apiKey.create(keyInputs);
    };
    h.resetRequests();
    await rt.rootQuorum.update('rootQuorum', { threshold: 1, userIds: [ids.root], allowLockout: false, organizationId: h.org }, news);
    expect(await submitted()).toEqual(['/public/v1/submit/create_api_keys', '/public/v1/submit/update_root_quorum']);
    expect(await quorum()).toEqual({ threshold: 1, userIds: [ids.root, ids.carol].sort() });
    await h.client.updateRootQuorum({ threshold: 1, userIds: [ids.root!] });
  });

  test("a planned quorum without the stack's own user (the deliberate exception) warns about what the stack then cannot do", async () => {
    const rt = h.newRuntime({}, { warn: (line) => warnings.push(line), log: () => undefined });
    await checkedInputs(rt.userTag, { userTagName: 'reviewers' });
    expect(warnings).toEqual([]);
    await checkedInputs(rt.rootQuorum, { threshold: 1, userIds: [ids.alice], allowLockout: true });
    expect(warnings).toEqual([
      `warning: with the planned policies, this stack's own user "root" (${ids.root}) would be denied ACTIVITY_TYPE_CREATE_USER_TAG ` +
        '(to create user tag): no policy allows it; the update would stop there, and so would every later run of this stack. To proceed, ' +
        'allow it for this user, or run the stack with credentials of a user the policies allow.',
    ]);
  });
});

describe('ApiKey', () => {
  let rootKey: { id: string; outs: Record<string, unknown> };

  beforeAll(async () => {
    const live = (await h.client.getUser({ userId: ids.root! })).user.apiKeys[0]!;
    const created = await checkAndCreate(h.runtime.apiKey, {
      userId: ids.root,
      apiKeyName: live.apiKeyName,
      publicKey: live.credential.publicKey,
      adopt: { id: live.apiKeyId },
    });
    rootKey = { id: created.id, outs: created.outs };
  });

  test('replacing the key this stack signs with is refused at preview (diff)', async () => {
    const news = await h.runtime.apiKey.check(rootKey.outs, { ...rootKey.outs, publicKey: generateApiKeyPair().publicKey });
    expect(await failure(h.runtime.apiKey.diff(rootKey.id, rootKey.outs, news.inputs))).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `refusing to replace API key ${rootKey.id} ("emulator root key") of user "root" (${ids.root}) (changing publicKey replaces it, which deletes it): ` +
        'it is the key this stack signs its requests with (walletinfra:apiPublicKey (or its profile)), so the rest of the update and every later run ' +
        'would be refused (lock-out rule: a stack never deletes the API key it signs with). To rotate it, declare the new key as another ApiKey, ' +
        'run `pulumi up`, set walletinfra:apiPublicKey and walletinfra:apiPrivateKey to the new key, then change or remove this one; or set allowLockout: true.',
    });
    const allowed = await h.runtime.apiKey.check(rootKey.outs, { ...rootKey.outs, apiKeyName: 'renamed', allowLockout: true });
    expect(await h.runtime.apiKey.diff(rootKey.id, rootKey.outs, allowed.inputs)).toEqual({
      changes: undefined,
      replaces: ['apiKeyName'],
      deleteBeforeReplace: true,
    });
  });

  test('deleting the key this stack signs with is refused before anything is written', async () => {
    h.resetRequests();
    expect(await failure(h.newRuntime().apiKey.delete(rootKey.id, rootKey.outs))).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `refusing to delete API key ${rootKey.id} ("emulator root key") of user "root" (${ids.root}): it is the key this stack signs its ` +
        'requests with (walletinfra:apiPublicKey (or its profile)), so the rest of the update and every later run would be refused ' +
        "(lock-out rule: a stack never deletes the API key it signs with). Switch the stack's credentials to another key of the organization " +
        'first, or declare the resource again with allowLockout: true and run `pulumi up` before removing it.',
    });
    expect(await submitted()).toEqual([]);
  });

  test('deleting the last credential of a root user is refused before anything is written', async () => {
    await h.client.updateRootQuorum({ threshold: 1, userIds: [ids.root!, ids.alice!] });
    const alice = (await h.client.getUser({ userId: ids.alice! })).user.apiKeys[0]!;
    const { id, outs } = await checkAndCreate(h.runtime.apiKey, {
      userId: ids.alice,
      apiKeyName: 'alice laptop',
      publicKey: ALICE_KEY,
      adopt: { byPublicKey: true },
    });
    expect(id).toBe(alice.apiKeyId);
    h.resetRequests();
    expect(await failure(h.newRuntime().apiKey.delete(id, outs))).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `refusing to delete API key ${id} ("alice laptop") of user "alice" (${ids.alice}): it is the last credential of a member of the ` +
        'root quorum, and a root user who cannot sign never approves (lock-out rule: every root user keeps a credential that can sign). ' +
        'Give the user another API key or a passkey first, remove it from the RootQuorum, or declare the resource again with allowLockout: true ' +
        'and run `pulumi up` before removing it.',
    });
    expect(await submitted()).toEqual([]);
    await h.client.updateRootQuorum({ threshold: 1, userIds: [ids.root!] });
  });

  test('with allowLockout the stack deletes its own key (a user may delete its own credentials)', async () => {
    const rt = asDeployer();
    const { id, outs } = await checkAndCreate(rt.apiKey, {
      userId: deployer.userId,
      apiKeyName: 'deployer key',
      publicKey: deployer.publicKey,
      adopt: { id: deployer.apiKeyId },
      allowLockout: true,
    });
    await rt.apiKey.delete(id, outs);
    expect((await h.client.getUser({ userId: deployer.userId })).user.apiKeys).toEqual([]);
    // The deployer gets a new key for the tests below, from the root user.
    const pair = generateApiKeyPair();
    await h.client.createApiKeys({
      userId: deployer.userId,
      apiKeys: [{ apiKeyName: 'deployer key', publicKey: pair.publicKey, curveType: 'API_KEY_CURVE_P256' }],
    });
    deployer = { ...deployer, ...pair, apiKeyId: (await h.client.getUser({ userId: deployer.userId })).user.apiKeys[0]!.apiKeyId };
  });
});

describe('User', () => {
  test('deleting the user this stack signs as is refused before anything is written', async () => {
    const rt = asDeployer();
    const { id, outs } = await checkAndCreate(rt.user, { userName: 'deployer', adopt: { id: deployer.userId } });
    h.resetRequests();
    expect(await failure(asDeployer().user.delete(id, outs))).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `refusing to delete user "deployer" (${deployer.userId}): it holds the API key this stack signs its requests with ` +
        '(walletinfra:apiPublicKey (or its profile)), and deleting a user deletes its keys (lock-out rule: a stack never deletes the user it signs as). ' +
        "Switch the stack's credentials to a key of another user first, or declare the resource again with allowLockout: true and run `pulumi up` before removing it.",
    });
    expect(await submitted()).toEqual([]);
  });

  test('moving the user this stack signs as to another organization is refused at preview (diff)', async () => {
    const rt = asDeployer();
    const outs = { userName: 'deployer', allowLockout: false, organizationId: h.org, userId: deployer.userId };
    expect(await failure(rt.user.diff(deployer.userId, outs, { userName: 'deployer', organizationId: 'another-org' }))).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `refusing to replace user "deployer" (${deployer.userId}) (changing organizationId replaces it, which deletes it): it holds the API key ` +
        'this stack signs its requests with (walletinfra:apiPublicKey (or its profile)), and deleting a user deletes its keys (lock-out rule: ' +
        "a stack never deletes the user it signs as). Switch the stack's credentials to a key of another user first, or set allowLockout: true.",
    });
  });

  test('deleting the last root user is refused, whatever allowLockout says', async () => {
    const outs = { userName: 'root', allowLockout: true, organizationId: h.org, userId: ids.root };
    h.resetRequests();
    expect(await failure(h.newRuntime().user.delete(ids.root!, outs))).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `refusing to delete user "root" (${ids.root}): it is the last user of the root quorum, and nobody could approve root-only changes again ` +
        '(lock-out rule: an organization keeps a root user). Add another user with a credential to the RootQuorum and run `pulumi up` first; ' +
        "then switch the stack's credentials to a key of that user (set walletinfra:apiPublicKey and walletinfra:apiPrivateKey), remove this " +
        'one from userIds and run `pulumi up`.',
    });
    expect(await submitted()).toEqual([]);
  });

  test('deleting a root user is refused until it leaves the quorum', async () => {
    await h.client.updateRootQuorum({ threshold: 1, userIds: [ids.root!, ids.alice!] });
    const outs = { userName: 'alice', allowLockout: false, organizationId: h.org, userId: ids.alice };
    expect(await failure(h.newRuntime().user.delete(ids.alice!, outs))).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `refusing to delete user "alice" (${ids.alice}): it is a member of the root quorum (2 members, threshold 1), and the service refuses ` +
        "to delete a root user (lock-out rule: a root user leaves the quorum before it is deleted). Remove it from the RootQuorum's userIds " +
        '(keeping threshold at most the members left) and run `pulumi up` first.',
    });
    await h.client.updateRootQuorum({ threshold: 1, userIds: [ids.root!] });
  });
});

describe('Policy', () => {
  const policy = (consensus: string, condition = '') => ({ policyName: 'Approvers sign', effect: 'EFFECT_ALLOW', consensus, condition });

  test('a literal tag id that exists neither at the service nor in the plan is refused, naming the position and the nearest tag by name', async () => {
    const typo = `${approvers.slice(0, -1)}x`;
    expect((await h.runtime.policy.check({}, policy(`approvers.any(user, user.tags.contains('${typo}'))`))).failures).toEqual([
      {
        property: 'consensus',
        reason:
          `policy "Approvers sign": user tag '${typo}' (line 1, column 40) is no user tag of organization ${h.org}, and no UserTag of this ` +
          `deployment has that id; the nearest user tag by name is "approvers" (${approvers}). ` +
          "A consensus or condition naming a tag or user that does not exist can never be met: name tags and users by their resources' id " +
          '(or by an id the organization has)',
      },
    ]);
    expect(
      (await h.runtime.policy.check({}, policy("approvers.any(user, user.tags.contains('approvers'))"))).failures?.[0]?.reason,
    ).toContain(
      `user tag 'approvers' (line 1, column 40) is no user tag of organization ${h.org}, and no UserTag of this deployment has that id; the nearest user tag by name is "approvers" (${approvers})`,
    );
  });

  test('a literal user id is checked the same way, in the consensus and in the condition', async () => {
    const result = await h.runtime.policy.check(
      {},
      policy(
        `approvers.any(user, user.id == 'nobody')`,
        `activity.params.user_id == '${ids.alice}' || activity.params.user_ids.contains('ghost')`,
      ),
    );
    expect(result.failures).toEqual([
      {
        property: 'consensus',
        reason:
          `policy "Approvers sign": user 'nobody' (line 1, column 32) is no user of organization ${h.org}, and no User of this deployment has ` +
          `that id; the nearest user by name is "root" (${ids.root}). ` +
          "A consensus or condition naming a tag or user that does not exist can never be met: name tags and users by their resources' id " +
          '(or by an id the organization has)',
      },
      {
        property: 'condition',
        reason:
          `policy "Approvers sign": user 'ghost' (line 1, column 104) is no user of organization ${h.org}, and no User of this deployment has ` +
          `that id; the nearest user by name is "root" (${ids.root}). ` +
          "A consensus or condition naming a tag or user that does not exist can never be met: name tags and users by their resources' id " +
          '(or by an id the organization has)',
      },
    ]);
  });

  test('existing ids, ids this deployment adopts, and ids unknown at preview pass', async () => {
    const rt = h.newRuntime();
    expect((await rt.policy.check({}, policy(`approvers.any(user, user.tags.contains('${approvers}'))`))).failures).toBeUndefined();
    expect((await rt.policy.check({}, policy(`approvers.any(user, user.tags.contains('${UNKNOWN}'))`))).failures).toBeUndefined();
    await checkedInputs(rt.userTag, { userTagName: 'later', adopt: { id: 'tag-in-the-plan' } });
    expect((await rt.policy.check({}, policy("approvers.any(user, user.tags.contains('tag-in-the-plan'))"))).failures).toBeUndefined();
  });

  test('a planned deny of an activity the plan needs warns, naming the policy; the root quorum is never denied', async () => {
    const rt = asDeployer();
    await checkedInputs(rt.userTag, { userTagName: 'reviewers' });
    await checkedInputs(rt.policy, {
      policyName: 'No new tags',
      effect: 'EFFECT_DENY',
      condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'",
    });
    expect(warnings).toEqual([
      `warning: with the planned policies, this stack's own user "deployer" (${deployer.userId}) would be denied ACTIVITY_TYPE_CREATE_USER_TAG ` +
        '(to create user tag): policy "No new tags" denies it; the update would stop there, and so would every later run of this stack. ' +
        'To proceed, allow it for this user, or run the stack with credentials of a user the policies allow.',
      `warning: with the planned policies, this stack's own user "deployer" (${deployer.userId}) would be denied ACTIVITY_TYPE_CREATE_POLICY_V3 ` +
        '(to create policy): no policy allows it; the update would stop there, and so would every later run of this stack. ' +
        'To proceed, allow it for this user, or run the stack with credentials of a user the policies allow.',
    ]);
    const root = h.newRuntime({}, { warn: (line) => warnings.push(line) });
    warnings.length = 0;
    await checkedInputs(root.userTag, { userTagName: 'reviewers' });
    await checkedInputs(root.policy, {
      policyName: 'No new tags',
      effect: 'EFFECT_DENY',
      condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'",
    });
    expect(warnings).toEqual([]);
  });

  /** A policy allowing the deployer's own writes in these tests (creating tags and policies). */
  const allowTags = (policyName: string) => ({
    policyName,
    effect: 'EFFECT_ALLOW',
    condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG' || activity.resource == 'POLICY'",
    notes: 'lint-ignore: management-without-consensus',
  });

  test('among many planned policies, a DENY checked last warns; a policy checked again is judged by its new inputs', async () => {
    const rt = asDeployer();
    await checkedInputs(rt.userTag, { userTagName: 'many-reviewers' });
    for (let i = 0; i < 30; i += 1) await checkedInputs(rt.policy, allowTags(`allow ${i}`));
    expect(warnings).toEqual([]);
    await checkedInputs(rt.policy, { ...allowTags('allow 7'), effect: 'EFFECT_DENY' });
    expect(warnings).toEqual([
      `warning: with the planned policies, this stack's own user "deployer" (${deployer.userId}) would be denied ACTIVITY_TYPE_CREATE_USER_TAG ` +
        '(to create user tag): policy "allow 7" denies it; the update would stop there, and so would every later run of this stack. ' +
        'To proceed, allow it for this user, or run the stack with credentials of a user the policies allow.',
      `warning: with the planned policies, this stack's own user "deployer" (${deployer.userId}) would be denied ACTIVITY_TYPE_CREATE_POLICY_V3 ` +
        '(to create policy): policy "allow 7" denies it; the update would stop there, and so would every later run of this stack. ' +
        'To proceed, allow it for this user, or run the stack with credentials of a user the policies allow.',
    ]);
  });

  /** The access warnings among the collected ones (the linter warns about some of these policies too). */
  const accessWarnings = () => warnings.filter((w) => w.startsWith('warning: with the planned policies'));
  const SIGNING = "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'";
  const signs = (policyName: string) => ({ policyName, effect: 'EFFECT_ALLOW', condition: SIGNING, consensus: 'approvers.count() >= 1' });
  const denied = (what: string, by: string) =>
    `warning: with the planned policies, this stack's own user "deployer" (${deployer.userId}) would be denied ${what}: ${by}; ` +
    'the update would stop there, and so would every later run of this stack. ' +
    'To proceed, allow it for this user, or run the stack with credentials of a user the policies allow.';

  test('after many planned policies that leave the plan alone, a new DENY still warns, naming it alone', async () => {
    const rt = asDeployer();
    await checkedInputs(rt.userTag, { userTagName: 'quiet-reviewers' });
    await checkedInputs(rt.policy, allowTags('deployer writes'));
    for (let i = 0; i < 30; i += 1) await checkedInputs(rt.policy, signs(`quiet sign ${i}`));
    expect(accessWarnings()).toEqual([]);
    await checkedInputs(rt.policy, {
      policyName: 'no quiet tags',
      effect: 'EFFECT_DENY',
      condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'",
    });
    expect(accessWarnings()).toEqual([denied('ACTIVITY_TYPE_CREATE_USER_TAG (to create user tag)', 'policy "no quiet tags" denies it')]);
  });

  test('a planned policy that takes the place of a live DENY is decided afresh, also after policies that decide nothing', async () => {
    const deny = {
      policyName: 'Block tags',
      effect: 'EFFECT_DENY' as const,
      condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'",
      notes: '',
    };
    const { policyId } = (await h.client.createPolicy(deny)).result;
    try {
      const rt = asDeployer();
      await checkedInputs(rt.userTag, { userTagName: 'guarded' });
      for (let i = 0; i < 10; i += 1) await checkedInputs(rt.policy, signs(`guarded sign ${i}`));
      expect(accessWarnings()).toContain(denied('ACTIVITY_TYPE_CREATE_USER_TAG (to create user tag)', 'policy "Block tags" denies it'));
      warnings.length = 0;
      // the live DENY becomes a signing ALLOW: nothing denies tags any more, and nothing allows them either
      const olds = { ...deny, consensus: '', time: '', organizationId: h.org };
      expect((await rt.policy.check(olds, { ...olds, effect: 'EFFECT_ALLOW', condition: SIGNING })).failures).toBeUndefined();
      expect(accessWarnings()).toContain(denied('ACTIVITY_TYPE_CREATE_USER_TAG (to create user tag)', 'no policy allows it'));
    } finally {
      await h.client.deletePolicy({ policyId });
    }
  });

  test('a planned consensus on an activity the plan needs warns that unattended runs would wait', async () => {
    const rt = asDeployer();
    await h.client.createPolicy({
      policyName: 'Deployer writes',
      effect: 'EFFECT_ALLOW',
      condition: `activity.resource == 'POLICY'`,
      consensus: `approvers.any(user, user.id == '${deployer.userId}')`,
      notes: '',
    });
    const olds = {
      policyName: 'Deployer writes',
      effect: 'EFFECT_ALLOW',
      condition: `activity.resource == 'POLICY'`,
      consensus: `approvers.any(user, user.id == '${deployer.userId}')`,
      notes: '',
      time: '',
      organizationId: h.org,
    };
    expect((await rt.policy.check(olds, { ...olds, consensus: 'approvers.count() >= 2' })).failures).toBeUndefined();
    expect(warnings).toEqual([
      `warning: with the planned policies, ACTIVITY_TYPE_UPDATE_POLICY_V2 (to update policy) by this stack's own user "deployer" (${deployer.userId}) ` +
        'would wait for approvals: policy "Deployer writes" allows it only with its consensus (approvers.count() >= 2), so unattended runs wait up to ' +
        'walletinfra:consensusTimeoutMs and then fail. To proceed, approve those activities, or change the consensus.',
    ]);
  });
});

describe('IpAllowlist', () => {
  test("a list that applies to the stack's own requests warns at preview when it is set or changed, not when it stays", async () => {
    const rt = asDeployer();
    const declared = { enabled: true, rules: [{ cidr: '203.0.113.0/24', label: 'office' }] };
    const news = await checkedInputs(rt.ipAllowlist, declared);
    expect(warnings).toEqual([
      "warning: with the organization's IP allowlist as planned, the service refuses this stack's requests unless they come from " +
        '203.0.113.0/24 (lock-out rule: a stack keeps access from where it runs). Only the service sees the address a request comes ' +
        "from, so the provider cannot check it: make sure the address `pulumi` runs from (a CI runner's egress address) is in rules " +
        'before `pulumi up`, or the rest of the update and every later run is refused; a list that shuts the stack out is undone from ' +
        'an address in it, or by a root user in the dashboard.',
    ]);
    warnings.length = 0;
    expect((await rt.ipAllowlist.check(news, declared)).failures).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});

// Each refusal above names a way out; followed step by step, the ways out about the stack's own user and key end
// where the user meant to go, and at no step does the stack lose what it needs. Last in the file: the root user the
// harness signs as is deleted at the end.
describe("the ways out, followed: the stack's own root user leaves, the stack's own key is rotated", () => {
  let successor: { userId: string; publicKey: string; privateKey: string };
  /** A client signing with the root user's key of the moment (rotated below). */
  const rootClient = () =>
    h.clientFor({ publicKey: h.config['walletinfra:apiPublicKey']!, privateKey: h.config['walletinfra:apiPrivateKey']! });
  const asSuccessor = () =>
    h.newRuntime({ 'walletinfra:apiPublicKey': successor.publicKey, 'walletinfra:apiPrivateKey': successor.privateKey });

  beforeAll(async () => {
    const made = (await h.admin('POST', '/users', { userName: 'successor', generateApiKey: true })).json as {
      userId: string;
      apiKeys: Array<{ publicKey: string; privateKey: string }>;
    };
    successor = { userId: made.userId, ...made.apiKeys[0]! };
  });

  test("the stack's own key: rotated as its refusal says, the old key is deleted and the stack signs with the new one", async () => {
    const live = (await h.client.getUser({ userId: ids.root! })).user.apiKeys[0]!;
    const rt = h.newRuntime();
    const old = await checkAndCreate(rt.apiKey, {
      userId: ids.root,
      apiKeyName: live.apiKeyName,
      publicKey: live.credential.publicKey,
      adopt: { id: live.apiKeyId },
    });
    // "declare the new key as another ApiKey, run `pulumi up`"
    const pair = generateApiKeyPair();
    await checkAndCreate(rt.apiKey, { userId: ids.root, apiKeyName: 'rotated', publicKey: pair.publicKey });
    // "set walletinfra:apiPublicKey and walletinfra:apiPrivateKey to the new key, then change or remove this one"
    const rotated = h.newRuntime({ 'walletinfra:apiPublicKey': pair.publicKey, 'walletinfra:apiPrivateKey': pair.privateKey });
    await rotated.apiKey.delete(old.id, old.outs);
    expect((await rotated.rootQuorum.read('rootQuorum', {})).props).toMatchObject({ userIds: [ids.root] });
    // The harness's runtimes sign with the root user's new key from here on.
    h.config['walletinfra:apiPublicKey'] = pair.publicKey;
    h.config['walletinfra:apiPrivateKey'] = pair.privateKey;
  });

  test("deleting the stack's own root user: each refusal's way out, followed, ends with the user deleted and the stack a root user still", async () => {
    const rt = h.newRuntime();
    const declared = await checkAndCreate(rt.user, { userName: 'root', adopt: { id: ids.root } });
    expect((await failure(rt.user.delete(declared.id, declared.outs))).message).toContain(
      'Add another user with a credential to the RootQuorum and run `pulumi up` first; then switch',
    );
    // "Add another user with a credential to the RootQuorum and run `pulumi up` first"
    const both = await checkedInputs(rt.rootQuorum, { threshold: 1, userIds: [ids.root, successor.userId] });
    await rt.rootQuorum.update('rootQuorum', { threshold: 1, userIds: [ids.root], allowLockout: false, organizationId: h.org }, both);
    expect((await rootClient().getOrganizationConfigs({})).configs.quorum?.userIds).toEqual([ids.root, successor.userId].sort());
    // The refusal now: a member among others, and the stack's own user. What it said before this change ("remove it
    // from the RootQuorum's userIds and run `pulumi up`"), done while signing as it, is the lock-out: refused at
    // preview and before the write.
    expect((await failure(h.newRuntime().user.delete(declared.id, declared.outs))).message).toContain(
      "It is also the user this stack signs as: first switch the stack's credentials to a key of another member who stays in the quorum",
    );
    const withoutRoot = { threshold: 1, userIds: [successor.userId] };
    const refusal =
      `userIds leaves out user "root" (${ids.root}), the user this stack signs as (walletinfra:apiPublicKey (or its profile)), who is in the ` +
      'root quorum now: only the root quorum can change the root quorum, so once this applies no run of this stack could change it again, ' +
      `restoring this program included (lock-out rule: a stack never takes the user it signs as out of the root quorum). Keep ${ids.root} in ` +
      "userIds; to hand the quorum over, first switch the stack's credentials to a key of a user who stays in it (set walletinfra:apiPublicKey " +
      'and walletinfra:apiPrivateKey) and then run `pulumi up`; or set allowLockout: true.';
    expect((await h.newRuntime().rootQuorum.check({}, withoutRoot)).failures).toEqual([{ property: 'userIds', reason: refusal }]);
    h.resetRequests();
    const current = { threshold: 1, userIds: [ids.root, successor.userId].sort(), allowLockout: false, organizationId: h.org };
    expect(
      await failure(
        h.newRuntime().rootQuorum.update('rootQuorum', current, { ...withoutRoot, allowLockout: false, organizationId: h.org }),
      ),
    ).toEqual({
      code: 'INVALID_REQUEST',
      message: `invalid request for update the root quorum of organization ${h.org}: userIds: ${refusal}`,
    });
    expect(await submitted()).toEqual([]);
    // "switch the stack's credentials to a key of another member who stays in the quorum, then remove it from the
    // RootQuorum's userIds and run `pulumi up`", then the user's delete.
    const next = asSuccessor();
    const news = await checkedInputs(next.rootQuorum, withoutRoot);
    await next.rootQuorum.update('rootQuorum', current, news);
    await next.user.delete(declared.id, declared.outs);
    expect((await h.clientFor(successor).listUsers({})).users.map((u) => u.userId)).not.toContain(ids.root);
    // The stack, signing as its new user, is in the quorum and can change it.
    expect((await h.clientFor(successor).getOrganizationConfigs({})).configs.quorum).toEqual({ threshold: 1, userIds: [successor.userId] });
    expect((await next.rootQuorum.check({}, { threshold: 1, userIds: [successor.userId, ids.alice] })).failures).toBeUndefined();
  });
});
