// UserTag: a tag that no consensus rule names, carried by no user, so no approval of the organization changes.
import type { Scenario } from './types';

export const userTagScenario: Scenario = {
  name: 'UserTag',
  stem: 'user-tag',
  why: 'a tag carried by no user and named by no consensus rule, so nothing the organization approves changes',
  create: (ctx, role) => ({ userTagName: ctx.name(`user-tag-${role}`), userIds: [] }),
  update: (_ctx, args) => ({ ...args, userTagName: `${String(args.userTagName)}-renamed` }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createUserTag({ userTagName: String(args.userTagName), userIds: [] });
    return result.userTagId;
  },
  async drift(ctx, id, args) {
    await ctx.client.updateUserTag({
      userTagId: id,
      newUserTagName: `${String(args.userTagName)}-outside`,
      addUserIds: [],
      removeUserIds: [],
    });
    return 'renamed with update_user_tag';
  },
  notApplicable: { replace: 'a rename and a change of members are both in place; only a move to another organization replaces a tag' },
};
