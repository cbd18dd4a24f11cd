// UserTag through the provider's own methods against the emulator (seeded with two users and two tags made "by hand":
// tests/support/identity-organization.ts): create with members, a rename and a membership change in one update,
// a member added by hand as drift, check of the members, adoption by name and delete; the tag is the one owner of
// membership.
import { checkAndCreate, checkedInputs } from '../../support/provider-harness';
import { useIdentityOrganization } from '../../support/identity-organization';

const org = useIdentityOrganization();
const { h } = org;

describe('UserTag', () => {
  let id: string;
  let outs: Record<string, unknown>;
  let inputs: Record<string, unknown>;

  test('create with members; membership shows on the users', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.userTag, { userTagName: 'signers', userIds: [org.users.bob, org.users.alice] }));
    expect(outs).toEqual({
      userTagName: 'signers',
      userIds: [org.users.alice, org.users.bob].sort(),
      organizationId: h.org,
      userTagId: id,
    });
    expect(await org.membersOf(id)).toEqual([org.users.alice, org.users.bob].sort());
  });

  test('rename and membership change are one update_user_tag with add/remove sets', async () => {
    const news = await checkedInputs(h.runtime.userTag, { userTagName: 'co-signers', userIds: [org.users.bob, org.rootUserId] });
    h.resetRequests();
    const updated = await h.newRuntime().userTag.update(id, outs, news);
    expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual(['/public/v1/submit/update_user_tag']);
    const activity = (await h.client.listActivities({ filterByType: ['ACTIVITY_TYPE_UPDATE_USER_TAG'] })).activities[0]!;
    expect(activity.intent.updateUserTagIntent).toEqual({
      userTagId: id,
      newUserTagName: 'co-signers',
      addUserIds: [org.rootUserId],
      removeUserIds: [org.users.alice],
    });
    expect(await org.membersOf(id)).toEqual([org.users.bob, org.rootUserId].sort());
    outs = updated.outs;
    inputs = news;
  });

  test('a member added by hand is drift; update removes it', async () => {
    await h.client.updateUserTag({ userTagId: id, addUserIds: [org.users.alice!], removeUserIds: [] });
    const read = await h.newRuntime().userTag.read(id, outs);
    expect(read.props).toEqual({ ...outs, userIds: [org.users.alice, org.users.bob, org.rootUserId].sort() });
    expect(await h.runtime.userTag.diff(id, read.props as Record<string, unknown>, inputs)).toEqual({ changes: undefined });
    await h.newRuntime().userTag.update(id, read.props as Record<string, unknown>, inputs);
    expect(await org.membersOf(id)).toEqual([org.users.bob, org.rootUserId].sort());
  });

  test('check: a member listed twice, by index; an unknown user', async () => {
    expect((await h.runtime.userTag.check({}, { userTagName: 't', userIds: ['a', 'b', 'a'] })).failures).toEqual([
      { property: 'userIds', reason: 'userIds[2]: a repeats userIds[0]; list each user once' },
    ]);
    expect((await h.runtime.userTag.check({}, { userTagName: 't', userIds: [org.users.bob, 'nobody'] })).failures).toEqual([
      {
        property: 'userIds',
        reason: `userIds[1] nobody: no such user in organization ${h.org}; name users by their User resources' id or by the id of an existing user`,
      },
    ]);
  });

  test('adopt by name takes over the hand-made tag with its members made to match', async () => {
    const adopted = await h
      .newRuntime()
      .userTag.create(
        await checkedInputs(h.runtime.userTag, { userTagName: 'approvers', userIds: [org.users.bob], adopt: { byName: true } }),
      );
    expect(adopted.id).toBe(org.tags.approvers);
    expect(await org.membersOf(org.tags.approvers!)).toEqual([org.users.bob]);
  });

  test('delete removes the tag from its members', async () => {
    await h.newRuntime().userTag.delete(id, outs);
    expect((await h.client.listUserTags({})).userTags.map((t) => t.tagId)).not.toContain(id);
    expect(await org.membersOf(id)).toEqual([]);
  });
});
