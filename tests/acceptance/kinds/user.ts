// User: users with no credential (nobody can sign as them), an example.com email (RFC 2606) and a phone number
// from the range Ofcom reserves for drama (+44 7700 900xxx), so no message reaches a person.
import type { Scenario } from './types';

const PHONE = { main: '+447700900201', replaced: '+447700900202', adopted: '+447700900203' } as const;

export const userScenario: Scenario = {
  name: 'User',
  stem: 'user',
  why: 'users without credentials (nobody can sign as them), with example.com emails and fictional phone numbers',
  create: (ctx, role) => ({
    userName: ctx.name(`user-${role}`),
    userEmail: `${ctx.name(`user-${role}`)}@example.com`,
    userPhoneNumber: PHONE[role],
  }),
  update: (ctx, args) => ({
    ...args,
    userName: `${String(args.userName)}-renamed`,
    userEmail: `${ctx.name('user-main-renamed')}@example.com`,
    userPhoneNumber: '+447700900299',
  }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createUsers({
      users: [
        {
          userName: String(args.userName),
          userEmail: String(args.userEmail),
          userPhoneNumber: String(args.userPhoneNumber),
          apiKeys: [],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    const id = result.userIds[0];
    if (id === undefined) throw new Error('create_users answered without a user id');
    return id;
  },
  async drift(ctx, id, args) {
    await ctx.client.updateUserName({ userId: id, userName: `${String(args.userName)}-outside` });
    return 'renamed with update_user_name';
  },
  notApplicable: {
    replace:
      'every field of a user changes in place (update_user_name, _email, _phone_number); only a move to another organization replaces one',
  },
};
