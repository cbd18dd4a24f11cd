// What the run knows about the organization and itself once it has looked: the credentials' identity, the
// objects it may read without changing them, and which of its own resources the program declares.
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
}

export function ref(resource: string, property?: string): Ref {
  return property === undefined ? { $ref: resource } : { $ref: resource, property };
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
