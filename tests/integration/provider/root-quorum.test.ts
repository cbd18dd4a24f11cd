// RootQuorum through the provider's own methods against the emulator (seeded with two users and two tags made "by
// hand": tests/support/identity-organization.ts): the quorum there is adopted on create, updated in one
// update_root_quorum, and left in place on delete.
import { checkAndCreate, checkedInputs } from '../../support/provider-harness';
import { useIdentityOrganization } from '../../support/identity-organization';

const org = useIdentityOrganization();
const { h } = org;

describe('RootQuorum', () => {
  test('create adopts the quorum there is (no write when it already matches); read; its id is rootQuorum', async () => {
    h.resetRequests();
    const { id, outs, inputs } = await checkAndCreate(h.runtime.rootQuorum, { threshold: 1, userIds: [org.rootUserId] });
    expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual([]);
    expect([id, outs]).toEqual(['rootQuorum', { threshold: 1, userIds: [org.rootUserId], allowLockout: false, organizationId: h.org }]);
    expect(await h.newRuntime().rootQuorum.read(id, outs)).toEqual({ id, props: outs, inputs: outs });
    expect(inputs).toEqual({ threshold: 1, userIds: [org.rootUserId], allowLockout: false, organizationId: h.org });
  });

  test('update: members and threshold in one update_root_quorum; delete leaves it in place and says so', async () => {
    const warnings: string[] = [];
    const outs = { threshold: 1, userIds: [org.rootUserId], allowLockout: false, organizationId: h.org };
    const news = await checkedInputs(h.runtime.rootQuorum, { threshold: 1, userIds: [org.users.alice, org.rootUserId] });
    const updated = await h.newRuntime().rootQuorum.update('rootQuorum', outs, news);
    expect((await h.client.getOrganizationConfigs({})).configs.quorum).toEqual({
      threshold: 1,
      userIds: [org.users.alice, org.rootUserId].sort(),
    });
    expect(updated.outs).toEqual({ ...news });
    const rt = h.newRuntime({}, { log: () => undefined });
    (rt.context as { warn: (line: string) => void }).warn = (line) => warnings.push(line);
    await rt.rootQuorum.delete('rootQuorum', updated.outs);
    expect(warnings).toEqual([
      `warning: the root quorum of organization ${h.org} was left in place: an organization always has one. Pulumi no longer manages it; its members and threshold stay as they are.`,
    ]);
    await h.client.updateRootQuorum({ threshold: 1, userIds: [org.rootUserId] });
  });
});
