// The field table of each object the provider manages, one entry per resource, each derived from its
// create and update intents (./fields.ts). Adding a resource is adding one entry here.
import {
  CreateFiatOnRampCredentialIntent,
  CreatePolicyIntent,
  CreatePrivateKeyTagIntent,
  CreateSessionProfileIntent,
  CreateWebhookEndpointIntent,
  SetIpAllowlistIntent,
  UpdateFiatOnRampCredentialIntent,
  UpdatePrivateKeyTagIntent,
  UpdatePolicyIntent,
  UpdateWebhookEndpointIntent,
} from '../schemas/activities';
import { defineFieldTable } from './fields';

/** update_policy (V2) renames every field but `time`; all of them change in place. Names are unique. */
export const POLICY_FIELD_TABLE = defineFieldTable({
  resource: 'Policy',
  create: CreatePolicyIntent,
  update: UpdatePolicyIntent,
  idField: 'policyId',
  updateNames: {
    policyName: 'policyName',
    effect: 'policyEffect',
    condition: 'policyCondition',
    consensus: 'policyConsensus',
    notes: 'policyNotes',
  },
  identity: ['policyName'],
});

/** update_webhook_endpoint has no `subscriptions` (so they replace) and adds `isActive`. */
export const WEBHOOK_ENDPOINT_FIELD_TABLE = defineFieldTable({
  resource: 'WebhookEndpoint',
  create: CreateWebhookEndpointIntent,
  update: UpdateWebhookEndpointIntent,
  idField: 'endpointId',
  identity: ['url', 'name'],
});

/** update_fiat_on_ramp_credential re-sends everything but `sandboxMode`, which replaces. */
export const FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE = defineFieldTable({
  resource: 'FiatOnRampCredential',
  create: CreateFiatOnRampCredentialIntent,
  update: UpdateFiatOnRampCredentialIntent,
  idField: 'fiatOnrampCredentialId',
  identity: ['onrampProvider', 'publishableApiKey'],
});

/**
 * set_ip_allowlist both creates and updates, replacing the whole list of its scope; the scope
 * (`publicKey`: the organization's list when absent, else that API key's) names the list, so a new
 * `publicKey` is another list (docs.turnkey.com/reference/ip-allowlisting).
 */
export const IP_ALLOWLIST_FIELD_TABLE = defineFieldTable({
  resource: 'IpAllowlist',
  create: SetIpAllowlistIntent,
  update: SetIpAllowlistIntent,
  idField: 'publicKey',
  identity: [],
});

/** update_private_key_tag renames, and changes members through add/remove sets. Names are unique. */
export const PRIVATE_KEY_TAG_FIELD_TABLE = defineFieldTable({
  resource: 'PrivateKeyTag',
  create: CreatePrivateKeyTagIntent,
  update: UpdatePrivateKeyTagIntent,
  idField: 'privateKeyTagId',
  updateNames: { privateKeyTagName: 'newPrivateKeyTagName', privateKeyIds: ['addPrivateKeyIds', 'removePrivateKeyIds'] },
  identity: ['privateKeyTagName'],
});

/**
 * No update activity exists: session profiles are immutable, every field is fixed at creation
 * (docs.turnkey.com/features/authentication/sessions/session-profiles).
 */
export const SESSION_PROFILE_FIELD_TABLE = defineFieldTable({
  resource: 'SessionProfile',
  create: CreateSessionProfileIntent,
  idField: '',
  identity: ['sessionProfileName'],
});

export const FIELD_TABLES = [
  POLICY_FIELD_TABLE,
  WEBHOOK_ENDPOINT_FIELD_TABLE,
  FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
  IP_ALLOWLIST_FIELD_TABLE,
  PRIVATE_KEY_TAG_FIELD_TABLE,
  SESSION_PROFILE_FIELD_TABLE,
] as const;
