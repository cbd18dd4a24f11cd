// The provider object serialized into every resource's state as `__provider` (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, https://www.pulumi.com/docs/iac/concepts/functions/function-serialization/). Its
// methods only load the INSTALLED package and delegate: no captured variables, no credentials, so the
// stored text is a few hundred bytes, identical across builds and versions (an upgrade shows no diff),
// and refresh/destroy run the installed code rather than a copy frozen in old state. The require path
// resolves from the program's node_modules: the engine starts the dynamic provider with the program
// directory as its working directory, and the deserialized module searches node_modules from there.
// Keep these one-liners free of comments and of any reference to module-level names.
import type * as pulumi from '@pulumi/pulumi';

export const webhookEndpointProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => require('@walletinfra/pulumi/dist/runtime').configure(req),
  check: (olds, news) => require('@walletinfra/pulumi/dist/runtime').webhookEndpoint.check(olds, news),
  diff: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').webhookEndpoint.diff(id, olds, news),
  create: (inputs) => require('@walletinfra/pulumi/dist/runtime').webhookEndpoint.create(inputs),
  read: (id, props) => require('@walletinfra/pulumi/dist/runtime').webhookEndpoint.read(id, props),
  update: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').webhookEndpoint.update(id, olds, news),
  delete: (id, props) => require('@walletinfra/pulumi/dist/runtime').webhookEndpoint.delete(id, props),
};
