// The provider object serialized into every resource's state as `__provider` (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, https://www.pulumi.com/docs/iac/concepts/functions/function-serialization/). Its
// methods only load the INSTALLED package and delegate: no captured variables, no credentials, so the
// stored text is a few hundred bytes, identical across builds and versions (an upgrade shows no diff),
// and refresh/destroy run the installed code rather than a copy frozen in old state. The require path
// resolves from the program's node_modules: the engine starts the dynamic provider with the program
// directory as its working directory, and the deserialized module searches node_modules from there.
// Keep these one-liners free of comments and of any reference to module-level names.
import type * as pulumi from '@pulumi/pulumi';

export const fiatOnRampCredentialProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => require('@walletinfra/pulumi/dist/runtime').configure(req),
  check: (olds, news) => require('@walletinfra/pulumi/dist/runtime').fiatOnRampCredential.check(olds, news),
  diff: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').fiatOnRampCredential.diff(id, olds, news),
  create: (inputs) => require('@walletinfra/pulumi/dist/runtime').fiatOnRampCredential.create(inputs),
  read: (id, props) => require('@walletinfra/pulumi/dist/runtime').fiatOnRampCredential.read(id, props),
  update: (id, olds, news) => require('@walletinfra/pulumi/dist/runtime').fiatOnRampCredential.update(id, olds, news),
  delete: (id, props) => require('@walletinfra/pulumi/dist/runtime').fiatOnRampCredential.delete(id, props),
};
