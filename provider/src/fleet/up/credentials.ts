// The credential `walletinfra-fleet up` writes with: the delegated key, the API key every sub-organization's
// delegated user holds (https://docs.turnkey.com/concepts/policies/delegated-access-backend). Its public half is the
// options' `delegated.apiPublicKey` (or the profile's), its private half only ever comes from the environment of the
// options' `delegated.profile`. Never the parent's: the parent may only read its sub-organizations, so a rollout
// given the parent's key (or another key of a parent's user) is refused before any stack starts.
import { loadApiKeyPair, type WalletInfraClient } from '@walletinfra/sdk';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { profileEnvName } from '../../config';
import { messageOf } from '../../errors';
import type { ResolvedFleet } from '../resolve';

export interface DelegatedCredential {
  publicKey: string;
  /** Never shown, logged or written anywhere but the stacks' secret config. */
  privateKey: string;
  /** The variable the private half came from: `WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY`. */
  source: string;
}

/** The delegated key from the environment; every error names the option, the variable and the fix. */
export function delegatedCredential(fleet: ResolvedFleet, env: Readonly<Record<string, string | undefined>>): DelegatedCredential {
  const profile = fleet.options.delegated.profile;
  const where = fleet.where(['delegated']);
  if (profile === undefined) {
    throw new ConfigurationError(
      `${where}: up writes with the delegated key, and its private half is read from the environment of delegated.profile, which the options do not name; ` +
        'add it (delegated: { apiPublicKey: 02…, profile: delegated }) and set WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY (docs/fleet.md, "Rolling out")',
    );
  }
  const variable = `WALLETINFRA_PROFILE_${profileEnvName(profile)}_API_PRIVATE_KEY`;
  const privateKey = env[variable]?.trim() ?? '';
  if (privateKey === '') {
    throw new ConfigurationError(
      `${variable} is not set (delegated.profile ${JSON.stringify(profile)}, ${fleet.where(['delegated', 'profile'])}): up writes in each sub-organization ` +
        "with the delegated key; set that variable to the key's private half (hex)",
    );
  }
  try {
    loadApiKeyPair({ publicKey: fleet.delegatedPublicKey, privateKey });
  } catch (error) {
    throw new ConfigurationError(
      `${variable} is not the private half of the delegated key ${fleet.delegatedPublicKey} (${messageOf(error)}); set it to the private half of the key each delegated user holds`,
    );
  }
  return { publicKey: fleet.delegatedPublicKey, privateKey: privateKey.toLowerCase(), source: variable };
}

/**
 * Refuses a delegated key that is the parent's: the parent's own key, or a key of any user of the parent
 * organization (one `list_users` of the parent). Runs before any stack starts.
 */
export async function refuseParentKey(credential: DelegatedCredential, fleet: ResolvedFleet, parent: WalletInfraClient): Promise<void> {
  const fix =
    'up writes in each sub-organization as its delegated user, never with a key of the parent (the parent may only read its sub-organizations); ' +
    `set ${credential.source} and delegated.apiPublicKey to the delegated key each sub-organization's delegated user holds`;
  if (credential.publicKey === fleet.parent.apiPublicKey.toLowerCase()) {
    throw new ConfigurationError(
      `refusing to roll out: the delegated key ${credential.publicKey} is the parent's own key (the parent credentials' API key, organization ${fleet.parent.organizationId}); ${fix}`,
    );
  }
  const { users } = await parent.listUsers({});
  const holder = users.find((u) => u.apiKeys.some((k) => k.credential.publicKey.toLowerCase() === credential.publicKey));
  if (holder !== undefined) {
    throw new ConfigurationError(
      `refusing to roll out: the delegated key ${credential.publicKey} belongs to user ${JSON.stringify(holder.userName)} (${holder.userId}) of the parent organization ${fleet.parent.organizationId}; ${fix}`,
    );
  }
}
