// User through the provider's own methods against the emulator (seeded with two users and two tags made "by hand":
// tests/support/identity-organization.ts): create, read, each changed field its own activity, a tag given by hand
// that is no drift (the tag owns membership), adoption by name and delete.
import { checkAndCreate, checkedInputs, failure } from '../../support/provider-harness';
import { useIdentityOrganization } from '../../support/identity-organization';

const org = useIdentityOrganization();
const { h } = org;

describe('User', () => {
  let id: string;
  let outs: Record<string, unknown>;
  let inputs: Record<string, unknown>;

  test('create: an API-only user without credentials or tags; outputs in normal form', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.user, { userName: 'ci-deployer', userEmail: 'ci@acme.example' }));
    expect(outs).toEqual({ userName: 'ci-deployer', userEmail: 'ci@acme.example', allowLockout: false, organizationId: h.org, userId: id });
    const live = await org.liveUser(id);
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
    await h.client.updateUser({ userId: id, userTagIds: [org.tags.operations!] });
    const news = await checkedInputs(h.runtime.user, { userName: 'ci', userPhoneNumber: '+14155550100' });
    expect(await h.runtime.user.diff(id, outs, news)).toEqual({ changes: undefined });
    h.resetRequests();
    const updated = await h.newRuntime().user.update(id, outs, news);
    expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual([
      '/public/v1/submit/update_user_name',
      '/public/v1/submit/update_user_email',
      '/public/v1/submit/update_user_phone_number',
    ]);
    const live = await org.liveUser(id);
    expect([live.userName, live.userEmail, live.userPhoneNumber, live.userTags]).toEqual([
      'ci',
      undefined,
      '+14155550100',
      [org.tags.operations],
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
    expect((await org.liveUser(id)).userName).toBe('ci');
  });

  test('adopt by name takes over a hand-made user; several users with the name are refused, naming them', async () => {
    const adopted = await h.newRuntime().user.create(await checkedInputs(h.runtime.user, { userName: 'bob', adopt: { byName: true } }));
    expect(adopted.id).toBe(org.users.bob);
    const twin = (
      await h.client.createUsers({ users: [{ userName: 'bob', apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] })
    ).result.userIds[0];
    expect(
      await failure(h.newRuntime().user.create(await checkedInputs(h.runtime.user, { userName: 'bob', adopt: { byName: true } }))),
    ).toEqual({
      code: 'INVALID_REQUEST',
      message: `invalid request for adopt user: adopt: 2 users match (${org.users.bob}, ${twin}); adopt one of them by id, e.g. adopt: { id: '${org.users.bob}' }`,
    });
    await h.client.deleteUsers({ userIds: [twin!] });
  });

  test('delete removes the user', async () => {
    await h.newRuntime().user.delete(id, outs);
    expect((await h.client.listUsers({})).users.map((u) => u.userId)).not.toContain(id);
  });
});
