// What the run knows about the organization and itself once it has looked: the credentials' identity, the
// objects it may read without changing them, and which of its own resources the program declares.
import { CREDENTIAL_KEYS } from '@walletinfra/pulumi/config/settings';
import { envSuffix, metaOf, resolveSettings, type ProviderSettings } from '@walletinfra/pulumi/config';
import type { SampleContext } from './kinds';

/** The credentials' organization, user and API key (found by the key's public half at the start). */
export interface Identity {
  organizationId: string;
  userId: string;
  apiKeyId: string;
  apiPublicKey: string;
}

/** A value in the program's plan that stands for another resource's output (`{ $ref: 'policy-main' }` is its id). */
export interface Ref {
  $ref: string;
  property?: string;
  /** Other resources the value waits for too (the program resolves it once they are all done). */
  after?: string[];
}

export function ref(resource: string, property?: string, after: readonly string[] = []): Ref {
  return { $ref: resource, ...(property !== undefined ? { property } : {}), ...(after.length > 0 ? { after: [...after] } : {}) };
}

/** What lookups and sdk operations are made from. */
export interface RunFacts {
  sample: SampleContext;
  identity: Identity;
  /** Whether the program declares this resource (`policy-main`): a scenario left out declares none. */
  declares(resource: string): boolean;
  /** The inputs the program declares for a resource in the step that runs the lookups. */
  declared(resource: string): Record<string, unknown> | undefined;
  /** A Solana wallet account of the organization, for the transaction-history lookup; the run creates none. */
  solanaAddress?: string;
  /** A wallet of the organization, for list_wallet_accounts. */
  walletId?: string;
  /** Whether `walletinfra:authProxyConfigId` is set (the wallet-kit lookup needs it). */
  authProxyConfigId?: string;
}

/**
 * The settings of a run or a sweep, from the environment only (there is no stack to read): a missing
 * credential names the variables that set it.
 */
export function settingsFromEnv(env: Readonly<Record<string, string | undefined>>): ProviderSettings {
  const missing = CREDENTIAL_KEYS.filter((key) => {
    const names = [`WALLETINFRA_${envSuffix(key)}`, ...(metaOf(key).alsoEnv !== undefined ? [metaOf(key).alsoEnv as string] : [])];
    return names.every((name) => (env[name] ?? '') === '');
  }).map(
    (key) =>
      `${key} (environment variable WALLETINFRA_${envSuffix(key)}${metaOf(key).alsoEnv !== undefined ? ` or ${metaOf(key).alsoEnv}` : ''})`,
  );
  if (missing.length > 0) {
    throw new Error(
      `missing settings: ${missing.join('; ')}. The credentials come from the environment: those of a user of the organization ` +
        'to test (README, "Acceptance tests against your own organization")',
    );
  }
  return resolveSettings({ config: () => undefined, env });
}
