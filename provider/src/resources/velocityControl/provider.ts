// The object serialized into state as `__provider`: one-line delegations to the installed package (see
// ../policy/provider.ts for why). Keep these free of comments and of module-level names.
import type * as pulumi from '@pulumi/pulumi';

export const velocityControlProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => require('@walletinfra/pulumi/dist/runtime').configure(req),
  check: (olds, news) => require('@walletinfra/pulumi/dist/runtime').velocityControl.check(olds, news),
  diff: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').velocityControl.diff(id, olds, news),
  create: (inputs) => require('@walletinfra/pulumi/dist/runtime').velocityControl.create(inputs),
  read: (id, props) => require('@walletinfra/pulumi/dist/runtime').velocityControl.read(id, props),
  update: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').velocityControl.update(id, olds, news),
  delete: (id, props) => require('@walletinfra/pulumi/dist/runtime').velocityControl.delete(id, props),
};
