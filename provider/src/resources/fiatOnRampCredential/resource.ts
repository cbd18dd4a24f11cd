// `new FiatOnRampCredential(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:FiatOnRampCredential.
// Secret inputs are wrapped in pulumi.secret whatever the caller passed, and every sensitive output is
// listed in additionalSecretOutputs: a dynamic provider cannot return secrets itself (https://www.pulumi.com/docs/iac/concepts/secrets/, pulumi/pulumi#3012).
import * as pulumi from '@pulumi/pulumi';
import { resourceInputs, unsetPlacementOutputs } from '../../program';
import { fiatOnRampCredentialProvider } from './provider';
import {
  FIAT_SECRET_INPUTS,
  FIAT_SECRET_OUTPUTS,
  type FiatOnRampCredentialAdopt,
  type FiatOnRampCredentialArgs,
  type OnRampProvider,
} from './types';

export class FiatOnRampCredential extends pulumi.dynamic.Resource {
  /** The service's id (note the lower-case "r", docs/service-behaviour.md#fiat-on-ramp-credentials); also the resource's `id`. */
  declare readonly fiatOnrampCredentialId: pulumi.Output<string>;
  declare readonly onrampProvider: pulumi.Output<OnRampProvider>;
  declare readonly projectId: pulumi.Output<string>;
  declare readonly publishableApiKey: pulumi.Output<string>;
  declare readonly sandboxMode: pulumi.Output<boolean>;
  /** Secret: the ciphertext the service holds. */
  declare readonly encryptedSecretApiKey: pulumi.Output<string>;
  declare readonly encryptedPrivateApiKey: pulumi.Output<string | undefined>;
  /** Secret: salted HMAC-SHA256 of the plain-text secret, what diffs compare. */
  declare readonly secretApiKeyFingerprint: pulumi.Output<string | undefined>;
  declare readonly privateApiKeyFingerprint: pulumi.Output<string | undefined>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly profile: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<FiatOnRampCredentialAdopt | undefined>;

  constructor(name: string, args: FiatOnRampCredentialArgs, opts?: pulumi.CustomResourceOptions) {
    const props = resourceInputs('FiatOnRampCredential', name, args, [
      'fiatOnrampCredentialId',
      'projectId',
      'sandboxMode',
      'encryptedSecretApiKey',
      'encryptedPrivateApiKey',
      'secretApiKeyFingerprint',
      'privateApiKeyFingerprint',
    ]);
    for (const key of FIAT_SECRET_INPUTS) {
      const value = args[key];
      if (value !== undefined) props[key] = pulumi.secret(value);
    }
    const secretOpts = pulumi.mergeOptions(opts, { additionalSecretOutputs: [...FIAT_SECRET_OUTPUTS] });
    super(fiatOnRampCredentialProvider, name, props, secretOpts, 'walletinfra', 'FiatOnRampCredential');
    unsetPlacementOutputs(this, props);
  }
}
