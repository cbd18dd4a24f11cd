// Every lock-out rule, the identity references of policies and the access warning, as pure functions of the
// organization's users, tags, quorum and policies (plain data, the shapes list_users, list_user_tags and
// get_organization_configs answer): each message asserted whole. tests/integration/provider/lockout.test.ts runs
// the same rules through the provider's methods against the emulator, and tests/e2e/identity.test.ts through
// the engine.
import type { ApiKey, User, UserTag } from '@walletinfra/sdk/schemas';
import type { IdentityView } from '@walletinfra/pulumi/resources/common/identity';
import { credentialsOf, isExpired } from '@walletinfra/pulumi/resources/common/identity';
import {
  apiKeyDeleteReason,
  membersWithoutCredential,
  quorumCredentialReason,
  quorumThresholdFailures,
  quorumWithoutOwnUserReason,
  ipAllowlistWarning,
  planLockoutReasons,
  userDeleteReason,
} from '@walletinfra/pulumi/resources/common/lockout';
import { membershipUpdate } from '@walletinfra/pulumi/resources/common/members';
import { identityReferences, policyReferences, referenceFailures } from '@walletinfra/pulumi/resources/policy/references';
import { accessWarning } from '@walletinfra/pulumi/resources/policy/stack-access';
import { UNKNOWN } from '@walletinfra/pulumi/wire';

const NOW = Date.UTC(2026, 0, 15);
const at = (ms: number) => ({ seconds: String(Math.floor(ms / 1000)), nanos: '0' });
const ORG = 'org-1';
const OWN = '02' + 'a'.repeat(64);

