// What every handler sees: the store, the injectable environment, the emulator's own keys and options,
// plus (per request) the target organization and the authenticated caller.
import type { OperationName, RequestOf, SubmitName } from '@walletinfra/sdk';
import type { PolicyContext } from '@walletinfra/sdk/policy';
import type { Env } from './env';
import type { FaultInjector } from './faults';
import type { EmulatorKeys } from './keys';
import type { ResolvedOptions } from './options';
import type { PolicyEngine } from './policy-engine';
import type { OrganizationRecord, UserRecord } from './store/records';
import type { Store } from './store/store';
import type { DeliveryQueue } from './webhooks/deliveries';

export interface Core {
  store: Store;
  env: Env;
  keys: EmulatorKeys;
  options: ResolvedOptions;
  faults: FaultInjector;
  deliveries: DeliveryQueue;
  policy: PolicyEngine;
  /** the write handlers by operation name and activity type (handlers/index.ts), for effects that run later than their request */
  submitHandlerFor: (name: string, activityType?: string) => SubmitHandler<SubmitName> | undefined;
}

/** The authenticated principal of a request. */
export interface Caller {
  user: UserRecord;
  /** the public key (API key) or credential id (passkey) that stamped the request */
  publicKey: string;
  scheme: string;
  /** the stamp's signature (kept on votes) */
  signature: string;
  /** the credential type, as policies see it (`credentials` in consensus, docs/service-behaviour.md#policy-language) */
  credentialType: string;
  credentialId: string;
  /** true when the key belongs to the parent of the target organization (read-only there) */
  viaParent: boolean;
}

export interface RequestContext extends Core {
  org: OrganizationRecord;
  caller: Caller;
}

/** A query: body in, response body out. */
export type QueryHandler<N extends OperationName = OperationName> = (ctx: RequestContext, body: RequestOf<N>) => unknown;

/**
 * A write. `validate` runs when the activity is submitted (malformed input is a 400 before any consensus);
 * `execute` applies the effect inside the activity's transaction and returns the object stored at
 * `activity.result[resultKey]`. Either throws a ServiceError to refuse.
 */
export interface SubmitHandler<N extends SubmitName = SubmitName> {
  validate?: (ctx: RequestContext, params: RequestOf<N>) => void;
  /** What the policy engine reads of this request beyond `activity`, and what velocity controls measure of it (../velocity.ts). */
  policyRequest?: (ctx: RequestContext, params: RequestOf<N>) => PolicyRequest;
  execute: (ctx: RequestContext, params: RequestOf<N>, activityId: string) => Record<string, unknown>;
}

/** The request-specific keywords of a write (a signing request's `eth.tx`, `wallet`, …) and its measure. */
export interface PolicyRequest {
  context?: Pick<PolicyContext, 'eth' | 'wallet' | 'wallet_account' | 'private_key'>;
  /** the wallet it acts on, for velocity controls grouped by wallet */
  walletId?: string;
  /** asset transfers it signs: CAIP-19 asset id and raw on-chain amount */
  transfers?: Array<{ caip19: string; amount: string }>;
}
