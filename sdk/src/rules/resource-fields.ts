// The field table of each object the provider manages, one entry per resource, each derived from its
// create and update intents (./fields.ts). Adding a resource is adding one entry here.
import {
  CreateFiatOnRampCredentialIntent,
  CreatePolicyIntent,
  CreateWebhookEndpointIntent,
  UpdateFiatOnRampCredentialIntent,
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

export const FIELD_TABLES = [POLICY_FIELD_TABLE, WEBHOOK_ENDPOINT_FIELD_TABLE, FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE] as const;
