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
import { z } from 'zod';
import { Id } from '../schemas/common';
import {
  ApiKeyParamsV2,
  CreateUserTagIntent,
  UpdateRootQuorumIntent,
  UpdateUserIntent,
  UpdateUserTagIntent,
  UserParamsV4,
} from '../schemas/identity';
import { CreateSmartContractInterfaceIntent } from '../schemas/smart-contract-interfaces';
import { CreateVelocityControlIntent } from '../schemas/velocity-controls';
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

/** update_user_tag renames, and changes members through add/remove sets. Names are unique among user tags. */
export const USER_TAG_FIELD_TABLE = defineFieldTable({
  resource: 'UserTag',
  create: CreateUserTagIntent,
  update: UpdateUserTagIntent,
  idField: 'userTagId',
  updateNames: { userTagName: 'newUserTagName', userIds: ['addUserIds', 'removeUserIds'] },
  identity: ['userTagName'],
});

/**
 * A user's own fields, as create_users (V4) takes them and update_user changes them: all in place, the tag list
 * under `userTagIds`. API keys, passkeys and OAuth providers are objects of their own (created empty here), so a
 * change to them never replaces the user. create_api_only_users takes the same fields but the phone number.
 */
export const USER_FIELD_TABLE = defineFieldTable({
  resource: 'User',
  create: UserParamsV4.pick({ userName: true, userEmail: true, userPhoneNumber: true, userTags: true }),
  update: UpdateUserIntent,
  idField: 'userId',
  updateNames: { userTags: 'userTagIds' },
  identity: ['userName'],
});

/** No update activity exists: an API key is created (create_api_keys, V2) and deleted, so every field replaces. */
export const API_KEY_FIELD_TABLE = defineFieldTable({
  resource: 'ApiKey',
  create: z.strictObject({ userId: Id, ...ApiKeyParamsV2.shape }),
  idField: '',
  identity: ['publicKey'],
});

/**
 * The organization's one root quorum: nothing creates or deletes it, update_root_quorum sets threshold and
 * members together, so a declared quorum adopts the existing one and every change is that update.
 */
export const ROOT_QUORUM_FIELD_TABLE = defineFieldTable({
  resource: 'RootQuorum',
  create: UpdateRootQuorumIntent,
  update: UpdateRootQuorumIntent,
  idField: '',
  singleton: true,
  identity: [],
});

/**
 * No update activity exists (docs/service-behaviour.md#smart-contract-interfaces): every field replaces. An
 * interface is known by its contract and chain.
 */
export const SMART_CONTRACT_INTERFACE_FIELD_TABLE = defineFieldTable({
  resource: 'SmartContractInterface',
  create: CreateSmartContractInterfaceIntent,
  idField: '',
  identity: ['smartContractAddress', 'type'],
});

/** No update activity exists (docs/service-behaviour.md#velocity-controls): every field replaces. Identifiers are unique. */
export const VELOCITY_CONTROL_FIELD_TABLE = defineFieldTable({
  resource: 'VelocityControl',
  create: CreateVelocityControlIntent,
  idField: '',
  identity: ['identifier'],
});

export const FIELD_TABLES = [
  POLICY_FIELD_TABLE,
  WEBHOOK_ENDPOINT_FIELD_TABLE,
  FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
  IP_ALLOWLIST_FIELD_TABLE,
  PRIVATE_KEY_TAG_FIELD_TABLE,
  SESSION_PROFILE_FIELD_TABLE,
  USER_TAG_FIELD_TABLE,
  USER_FIELD_TABLE,
  API_KEY_FIELD_TABLE,
  ROOT_QUORUM_FIELD_TABLE,
  SMART_CONTRACT_INTERFACE_FIELD_TABLE,
  VELOCITY_CONTROL_FIELD_TABLE,
] as const;
