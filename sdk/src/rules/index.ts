// Service rules more than one package applies, as data: the provider's `check`/`diff` and the emulator both
// read them, so a green preview predicts what the service does.
export { webhookDestinationProblem, nonPublicAddress, isLoopbackHost } from './webhook-destination';
export type { WebhookDestinationOptions } from './webhook-destination';
export { REFUSED_RANGES, IPV4_CARRYING_RANGES } from './address-ranges';
export type { RefusedRange, RangeKind } from './address-ranges';
export { parseCidr } from './cidr';
export type { Cidr, CidrParse, IpFamily } from './cidr';
export { normalizeIpAllowlistRules, IP_ALLOWLIST_LIMITS } from './ip-allowlist';
export type { IpAllowlistRule, IpAllowlistRuleInput, IpAllowlistProblem, IpAllowlistRules } from './ip-allowlist';
export {
  smartContractInterfaceProblems,
  contractAddressProblem,
  contractAddressKey,
  smartContractInterfaceJson,
  abiProblem,
  idlProblem,
  abiFunctionNames,
  SMART_CONTRACT_INTERFACE_LIMITS,
} from './smart-contract-interface';
export type { SmartContractInterfaceInput, SmartContractInterfaceProblem } from './smart-contract-interface';
export { velocityControlProblems, velocityControlIdentifierProblem, VELOCITY_CONTROL_LIMITS } from './velocity-control';
export type { VelocityControlInput, VelocityControlProblem } from './velocity-control';
export { defineFieldTable } from './fields';
export type { FieldTable, FieldRule, FieldChange, FieldTableSpec } from './fields';
export {
  API_KEY_FIELD_TABLE,
  FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
  FIELD_TABLES,
  IP_ALLOWLIST_FIELD_TABLE,
  POLICY_FIELD_TABLE,
  PRIVATE_KEY_TAG_FIELD_TABLE,
  ROOT_QUORUM_FIELD_TABLE,
  SESSION_PROFILE_FIELD_TABLE,
  SMART_CONTRACT_INTERFACE_FIELD_TABLE,
  USER_FIELD_TABLE,
  USER_TAG_FIELD_TABLE,
  VELOCITY_CONTROL_FIELD_TABLE,
  WEBHOOK_ENDPOINT_FIELD_TABLE,
} from './resource-fields';
export { apiPublicKeyProblem, hasPrivateKeyLength } from './api-public-key';
