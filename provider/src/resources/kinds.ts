// Every resource kind, in the order docs, reports and exports list them. Adding a kind is adding its folder
// (spec.ts, provider.ts, resource.ts) and one line here (docs/architecture.md, "Adding a resource kind").
import { apiKey } from './apiKey/spec';
import { fiatOnRampCredential } from './fiatOnRampCredential/spec';
import { ipAllowlist } from './ipAllowlist/spec';
import type { AnyKind } from './kind';
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
 * The kind of a type token, dynamic (`pulumi-nodejs:dynamic/walletinfra:Policy`) or native (`walletinfra:index:Policy`),
 * among `kinds` (default every kind); undefined for any other token.
 */
export function kindOfToken(token: string, kinds: readonly AnyKind[] = KINDS): AnyKind | undefined {
  const type = typeOfToken(token);
  return type === undefined ? undefined : kinds.find((k) => k.type === type);
}
