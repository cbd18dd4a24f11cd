// The object serialized into state as `__provider`: one-line delegations to the installed package (see
// ../policy/provider.ts for why). Keep these free of comments and of module-level names.
import type * as pulumi from '@pulumi/pulumi';

export const userProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => require('@walletinfra/pulumi/dist/runtime').configure(req),
  check: (olds, news) => require('@walletinfra/pulumi/dist/runtime').user.check(olds, news),
  diff: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').user.diff(id, olds, news),
  create: (inputs) => require('@walletinfra/pulumi/dist/runtime').user.create(inputs),
  read: (id, props) => require('@walletinfra/pulumi/dist/runtime').user.read(id, props),
  update: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').user.update(id, olds, news),
  delete: (id, props) => require('@walletinfra/pulumi/dist/runtime').user.delete(id, props),
};
