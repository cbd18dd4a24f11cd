// PrivateKeyTag: a tag on no private key (tagging the organization's keys would change them); renamed in place.
import type { Scenario } from './types';

export const privateKeyTagScenario: Scenario = {
  name: 'PrivateKeyTag',
  stem: 'key-tag',
  why: 'a tag that holds no private key, so no key of the organization changes',
  label: (live) => (live as { tag?: { tagName?: string } }).tag?.tagName,
  create: (ctx, role) => ({ privateKeyTagName: ctx.name(`key-tag-${role}`), privateKeyIds: [] }),
  update: (_ctx, args) => ({ ...args, privateKeyTagName: `${String(args.privateKeyTagName)}-renamed` }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createPrivateKeyTag({ privateKeyTagName: String(args.privateKeyTagName), privateKeyIds: [] });
    return result.privateKeyTagId;
  },
  async drift(ctx, id, args) {
    await ctx.client.updatePrivateKeyTag({
      privateKeyTagId: id,
      newPrivateKeyTagName: `${String(args.privateKeyTagName)}-outside`,
      addPrivateKeyIds: [],
      removePrivateKeyIds: [],
    });
    return 'renamed with update_private_key_tag';
  },
  notApplicable: { replace: 'a rename and a change of members are both in place; only a move to another organization replaces a tag' },
};
