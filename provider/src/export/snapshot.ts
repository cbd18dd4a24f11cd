// Everything `walletinfra-export` reads from an organization, through the provider's own session (same
// settings, same coalesced lists, same retries). Private-key tag members come from list_private_keys;
// per-API-key allowlists from get_ip_allowlist for each key get_api_keys lists (docs/service-behaviour.md#ip-allowlist:
// a key's list without rules reads like no list, so only lists that read otherwise are kept).
import type { FiatOnRampCredential, IpAllowlist, Policy, SessionProfile, WebhookEndpoint } from '@walletinfra/sdk';
import { isEmptyAllowlist } from '../resources/ipAllowlist/types';
import { liveTags, type LiveTag } from '../resources/privateKeyTag/types';
import type { OrgSession } from '../session';

export interface KeyAllowlist {
  apiKeyName: string;
  publicKey: string;
  allowlist: IpAllowlist;
}

export interface OrganizationSnapshot {
  organizationId: string;
  policies: Policy[];
  webhookEndpoints: WebhookEndpoint[];
  fiatOnRampCredentials: FiatOnRampCredential[];
  ipAllowlist: IpAllowlist;
  keyAllowlists: KeyAllowlist[];
  privateKeyTags: LiveTag[];
  sessionProfiles: SessionProfile[];
}

export async function readOrganization(session: OrgSession, progress: (line: string) => void): Promise<OrganizationSnapshot> {
  const c = session.client;
  progress(`reading organization ${session.organizationId}`);
  const [policies, webhookEndpoints, fiatOnRampCredentials, tags, keys, sessionProfiles, org, apiKeys] = await Promise.all([
    session.list('policies'),
    session.list('webhookEndpoints'),
    session.list('fiatOnRampCredentials'),
    session.list('privateKeyTags'),
    session.list('privateKeys'),
    session.list('sessionProfiles'),
    c.getIpAllowlist({}),
    c.getApiKeys({}),
  ]);
  const keyAllowlists: KeyAllowlist[] = [];
  for (const key of apiKeys.apiKeys) {
    const publicKey = key.credential.publicKey.toLowerCase();
    const { allowlist } = await c.getIpAllowlist({ publicKey });
    // A key without a list and a key whose list has no rules read the same; only a list that reads otherwise is one.
    if (!isEmptyAllowlist(allowlist, true)) keyAllowlists.push({ apiKeyName: key.apiKeyName, publicKey, allowlist });
  }
  return {
    organizationId: session.organizationId,
    policies,
    webhookEndpoints,
    fiatOnRampCredentials,
    ipAllowlist: org.allowlist,
    keyAllowlists,
    privateKeyTags: liveTags(tags, keys),
    sessionProfiles,
  };
}
