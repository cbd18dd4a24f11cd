// Every resource kind, in the order docs, reports and exports list them (docs/architecture.md, "Adding a
// resource kind"), and the steps modules of the kinds that write their own steps.
import { apiKey } from './apiKey/spec';
import { fiatOnRampCredential } from './fiatOnRampCredential/spec';
import { ipAllowlist } from './ipAllowlist/spec';
import type * as FiatOnRampCredentialSteps from './fiatOnRampCredential/steps';
import type * as IpAllowlistSteps from './ipAllowlist/steps';
import type { AnyKind } from './kind';
import type { StepsTable } from './lifecycle';
import type * as RootQuorumSteps from './rootQuorum/steps';
import { typeOfToken } from '../tokens';
import { policy } from './policy/spec';
import { privateKeyTag } from './privateKeyTag/spec';
import { rootQuorum } from './rootQuorum/spec';
import { sessionProfile } from './sessionProfile/spec';
import { smartContractInterface } from './smartContractInterface/spec';
import { user } from './user/spec';
import { userTag } from './userTag/spec';
import { velocityControl } from './velocityControl/spec';
import { webhookEndpoint } from './webhookEndpoint/spec';

export const KINDS = [
  policy,
  webhookEndpoint,
  fiatOnRampCredential,
  ipAllowlist,
  privateKeyTag,
  sessionProfile,
  userTag,
  user,
  apiKey,
  rootQuorum,
  smartContractInterface,
  velocityControl,
] as const;

/** A kind's runtime member name: `policy`, `webhookEndpoint`. */
export type KindMember = (typeof KINDS)[number]['member'];

/**
 * The steps each kind writes itself (its folder's steps.ts), loaded on the first call that needs one: every step of
 * a kind addressed by scope or of the organization's one object, the sealed create and update of the on-ramp
 * credential. The compiler holds the table to the kinds' shapes (./lifecycle.ts `StepsTable`): a scoped kind
 * without its steps here, or steps without one of the four, does not compile.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use (see above) */
export const STEPS = {
  fiatOnRampCredential: () => require('./fiatOnRampCredential/steps') as typeof FiatOnRampCredentialSteps,
  ipAllowlist: () => require('./ipAllowlist/steps') as typeof IpAllowlistSteps,
  rootQuorum: () => require('./rootQuorum/steps') as typeof RootQuorumSteps,
} satisfies StepsTable<(typeof KINDS)[number]>;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The kind of a type token, dynamic (`pulumi-nodejs:dynamic/walletinfra:Policy`) or native (`walletinfra:index:Policy`),
 * among `kinds` (default every kind); undefined for any other token.
 */
export function kindOfToken(token: string, kinds: readonly AnyKind[] = KINDS): AnyKind | undefined {
  const type = typeOfToken(token);
  return type === undefined ? undefined : kinds.find((k) => k.type === type);
}
