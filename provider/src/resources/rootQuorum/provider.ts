// The object serialized into state as `__provider`: one-line delegations to the installed package (see
// ../policy/provider.ts for why). Keep these free of comments and of module-level names.
import type * as pulumi from '@pulumi/pulumi';

export const rootQuorumProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => require('@walletinfra/pulumi/dist/runtime').configure(req),
  check: (olds, news) => require('@walletinfra/pulumi/dist/runtime').rootQuorum.check(olds, news),
  diff: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').rootQuorum.diff(id, olds, news),
  create: (inputs) => require('@walletinfra/pulumi/dist/runtime').rootQuorum.create(inputs),
  read: (id, props) => require('@walletinfra/pulumi/dist/runtime').rootQuorum.read(id, props),
  update: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').rootQuorum.update(id, olds, news),
  delete: (id, props) => require('@walletinfra/pulumi/dist/runtime').rootQuorum.delete(id, props),
};