function key(apiKeyId: string, publicKey: string, extra: Partial<ApiKey> = {}): ApiKey {
  return {
    apiKeyId,
    apiKeyName: `${apiKeyId} name`,
    credential: { publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
    createdAt: at(NOW - 3_600_000),
    updatedAt: at(NOW - 3_600_000),
    ...extra,
  };
}

function user(userId: string, userName: string, apiKeys: ApiKey[] = [], extra: Partial<User> = {}): User {
  return {
    userId,
    userName,
    apiKeys,
    authenticators: [],
    oauthProviders: [],
    userTags: [],
    mfaPolicies: [],
    createdAt: at(NOW),
    updatedAt: at(NOW),
    ...extra,
  };
}

const root = user('u-root', 'root', [key('k-root', OWN)]);
const alice = user('u-alice', 'alice', [key('k-alice', '02' + 'b'.repeat(64))]);
const bob = user('u-bob', 'bob', [key('k-bob-1', '02' + 'c'.repeat(64)), key('k-bob-2', '02' + 'd'.repeat(64))]);
const carol = user('u-carol', 'carol');
const expired = user('u-dave', 'dave', [key('k-dave', '02' + 'e'.repeat(64), { expirationSeconds: '60' })]);

function view(quorum: { threshold: number; userIds: string[] }, users: User[] = [root, alice, bob, carol, expired]): IdentityView {
  return { organizationId: ORG, users, quorum, ownPublicKey: OWN, ownUser: root, now: NOW };
}

describe('credentials', () => {
  test('an expired key cannot sign; an unexpired one and a passkey can', () => {
    expect([isExpired(expired.apiKeys[0]!, NOW), isExpired(alice.apiKeys[0]!, NOW)]).toEqual([true, false]);
    const withPasskey = user('u-eve', 'eve', [], {
      authenticators: [
        {
          authenticatorId: 'a-1',
          authenticatorName: 'laptop',
          credentialId: 'c',
          aaguid: '',
          model: '',
          attestationType: '',
          transports: [],
          credential: { publicKey: '04ff', type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
          createdAt: at(NOW),
          updatedAt: at(NOW),
        },
      ],
    });
    expect([credentialsOf(expired, NOW), credentialsOf(alice, NOW), credentialsOf(withPasskey, NOW)]).toEqual([
      [],
      ['API key k-alice'],
      ['passkey a-1'],
    ]);
  });
});

describe('RootQuorum rules', () => {
  test('a threshold above the members', () => {
    expect(quorumThresholdFailures({ threshold: 3, userIds: ['u-root', 'u-alice'] })).toEqual([
      {
        property: 'threshold',
        reason:
          '3 is more than the 2 user(s) of userIds: the root quorum could never approve anything again, a change of itself included ' +
          '(lock-out rule: a root quorum needs at most as many approvals as it has members). Lower threshold to at most 2, or add users to userIds.',
      },
    ]);
    expect(quorumThresholdFailures({ threshold: 2, userIds: ['u-root', 'u-alice'] })).toEqual([]);
    expect(quorumThresholdFailures({ threshold: 2, userIds: UNKNOWN })).toEqual([]);
  });

  test('members without a credential that can sign, a key the deployment declares counting', () => {
    const v = view({ threshold: 1, userIds: ['u-root'] });
    expect(membersWithoutCredential(v, ['u-root', 'u-carol', 'u-dave'], () => false).map((u) => u.userId)).toEqual(['u-carol', 'u-dave']);
    expect(membersWithoutCredential(v, ['u-root', 'u-carol', 'u-dave'], (id) => id === 'u-carol').map((u) => u.userId)).toEqual(['u-dave']);
    expect(quorumCredentialReason(carol)).toBe(
      'user "carol" (u-carol) has no credential that can sign (no unexpired API key, no passkey), and this deployment declares no ApiKey ' +
        'for it: a root user who cannot sign never approves, so the quorum could lose the approvals it needs (lock-out rule: every root ' +
        'user keeps a credential that can sign). Declare an ApiKey for the user before the RootQuorum in the program, enroll a passkey, ' +
        'remove the user from userIds, or set allowLockout: true.',
    );
  });
});

describe("the stack's own user and the root quorum", () => {
  const without =
    'userIds leaves out user "root" (u-root), the user this stack signs as (walletinfra:apiPublicKey (or its profile)), who is in the ' +
    'root quorum now: only the root quorum can change the root quorum, so once this applies no run of this stack could change it ' +
    'again, restoring this program included (lock-out rule: a stack never takes the user it signs as out of the root quorum). Keep ' +
    "u-root in userIds; to hand the quorum over, first switch the stack's credentials to a key of a user who stays in it (set " +
    'walletinfra:apiPublicKey and walletinfra:apiPrivateKey) and then run `pulumi up`; or set allowLockout: true.';

  test("a quorum that leaves out the stack's own user while it is a member is refused; one that keeps it, or where it is no member, is not", () => {
    expect(quorumWithoutOwnUserReason(view({ threshold: 1, userIds: ['u-root', 'u-alice'] }), ['u-alice'])).toBe(without);
    expect(
      quorumWithoutOwnUserReason(view({ threshold: 1, userIds: ['u-root', 'u-alice'] }), ['u-alice', 'u-root', 'u-bob']),
    ).toBeUndefined();
    expect(quorumWithoutOwnUserReason(view({ threshold: 1, userIds: ['u-alice'] }), ['u-bob'])).toBeUndefined();
  });

  test("deleting the stack's own root user: each refusal's way out, followed, ends with the user gone and the stack still in the quorum", () => {
    // The organization's only root user is the stack's own.
    let quorum = { threshold: 1, userIds: ['u-root'] };
    expect(userDeleteReason(view(quorum), 'u-root', false)).toBe(
      'refusing to delete user "root" (u-root): it is the last user of the root quorum, and nobody could approve root-only changes ' +
        'again (lock-out rule: an organization keeps a root user). Add another user with a credential to the RootQuorum and run ' +
        "`pulumi up` first; then switch the stack's credentials to a key of that user (set walletinfra:apiPublicKey and " +
        'walletinfra:apiPrivateKey), remove this one from userIds and run `pulumi up`.',
    );
    // Add alice (she has a key): allowed, and the stack keeps its membership.
    const withAlice = ['u-root', 'u-alice'];
    expect([quorumWithoutOwnUserReason(view(quorum), withAlice), membersWithoutCredential(view(quorum), withAlice, () => false)]).toEqual([
      undefined,
      [],
    ]);
    quorum = { threshold: 1, userIds: withAlice };
    // Now a member among others: the refusal says to switch first. Removing it while signing as it is the lock-out.
    expect(userDeleteReason(view(quorum), 'u-root', false)).toBe(
      'refusing to delete user "root" (u-root): it is a member of the root quorum (2 members, threshold 1), and the service refuses ' +
        'to delete a root user (lock-out rule: a root user leaves the quorum before it is deleted). It is also the user this stack signs ' +
        "as: first switch the stack's credentials to a key of another member who stays in the quorum (set walletinfra:apiPublicKey and " +
        "walletinfra:apiPrivateKey), then remove it from the RootQuorum's userIds (keeping threshold at most the members left) and run " +
        '`pulumi up`.',
    );
    expect(quorumWithoutOwnUserReason(view(quorum), ['u-alice'])).toBe(without);
    // Signing as alice, the stack removes root from the quorum, then deletes root; alice, its user now, stays a root user.
    const asAlice = (q: typeof quorum): IdentityView => ({ ...view(q), ownPublicKey: '02' + 'b'.repeat(64), ownUser: alice });
    expect(quorumWithoutOwnUserReason(asAlice(quorum), ['u-alice'])).toBeUndefined();
    quorum = { threshold: 1, userIds: ['u-alice'] };
    expect(userDeleteReason(asAlice(quorum), 'u-root', false)).toBeUndefined();
    expect(quorum.userIds).toContain(asAlice(quorum).ownUser!.userId);
  });
});

describe('ApiKey rules', () => {
  test('deleting the key the stack signs with', () => {
    expect(apiKeyDeleteReason(view({ threshold: 1, userIds: ['u-root'] }), 'k-root', false)).toBe(
      'refusing to delete API key k-root ("k-root name") of user "root" (u-root): it is the key this stack signs its requests with ' +
        '(walletinfra:apiPublicKey (or its profile)), so the rest of the update and every later run would be refused (lock-out rule: a ' +
        "stack never deletes the API key it signs with). Switch the stack's credentials to another key of the organization first, or " +
        'declare the resource again with allowLockout: true and run `pulumi up` before removing it.',
    );
    expect(apiKeyDeleteReason(view({ threshold: 1, userIds: ['u-root'] }), 'k-root', true)).toBeUndefined();
  });

  test('replacing the key the stack signs with', () => {
    expect(apiKeyDeleteReason(view({ threshold: 1, userIds: ['u-root'] }), 'k-root', false, ['publicKey'])).toBe(
      'refusing to replace API key k-root ("k-root name") of user "root" (u-root) (changing publicKey replaces it, which deletes it): it ' +
        'is the key this stack signs its requests with (walletinfra:apiPublicKey (or its profile)), so the rest of the update and every ' +
        'later run would be refused (lock-out rule: a stack never deletes the API key it signs with). To rotate it, declare the new key as ' +
        'another ApiKey, run `pulumi up`, set walletinfra:apiPublicKey and walletinfra:apiPrivateKey to the new key, then change or remove ' +
        'this one; or set allowLockout: true.',
    );
  });

  test("deleting a root user's last credential; a root user with another key, or a user outside the quorum, may lose one", () => {
    const v = view({ threshold: 1, userIds: ['u-root', 'u-alice', 'u-bob'] });
    expect(apiKeyDeleteReason(v, 'k-alice', false)).toBe(
      'refusing to delete API key k-alice ("k-alice name") of user "alice" (u-alice): it is the last credential of a member of the root ' +
        'quorum, and a root user who cannot sign never approves (lock-out rule: every root user keeps a credential that can sign). Give ' +
        'the user another API key or a passkey first, remove it from the RootQuorum, or declare the resource again with allowLockout: ' +
        'true and run `pulumi up` before removing it.',
    );
    expect(apiKeyDeleteReason(v, 'k-bob-1', false)).toBeUndefined();
    expect(apiKeyDeleteReason(view({ threshold: 1, userIds: ['u-root'] }), 'k-alice', false)).toBeUndefined();
    expect(apiKeyDeleteReason(v, 'k-gone', false)).toBeUndefined();
  });
});

describe('User rules', () => {
  test('the last root user, whatever allowLockout says', () => {
    const reason =
      'refusing to delete user "alice" (u-alice): it is the last user of the root quorum, and nobody could approve root-only changes ' +
      'again (lock-out rule: an organization keeps a root user). Add another user with a credential to the RootQuorum and run ' +
      '`pulumi up` first.';
    expect(userDeleteReason(view({ threshold: 1, userIds: ['u-alice'] }), 'u-alice', false)).toBe(reason);
    expect(userDeleteReason(view({ threshold: 1, userIds: ['u-alice'] }), 'u-alice', true)).toBe(reason);
  });

  test('a root user among others', () => {
    expect(userDeleteReason(view({ threshold: 2, userIds: ['u-root', 'u-alice', 'u-bob'] }), 'u-alice', true)).toBe(
      'refusing to delete user "alice" (u-alice): it is a member of the root quorum (3 members, threshold 2), and the service refuses ' +
        "to delete a root user (lock-out rule: a root user leaves the quorum before it is deleted). Remove it from the RootQuorum's " +
        'userIds (keeping threshold at most the members left) and run `pulumi up` first.',
    );
  });

  test('the user the stack signs as: deleted, or replaced (moved to another organization)', () => {
    const v = view({ threshold: 1, userIds: ['u-alice'] });
    expect(userDeleteReason(v, 'u-root', false)).toBe(
      'refusing to delete user "root" (u-root): it holds the API key this stack signs its requests with (walletinfra:apiPublicKey (or ' +
        'its profile)), and deleting a user deletes its keys (lock-out rule: a stack never deletes the user it signs as). Switch the ' +
        "stack's credentials to a key of another user first, or declare the resource again with allowLockout: true and run `pulumi up` " +
        'before removing it.',
    );
    expect(userDeleteReason(v, 'u-root', false, ['organizationId'])).toBe(
      'refusing to replace user "root" (u-root) (changing organizationId replaces it, which deletes it): it holds the API key this stack ' +
        'signs its requests with (walletinfra:apiPublicKey (or its profile)), and deleting a user deletes its keys (lock-out rule: a stack ' +
        "never deletes the user it signs as). Switch the stack's credentials to a key of another user first, or set allowLockout: true.",
    );
    expect(userDeleteReason(v, 'u-root', true)).toBeUndefined();
    expect(userDeleteReason(v, 'u-bob', false)).toBeUndefined();
  });
});

describe('identity references in policies', () => {
  test('the literal tag and user ids an expression names, wherever they appear', () => {
    expect(identityReferences("approvers.any(user, user.tags.contains('t-1')) && approvers.any(u, u.id == 'u-1')")).toEqual([
      { of: 'userTag', id: 't-1', offset: 39 },
      { of: 'user', id: 'u-1', offset: 75 },
    ]);
    expect(identityReferences("approvers.filter(a, 't-2' in a.tags).count() >= 2 && approvers[0].id in ['u-2', 'u-3']")).toEqual([
      { of: 'userTag', id: 't-2', offset: 20 },
      { of: 'user', id: 'u-2', offset: 73 },
      { of: 'user', id: 'u-3', offset: 80 },
    ]);
    expect(
      identityReferences(
        "credentials.any(c, c.user_id == 'u-4') || activity.params.user_id != 'u-5' || activity.params.user_ids.contains('u-6')",
      ),
    ).toEqual([
      { of: 'user', id: 'u-4', offset: 32 },
      { of: 'user', id: 'u-5', offset: 69 },
      { of: 'user', id: 'u-6', offset: 112 },
    ]);
    // not an identity: a wallet's id, a private key's tags, a string compared with something else
    expect(identityReferences("wallet.id == 'w-1' && private_key.tags.contains('k-1') && activity.type == 'u-1'")).toEqual([]);
    expect(identityReferences('not a policy (')).toEqual([]);
  });

  test('ids neither the organization has nor the deployment declares fail, naming the position and the nearest tag or user by name', () => {
    const tags: UserTag[] = [
      { tagId: 'tag-approvers', tagName: 'approvers', tagType: 'TAG_TYPE_USER', createdAt: at(NOW), updatedAt: at(NOW) },
      { tagId: 'tag-ops', tagName: 'operations', tagType: 'TAG_TYPE_USER', createdAt: at(NOW), updatedAt: at(NOW) },
    ];
    const news = {
      policyName: 'Approvers sign',
      consensus: "approvers.any(user, user.tags.contains('approverz')) && approvers.any(user, user.tags.contains('tag-ops'))",
      condition: "activity.params.user_id == 'u-bobb'\n  || activity.params.user_id == 'u-planned'",
    };
    const failures = referenceFailures(
      policyReferences(news),
      { organizationId: ORG, tags, users: [root, bob] },
      (of, id) => of === 'user' && id === 'u-planned',
      news.policyName,
    );
    const fix =
      "A consensus or condition naming a tag or user that does not exist can never be met: name tags and users by their resources' " +
      'id (or by an id the organization has)';
    expect(failures).toEqual([
      {
        property: 'consensus',
        reason:
          `policy "Approvers sign": user tag 'approverz' (line 1, column 40) is no user tag of organization ${ORG}, and no UserTag of this ` +
          `deployment has that id; the nearest user tag by name is "approvers" (tag-approvers). ${fix}`,
      },
      {
        property: 'condition',
        reason:
          `policy "Approvers sign": user 'u-bobb' (line 1, column 28) is no user of organization ${ORG}, and no User of this deployment ` +
          `has that id; the nearest user by name is "bob" (u-bob). ${fix}`,
      },
    ]);
    expect(
      referenceFailures(
        policyReferences({ policyName: 'p', consensus: "approvers.any(u, u.tags.contains('x'))" }),
        { organizationId: ORG, tags: [], users: [] },
        () => false,
        'p',
      ),
    ).toEqual([
      {
        property: 'consensus',
        reason: `policy "p": user tag 'x' (line 1, column 34) is no user tag of organization ${ORG}, and no UserTag of this deployment has that id; organization ${ORG} has no user tags. ${fix}`,
      },
    ]);
    expect(policyReferences({ consensus: UNKNOWN, condition: UNKNOWN })).toEqual([]);
  });
});

describe('the access warning', () => {
  const own = { threshold: 1, userIds: ['u-alice'] };
  const deny = {
    policyId: 'p-1',
    policyName: 'No new tags',
    effect: 'EFFECT_DENY' as const,
    condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'",
  };
  const allowTags = { policyId: 'p-2', policyName: 'Tags', effect: 'EFFECT_ALLOW' as const, condition: "activity.resource == 'USER'" };
  const needTag = { type: 'ACTIVITY_TYPE_CREATE_USER_TAG', why: 'create user tag' };

  test('an explicit deny, naming the policy', () => {
    expect(accessWarning([allowTags, deny], needTag, root, OWN, own, NOW)).toBe(
      'warning: with the planned policies, this stack\'s own user "root" (u-root) would be denied ACTIVITY_TYPE_CREATE_USER_TAG (to create ' +
        'user tag): policy "No new tags" denies it; the update would stop there, and so would every later run of this stack. To proceed, ' +
        'allow it for this user, or run the stack with credentials of a user the policies allow.',
    );
  });

  test('no policy allows it', () => {
    expect(accessWarning([], needTag, root, OWN, own, NOW)).toBe(
      'warning: with the planned policies, this stack\'s own user "root" (u-root) would be denied ACTIVITY_TYPE_CREATE_USER_TAG (to create ' +
        'user tag): no policy allows it; the update would stop there, and so would every later run of this stack. To proceed, allow it for ' +
        'this user, or run the stack with credentials of a user the policies allow.',
    );
    expect(accessWarning([allowTags], needTag, root, OWN, own, NOW)).toBeUndefined();
  });

  test('an allow that waits for approvals', () => {
    const consensus = { ...allowTags, consensus: 'approvers.count() >= 2' };
    expect(accessWarning([consensus], needTag, root, OWN, own, NOW)).toBe(
      'warning: with the planned policies, ACTIVITY_TYPE_CREATE_USER_TAG (to create user tag) by this stack\'s own user "root" (u-root) ' +
        'would wait for approvals: policy "Tags" allows it only with its consensus (approvers.count() >= 2), so unattended runs wait up ' +
        'to walletinfra:consensusTimeoutMs and then fail. To proceed, approve those activities, or change the consensus.',
    );
  });

  test('a root-only activity by a user outside the quorum; the root quorum itself is never warned about', () => {
    expect(accessWarning([], { type: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', why: 'write root quorum' }, root, OWN, own, NOW)).toBe(
      'warning: this stack\'s own user "root" (u-root) is not enough of the root quorum for ACTIVITY_TYPE_UPDATE_ROOT_QUORUM (to write ' +
        'root quorum): only the root quorum may do it, whatever the policies say; the update would stop there, and so would every later ' +
        "run of this stack. To proceed, run the stack with a root user's credentials, or have the root quorum approve it.",
    );
    expect(accessWarning([deny], needTag, root, OWN, { threshold: 1, userIds: ['u-root'] }, NOW)).toBeUndefined();
  });

  test("a key for the stack's own user is its own credential: allowed without a policy, unless one denies it", () => {
    const needKey = { type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', why: 'create API key', params: { user_id: 'u-root' } };
    expect(accessWarning([], needKey, root, OWN, own, NOW)).toBeUndefined();
    expect(accessWarning([], { ...needKey, params: { user_id: 'u-alice' } }, root, OWN, own, NOW)).toMatch(/no policy allows it/);
  });
});

test('a tag update: a rename and the members to add and remove, in one write; nothing when nothing differs', () => {
  const fields = { id: 'userTagId', newName: 'newUserTagName', add: 'addUserIds', remove: 'removeUserIds' };
  expect(membershipUpdate(fields, { id: 't', name: 'a', members: ['u1', 'u2'] }, { name: 'b', members: ['u2', 'u3'] })).toEqual({
    userTagId: 't',
    newUserTagName: 'b',
    addUserIds: ['u3'],
    removeUserIds: ['u1'],
  });
  expect(membershipUpdate(fields, { id: 't', name: 'a', members: ['u1'] }, { name: 'a', members: ['u1'] })).toBeUndefined();
});

describe('IP allowlists that apply to the stack', () => {
  const rules = [{ cidr: '203.0.113.0/24', label: 'office' }];
  const warning =
    "warning: with the organization's IP allowlist as planned, the service refuses this stack's requests unless they come from " +
    '203.0.113.0/24 (lock-out rule: a stack keeps access from where it runs). Only the service sees the address a request comes ' +
    "from, so the provider cannot check it: make sure the address `pulumi` runs from (a CI runner's egress address) is in rules " +
    'before `pulumi up`, or the rest of the update and every later run is refused; a list that shuts the stack out is undone from ' +
    'an address in it, or by a root user in the dashboard.';

  test("setting or changing the organization's enabled list, or the stack's own key's, warns; what stays as it is does not", () => {
    expect(ipAllowlistWarning({ enabled: true, rules }, {}, OWN)).toBe(warning);
    expect(ipAllowlistWarning({ enabled: true, rules }, { enabled: false, rules }, OWN)).toBe(warning);
    expect(ipAllowlistWarning({ enabled: true, rules }, { enabled: true, rules }, OWN)).toBeUndefined();
    expect(ipAllowlistWarning({ enabled: false, rules }, {}, OWN)).toBeUndefined();
    expect(ipAllowlistWarning({ enabled: true, rules, allowLockout: true }, {}, OWN)).toBeUndefined();
    expect(ipAllowlistWarning({ publicKey: OWN.toUpperCase(), enabled: false, rules }, {}, OWN)).toContain(
      `warning: with the IP allowlist of API key ${OWN} (the key this stack signs with) as planned, the service refuses`,
    );
    expect(ipAllowlistWarning({ publicKey: '02' + 'b'.repeat(64), enabled: false, rules }, {}, OWN)).toBeUndefined();
    expect(ipAllowlistWarning({ enabled: true, rules: UNKNOWN }, {}, OWN)).toBeUndefined();
  });
});

describe('a whole plan, judged before any stack runs (walletinfra-fleet up)', () => {
  const quorum = (desired: Record<string, unknown>, objectId = 'root-quorum') => ({
    type: 'RootQuorum',
    resource: 'q',
    objectId,
    desired,
    replaces: [],
  });
  const reasons = (v: IdentityView, changes: Parameters<typeof planLockoutReasons>[1]) =>
    planLockoutReasons(v, changes).map((r) => [r.change.resource, r.property, r.reason]);

  test('each rule with the message the provider gives, on the property it concerns', () => {
    const v = view({ threshold: 1, userIds: ['u-root', 'u-alice'] });
    expect(reasons(v, [quorum({ threshold: 3, userIds: ['u-alice', 'u-carol'] })])).toEqual([
      ['q', 'threshold', quorumThresholdFailures({ threshold: 3, userIds: ['u-alice', 'u-carol'] })[0]?.reason],
      ['q', 'userIds', quorumWithoutOwnUserReason(v, ['u-alice', 'u-carol'])],
      ['q', 'userIds', quorumCredentialReason(carol)],
    ]);
    const replaced = { type: 'ApiKey', resource: 'own-key', objectId: 'k-root', desired: { apiKeyName: 'new' }, replaces: ['apiKeyName'] };
    expect(reasons(v, [replaced])).toEqual([['own-key', 'apiKeyName', apiKeyDeleteReason(v, 'k-root', false, ['apiKeyName'])]]);
    const movedUser = { type: 'User', resource: 'me', objectId: 'u-root', desired: {}, replaces: ['organizationId'] };
    expect(reasons(v, [movedUser])).toEqual([['me', 'organizationId', userDeleteReason(v, 'u-root', false, ['organizationId'])]]);
  });

  test('nothing when the plan keeps access: a key the plan creates for a member, allowLockout, an update in place, other kinds', () => {
    const v = view({ threshold: 1, userIds: ['u-root'] });
    const newKey = { type: 'ApiKey', resource: 'carol-key', desired: { userId: 'u-carol' }, replaces: [] };
    expect(reasons(v, [quorum({ threshold: 1, userIds: ['u-root', 'u-carol'] }), newKey])).toEqual([]);
    expect(reasons(v, [quorum({ threshold: 1, userIds: ['u-alice'], allowLockout: true })])).toEqual([]);
    expect(reasons(v, [{ type: 'ApiKey', resource: 'k', objectId: 'k-root', desired: {}, replaces: [] }])).toEqual([]);
    expect(reasons(v, [{ type: 'Policy', resource: 'p', objectId: 'p-1', desired: {}, replaces: ['effect'] }])).toEqual([]);
  });
});
