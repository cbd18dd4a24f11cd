// The provider object serialized into every resource's state as `__provider` (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, https://www.pulumi.com/docs/iac/concepts/functions/function-serialization/). Its
// methods only load the INSTALLED package and delegate: no captured variables, no credentials, so the
// stored text is a few hundred bytes, identical across builds and versions (an upgrade shows no diff),
// and refresh/destroy run the installed code rather than a copy frozen in old state. The require path
// resolves from the program's node_modules: the engine starts the dynamic provider with the program
// directory as its working directory, and the deserialized module searches node_modules from there.
// Keep these one-liners free of comments and of any reference to module-level names; for the same reason each
// resource spells out its own object rather than calling a shared factory, whose captured resource name
// would become part of the stored text.
import type * as pulumi from '@pulumi/pulumi';

export const policyProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => require('@walletinfra/pulumi/dist/runtime').configure(req),
  check: (olds, news) => require('@walletinfra/pulumi/dist/runtime').policy.check(olds, news),
  diff: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').policy.diff(id, olds, news),
  create: (inputs) => require('@walletinfra/pulumi/dist/runtime').policy.create(inputs),
  read: (id, props) => require('@walletinfra/pulumi/dist/runtime').policy.read(id, props),
  update: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').policy.update(id, olds, news),
  delete: (id, props) => require('@walletinfra/pulumi/dist/runtime').policy.delete(id, props),
};
