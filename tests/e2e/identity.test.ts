// Who can act, as code, through the real Pulumi engine: the baseline program's CI machine user and its API key,
// the approvers tag, the root quorum and the policy that names the tag by reference, on one stack, step by
// step: create; a membership change (one update_user_tag); a key rotation that creates the new key before it
// deletes the old one; out-of-band changes reported as drift and repaired; adoption of a hand-made user, key
// and tag; and every lock-out attempt refused (at preview where the engine asks the provider, before any write
// where it does not) with nothing changed at the service. The writes of each step are read back from the
// emulator's activity history, in the order the service completed them.
import { generateApiKeyPair } from '@walletinfra/sdk';
import { CI_API_PUBLIC_KEY as CI_KEY } from '../../examples/baseline/organization';
import { runDrift } from '../support/e2e/drift';
import { diagnosticsOf, expectOnce, failingOutput } from '../support/e2e/diagnostics';
import { stepsByName } from '../support/e2e/project';
import { useTestStack } from '../support/e2e/stack';

jest.setTimeout(600_000);

const e2e = useTestStack('identity');

type Write = { type: string; intent: Record<string, unknown>; status: string; createdMs: number; updatedMs: number };

/** A service timestamp in ms (the emulator answers `{seconds, nanos}`). */
function millis(t: unknown): number {
  if (typeof t === 'string') return Date.parse(t);
  const { seconds, nanos } = t as { seconds: string; nanos: string };
  return Number(seconds) * 1000 + Math.floor(Number(nanos) / 1e6);
}

async function activityIds(): Promise<Set<string>> {
  return new Set((await e2e.org.client.listActivities({ paginationOptions: { limit: '100' } })).activities.map((a) => a.id));
}

/** The writes `step` caused, oldest first. */
async function writesDuring(step: () => Promise<unknown>): Promise<Write[]> {
  const before = await activityIds();
  await step();
  const { activities } = await e2e.org.client.listActivities({ paginationOptions: { limit: '100' } });
  return activities
    .filter((a) => !before.has(a.id))
    .map((a) => ({
      type: a.type,
      intent: Object.values(a.intent)[0] as Record<string, unknown>,
      status: a.status,
      createdMs: millis(a.createdAt),
      updatedMs: millis(a.updatedAt),
    }))
    .sort((a, b) => a.createdMs - b.createdMs);
}

async function users(): Promise<Record<string, { userId: string; userTags: string[]; keys: string[] }>> {
  return Object.fromEntries(
    (await e2e.org.client.listUsers({})).users.map((u) => [
      u.userName,
      { userId: u.userId, userTags: u.userTags, keys: u.apiKeys.map((k) => k.credential.publicKey) },
    ]),
  );
}

async function quorum() {
  return (await e2e.org.client.getOrganizationConfigs({})).configs.quorum;
}

/** What the organization holds of who can act: users with their tags and keys, the tags, the quorum. */
async function identity() {
  return { users: await users(), tags: (await e2e.org.client.listUserTags({})).userTags, quorum: await quorum() };
}

let approversTagId: string;
let ids: Record<string, string>;

test('1. up: the CI user and its key are created, the seeded approvers tag and the quorum adopted, the policy names the tag id', async () => {
  const writes = await writesDuring(() => e2e.project.up());
  const outputs = await e2e.project.outputs();
  approversTagId = outputs.approversTagId as string;
  const live = await users();
  ids = Object.fromEntries(Object.entries(live).map(([name, u]) => [name, u.userId]));
  expect(writes.filter((w) => /USER|API_KEYS|QUORUM/.test(w.type)).map((w) => w.type)).toEqual([
    'ACTIVITY_TYPE_CREATE_USERS_V4',
    'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
  ]);
  expect(live['ci-deployer']).toEqual({ userId: (outputs.ciDeployer as { userId: string }).userId, userTags: [], keys: [CI_KEY] });
  // the seed's approvers tag, adopted with the members it already had
  expect((await e2e.org.client.listUserTags({})).userTags.find((t) => t.tagName === 'approvers')?.tagId).toBe(approversTagId);
  expect(outputs.rootQuorum).toEqual({ threshold: 1, userIds: [ids.root] });
  const policy = (await e2e.org.client.listPolicies({})).policies.find((p) => p.policyName === 'Approvers approve policy changes');
  expect(policy?.consensus).toBe(`approvers.filter(user, user.tags.contains('${approversTagId}')).count() >= 2`);
  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
});

