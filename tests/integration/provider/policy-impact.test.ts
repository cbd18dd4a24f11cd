// The policy impact corpus read from a real emulator over HTTP: list_activities (paged), each activity's
// policy evaluations (root-quorum activities have none), the conversion of what it records, and the
// replay through the current and a tightened policy set, and with who may approve as live (list_users,
// get_organization_configs) and as a plan that takes the tag away would leave it.
import { WalletInfraClient } from '@walletinfra/sdk';
import type { ProviderSettings } from '@walletinfra/pulumi/config';
import { plannedState } from '@walletinfra/pulumi/policy-review/approvals';
import { policyImpact } from '@walletinfra/pulumi/policy-review/impact';
import { clientReader } from '@walletinfra/pulumi/policy-review/organization';
import { admin, AdminUser, FIXED_NOW, generatedKey, manualClock, useTestEmulator } from '../../support/emulator';

const clock = manualClock();
const emu = useTestEmulator({ clock: clock.now });

test('replays what the emulator recorded: policy-decided activities change, root-quorum ones do not', async () => {
  const root = new WalletInfraClient({
    baseUrl: emu.baseUrl,
    organizationId: emu.credentials.organizationId,
    apiPublicKey: emu.credentials.apiPublicKey,
    apiPrivateKey: emu.credentials.apiPrivateKey,
    clock: { now: clock.now },
  });
  const user = await admin(emu, 'POST', '/users', { userName: 'ops', userTags: ['ops'], generateApiKey: true });
  const added = AdminUser.parse(user.json);
  const tagId = added.userTags[0] as string;
  const key = generatedKey(added);
  const ops = new WalletInfraClient({
    baseUrl: emu.baseUrl,
    organizationId: emu.credentials.organizationId,
    apiPublicKey: key.publicKey,
    apiPrivateKey: key.privateKey,
    clock: { now: clock.now },
  });
  const policy = {
    policyName: 'ops tags',
    effect: 'EFFECT_ALLOW' as const,
    consensus: `approvers.any(u, u.tags.contains('${tagId}'))`,
    condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'CREATE'",
  };
  await root.createPolicy({ ...policy, notes: '' });
  const mine = [];
  for (let i = 0; i < 3; i++) {
    clock.advance(1000);
    mine.push((await ops.createPrivateKeyTag({ privateKeyTagName: `ops-${i}`, privateKeyIds: [] })).activity.id);
  }
  clock.advance(1000);
  await root.createPrivateKeyTag({ privateKeyTagName: 'by-root', privateKeyIds: [] });

  const reader = clientReader({
    baseUrl: emu.baseUrl,
    authProxyUrl: emu.baseUrl,
    organizationId: emu.credentials.organizationId,
    apiPublicKey: emu.credentials.apiPublicKey,
    apiPrivateKey: emu.credentials.apiPrivateKey,
    requestTimeoutMs: 10_000,
    maxRetries: 0,
  } as ProviderSettings);
  const current = await reader.listPolicies();
  expect(current.map((p) => [p.policyName, p.effect, p.condition])).toContainEqual(['ops tags', 'EFFECT_ALLOW', policy.condition]);
  const tightened = current.map((p) =>
    p.policyName === 'ops tags' ? { ...p, condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'DELETE'" } : p,
  );

  const impact = await policyImpact(current, tightened, reader, [], {
    maxActivities: 200,
    maxAgeMs: 86_400_000,
    nowMs: FIXED_NOW + 10_000,
  });
  expect(impact.changed.map((c) => c.activityId).sort()).toEqual([...mine].sort());
  expect(impact.changed.every((c) => c.transition === 'ALLOW → DENY' && c.before.decidedBy[0] === 'ops tags (OUTCOME_ALLOW)')).toBe(true);
  expect(impact.newlyDenied).toBe(3);
  expect(impact.notEvaluable).toEqual([]);
  // The bound on the count: the newest two only.
  const bounded = await policyImpact(current, tightened, reader, [], { maxActivities: 2, maxAgeMs: 86_400_000, nowMs: FIXED_NOW + 10_000 });
  expect(bounded.activitiesRead).toBe(2);

  // Who may approve, read live; the plan takes the tag from ops: what ops approved alone no longer reaches consensus.
  const live = await (reader.approvalState as NonNullable<typeof reader.approvalState>)();
  expect([live.tagsByUser.get(added.userId), live.rootQuorum]).toEqual([[tagId], { threshold: 1, userIds: [emu.credentials.userId] }]);
  const planned = plannedState(live, { tagMembers: new Map([[tagId, []]]), deletedUsers: new Set(), changes: [] });
  const window = { maxActivities: 200, maxAgeMs: 86_400_000, nowMs: FIXED_NOW + 10_000 };
  const approvers = await policyImpact(current, current, reader, [], window, { live, planned });
  expect(approvers.changed.map((c) => [c.activityId, c.transition]).sort()).toEqual(
    mine.map((id) => [id, 'ALLOW → REQUIRES_CONSENSUS']).sort(),
  );
  expect([approvers.lostConsensus, approvers.newlyDenied, approvers.notEvaluable]).toEqual([3, 0, []]);
  await Promise.all([root.close(), ops.close()]);
});
