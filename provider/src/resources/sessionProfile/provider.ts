// The object serialized into state as `__provider`: one-line delegations to the installed package (see
// ../policy/provider.ts for why). Keep these free of comments and of module-level names.
import type * as pulumi from '@pulumi/pulumi';

export const sessionProfileProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => require('@walletinfra/pulumi/dist/runtime').configure(req),
  check: (olds, news) => require('@walletinfra/pulumi/dist/runtime').sessionProfile.check(olds, news),
  diff: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').sessionProfile.diff(id, olds, news),
  create: (inputs) => require('@walletinfra/pulumi/dist/runtime').sessionProfile.create(inputs),
  read: (id, props) => require('@walletinfra/pulumi/dist/runtime').sessionProfile.read(id, props),
  update: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').sessionProfile.update(id, olds, news),
  delete: (id, props) => require('@walletinfra/pulumi/dist/runtime').sessionProfile.delete(id, props),
};
