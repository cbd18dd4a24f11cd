// The object serialized into state as `__provider`: one-line delegations to the installed package (see
// ../policy/provider.ts for why). Keep these free of comments and of module-level names.
import type * as pulumi from '@pulumi/pulumi';

export const smartContractInterfaceProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => require('@walletinfra/pulumi/dist/runtime').configure(req),
  check: (olds, news) => require('@walletinfra/pulumi/dist/runtime').smartContractInterface.check(olds, news),
  diff: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').smartContractInterface.diff(id, olds, news),
  create: (inputs) => require('@walletinfra/pulumi/dist/runtime').smartContractInterface.create(inputs),
  read: (id, props) => require('@walletinfra/pulumi/dist/runtime').smartContractInterface.read(id, props),
  update: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').smartContractInterface.update(id, olds, news),
  delete: (id, props) => require('@walletinfra/pulumi/dist/runtime').smartContractInterface.delete(id, props),
};