test('2. a membership change is an update of the tag alone, one update_user_tag; the user keeps no tag of its own', async () => {
  await e2e.project.setConfig('approverNames', JSON.stringify(['alice']));
  const { digest } = await e2e.project.json(['preview']);
  const steps = stepsByName(digest);
  expect(
    Object.entries(steps)
      .filter(([, s]) => s.op !== 'same')
      .map(([n, s]) => [n, s.op, s.diffReasons]),
  ).toEqual([['approvers', 'update', ['userIds']]]);
  const writes = await writesDuring(() => e2e.project.up());
  expect(writes.map((w) => [w.type, w.intent])).toEqual([
    ['ACTIVITY_TYPE_UPDATE_USER_TAG', { userTagId: approversTagId, addUserIds: [], removeUserIds: [ids.bob] }],
  ]);
  const live = await users();
  expect([live.alice?.userTags, live.bob?.userTags.includes(approversTagId)]).toEqual([[approversTagId], false]);
  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
});

test('3. a key rotation creates the new key, then deletes the old one: there is always a valid key', async () => {
  const next = generateApiKeyPair().publicKey;
  await e2e.project.setConfig('ciApiPublicKey', next);
  const { digest } = await e2e.project.json(['preview']);
  const step = stepsByName(digest)['ci-deployer-key'];
  expect([step?.op, step?.replaceReasons]).toEqual(['replace', ['publicKey']]);
  const oldKeyId = (await e2e.project.outputs()).ciDeployer as { apiKeyId: string };
  const writes = await writesDuring(() => e2e.project.up());
  expect(writes.map((w) => [w.type, w.status])).toEqual([
    ['ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'ACTIVITY_STATUS_COMPLETED'],
    ['ACTIVITY_TYPE_DELETE_API_KEYS', 'ACTIVITY_STATUS_COMPLETED'],
  ]);
  const [created, deleted] = writes as [Write, Write];
  expect((created.intent.apiKeys as Array<{ publicKey: string }>)[0]?.publicKey).toBe(next);
  expect(deleted.intent).toEqual({ userId: ids['ci-deployer'], apiKeyIds: [oldKeyId.apiKeyId] });
  // the new key existed (its create had completed) before the old one's delete was submitted
  expect(created.updatedMs).toBeLessThanOrEqual(deleted.createdMs);
  expect((await users())['ci-deployer']?.keys).toEqual([next]);
});

test('4. out-of-band changes to the tag, the user and the quorum are drift; up restores them', async () => {
  const carol = (
    await e2e.org.client.createUsers({ users: [{ userName: 'carol', apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] })
  ).result.userIds[0] as string;
  ids.carol = carol;
  await e2e.org.client.updateUserTag({ userTagId: approversTagId, addUserIds: [carol], removeUserIds: [] });
  await e2e.org.client.updateUserName({ userId: ids['ci-deployer'] as string, userName: 'renamed by hand' });
  await e2e.org.client.updateRootQuorum({ threshold: 1, userIds: [ids.root as string, ids.alice as string] });
  const drift = await runDrift(e2e.project, ['--stack', e2e.project.stack]);
  expect(drift.code).toBe(2);
  const report = drift.json as { stacks: Array<{ resources: Array<{ name: string; op: string; changes: Array<{ property: string }> }> }> };
  const drifted = report.stacks[0]!.resources.map((r) => [r.name, r.op, r.changes.map((c) => c.property)]);
  expect(drifted.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
    // members are sorted ids: the report names the positions that differ
    ['approvers', 'update', expect.arrayContaining([expect.stringMatching(/^userIds\[\d\]$/)])],
    ['ci-deployer', 'update', ['userName']],
    ['root-quorum', 'update', expect.arrayContaining([expect.stringMatching(/^userIds\[\d\]$/)])],
  ]);
  await e2e.project.up(['--refresh']);
  const live = await identity();
  expect([live.users.carol?.userTags, live.users['renamed by hand'], live.users['ci-deployer']?.userId, live.quorum]).toEqual([
    [],
    undefined,
    ids['ci-deployer'],
    { threshold: 1, userIds: [ids.root] },
  ]);
});

test('5. hand-made users, keys and tags are adopted, not duplicated', async () => {
  const daveKey = generateApiKeyPair().publicKey;
  const dave = (
    await e2e.org.client.createUsers({
      users: [
        {
          userName: 'dave',
          apiKeys: [{ apiKeyName: 'dave laptop', publicKey: daveKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    })
  ).result.userIds[0] as string;
  e2e.project.editProgram(
    'export const rootQuorum =',
    [
      "const dave = new walletinfra.User('dave', { userName: 'dave', adopt: { byName: true } });",
      `new walletinfra.ApiKey('dave-laptop', { userId: dave.id, apiKeyName: 'dave laptop', publicKey: '${daveKey}', adopt: { byPublicKey: true } });`,
      "new walletinfra.UserTag('operations', { userTagName: 'operations', userIds: [dave.id], adopt: { byName: true } });",
      'export const rootQuorum =',
    ].join('\n'),
  );
  e2e.project.editProgram(
    "import * as pulumi from '@pulumi/pulumi';",
    "import * as pulumi from '@pulumi/pulumi';\nimport * as walletinfra from '@walletinfra/pulumi';",
  );
  const before = await identity();
  const writes = await writesDuring(() => e2e.project.up());
  const operations = before.tags.find((t) => t.tagName === 'operations')?.tagId;
  // adopting writes only what differs: the tag's members
  expect(writes.map((w) => [w.type, w.intent])).toEqual([
    ['ACTIVITY_TYPE_UPDATE_USER_TAG', { userTagId: operations, addUserIds: [dave], removeUserIds: [ids.bob] }],
  ]);
  const after = await identity();
  expect([Object.keys(after.users).sort(), after.tags.map((t) => t.tagId).sort(), after.users.dave?.keys]).toEqual([
    Object.keys(before.users).sort(),
    before.tags.map((t) => t.tagId).sort(),
    [daveKey],
  ]);
  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
});

describe('6. lock-out attempts are refused with nothing changed at the service', () => {
  let before: Awaited<ReturnType<typeof identity>>;
  beforeEach(async () => {
    before = await identity();
  });
  afterEach(async () => {
    expect(await identity()).toEqual(before);
  });

  test('a quorum threshold above its members, at preview', async () => {
    await e2e.project.setConfig('rootQuorumThreshold', '3');
    const output = await failingOutput(e2e.project, ['preview']).finally(() => e2e.project.removeConfig('rootQuorumThreshold'));
    expectOnce(
      output,
      'property threshold value {3} has a problem: 3 is more than the 1 user(s) of userIds: the root quorum could never approve anything ' +
        'again, a change of itself included ' +
        '(lock-out rule: a root quorum needs at most as many approvals as it has members). Lower threshold to at most 1, or add users to userIds.',
    );
  });

  test('a quorum member without a credential, at preview', async () => {
    await e2e.project.setConfig('rootUserNames', JSON.stringify(['root', 'carol']));
    const output = await failingOutput(e2e.project, ['preview']).finally(() => e2e.project.removeConfig('rootUserNames'));
    expectOnce(
      output,
      `user "carol" (${ids.carol}) has no credential that can sign (no unexpired API key, no passkey), and this deployment declares no ` +
        'ApiKey for it: a root user who cannot sign never approves, so the quorum could lose the approvals it needs (lock-out rule: every ' +
        'root user keeps a credential that can sign). Declare an ApiKey for the user before the RootQuorum in the program, enroll a passkey, ' +
        'remove the user from userIds, or set allowLockout: true.',
    );
  });

  test("a quorum that leaves out the stack's own user (a root user today), at preview: the stack could never change it back", async () => {
    await e2e.project.setConfig('rootUserNames', JSON.stringify(['alice']));
    const output = await failingOutput(e2e.project, ['preview']).finally(() => e2e.project.removeConfig('rootUserNames'));
    expectOnce(
      output,
      `userIds leaves out user "root" (${ids.root}), the user this stack signs as (walletinfra:apiPublicKey (or its profile)), who is in ` +
        'the root quorum now: only the root quorum can change the root quorum, so once this applies no run of this stack could change it ' +
        `again, restoring this program included (lock-out rule: a stack never takes the user it signs as out of the root quorum). Keep ${ids.root} ` +
        "in userIds; to hand the quorum over, first switch the stack's credentials to a key of a user who stays in it (set " +
        'walletinfra:apiPublicKey and walletinfra:apiPrivateKey) and then run `pulumi up`; or set allowLockout: true.',
    );
  });

  test('a policy naming a tag id that does not exist, at preview', async () => {
    e2e.project.editProgram(
      'export const rootQuorum =',
      [
        "new walletinfra.Policy('typo', { policyName: 'Typo', effect: 'EFFECT_ALLOW', consensus: \"approvers.any(user, user.tags.contains('aproverz'))\" });",
        'export const rootQuorum =',
      ].join('\n'),
    );
    const typo =
      "new walletinfra.Policy('typo', { policyName: 'Typo', effect: 'EFFECT_ALLOW', consensus: \"approvers.any(user, user.tags.contains('aproverz'))\" });\n";
    const output = await failingOutput(e2e.project, ['preview']).finally(() => e2e.project.editProgram(typo, ''));
    expectOnce(
      output,
      `policy "Typo": user tag 'aproverz' (line 1, column 40) is no user tag of organization ${e2e.org.organizationId}, and no UserTag of this ` +
        `deployment has that id; the nearest user tag by name is "approvers" (${approversTagId}).`,
    );
  });

  describe("the stack's own key and user", () => {
    const declareOwn = [
      "const stackUser = new walletinfra.User('stack-user', { userName: 'root', adopt: { byName: true } });",
      "new walletinfra.ApiKey('stack-key', { userId: stackUser.id, apiKeyName: 'emulator root key', publicKey: OWN_KEY, adopt: { byPublicKey: true } });",
    ].join('\n');

    beforeAll(async () => {
      e2e.project.editProgram(
        'export const rootQuorum =',
        `${declareOwn.replace('OWN_KEY', `'${e2e.org.apiPublicKey}'`)}\nexport const rootQuorum =`,
      );
      const writes = await writesDuring(() => e2e.project.up());
      expect(writes).toEqual([]);
    });

    test('rotating it in place (a new public key replaces it), at preview', async () => {
      const other = generateApiKeyPair().publicKey;
      e2e.project.editProgram(`publicKey: '${e2e.org.apiPublicKey}'`, `publicKey: '${other}'`);
      const output = await failingOutput(e2e.project, ['preview']).finally(() =>
        e2e.project.editProgram(`publicKey: '${other}'`, `publicKey: '${e2e.org.apiPublicKey}'`),
      );
      expect(diagnosticsOf(output)).toContain(
        `refusing to replace API key ${(await e2e.org.client.getApiKeys({})).apiKeys.find((k) => k.credential.publicKey === e2e.org.apiPublicKey)?.apiKeyId} ` +
          `("emulator root key") of user "root" (${ids.root}) (changing publicKey replaces it, which deletes it): it is the key this stack signs its ` +
          'requests with (walletinfra:apiPublicKey (or its profile)), so the rest of the update and every later run would be refused (lock-out rule: ' +
          'a stack never deletes the API key it signs with).',
      );
    });

    test('removing it from the program, at preview: the walletinfra rule and its way out, not a `protect` flag the program does not have', async () => {
      e2e.project.editProgram("new walletinfra.ApiKey('stack-key', {", "if (process.env.NEVER) new walletinfra.ApiKey('stack-key', {");
      const output = await failingOutput(e2e.project, ['preview']).finally(() =>
        e2e.project.editProgram("if (process.env.NEVER) new walletinfra.ApiKey('stack-key', {", "new walletinfra.ApiKey('stack-key', {"),
      );
      const keyId = (await e2e.org.client.getApiKeys({})).apiKeys.find((k) => k.credential.publicKey === e2e.org.apiPublicKey)?.apiKeyId;
      expectOnce(
        output,
        `ApiKey "stack-key": refusing to delete API key ${keyId} ("emulator root key") of user "root" (${ids.root}): it is the key this stack ` +
          'signs its requests with (walletinfra:apiPublicKey (or its profile)), so the rest of the update and every later run would be refused ' +
          "(lock-out rule: a stack never deletes the API key it signs with). Switch the stack's credentials to another key of the organization " +
          'first, or declare the resource again with allowLockout: true and run `pulumi up` before removing it.',
      );
      expect(output).not.toContain('protect');
    });

    test('removing the user it signs as (the last root user): refused by the delete before it writes', async () => {
      e2e.project.editProgram(
        "const stackUser = new walletinfra.User('stack-user', { userName: 'root', adopt: { byName: true } });",
        "const stackUser = { id: '" + ids.root + "' };",
      );
      const output = await failingOutput(e2e.project, ['up', '--yes', '--skip-preview']).finally(() =>
        e2e.project.editProgram(
          "const stackUser = { id: '" + ids.root + "' };",
          "const stackUser = new walletinfra.User('stack-user', { userName: 'root', adopt: { byName: true } });",
        ),
      );
      expectOnce(
        output,
        `refusing to delete user "root" (${ids.root}): it is the last user of the root quorum, and nobody could approve root-only changes again ` +
          '(lock-out rule: an organization keeps a root user). Add another user with a credential to the RootQuorum and run `pulumi up` first; ' +
          "then switch the stack's credentials to a key of that user (set walletinfra:apiPublicKey and walletinfra:apiPrivateKey), remove this " +
          'one from userIds and run `pulumi up`.',
      );
    });

    test('`pulumi destroy`, which runs no program, does not start: the guard of the stack key is named', async () => {
      const output = await failingOutput(e2e.project, ['destroy', '--yes', '--skip-preview']);
      expect(output).toContain('Resource has delete hooks registered, but the program is not running. Hooks: walletinfra-lockout-guard');
      expect(output).toContain('You must run with the `--run-program` flag to use delete hooks during destroy.');
    });
  });
});
