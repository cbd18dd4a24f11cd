// The program the native provider's end-to-end test runs in every language: one resource of every kind in
// KINDS and two function calls, described once and written in YAML, Python, Go and TypeScript by the
// provider's program renderer (provider/src/native/examples.ts), so each language runs the same program. Its
// second version updates one property (the policy's secret note) and replaces an object (the webhook's
// subscriptions). The objects `pulumi import` takes over are made here too, by hand, through the sdk.
import { encryptOnRampSecret } from '@walletinfra/sdk';
import { ConfigSecret } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { OutputRef, SecretLiteral, type Program, type ProgramResource, type ProgramValue } from '@walletinfra/pulumi/native/examples';
import { ONRAMP_SECRET, WEBHOOK_URL, type TestOrganization } from './organization';

/** The seeded organization's non-root API key (emulator/seeds/example.json, alice's laptop). */
export const ALICE_PUBLIC_KEY = '02a6cf8e57b18145d85481fb21422e13d18e492bdaf5b1c97278497b5a6bb1de5c';
/** The seeded policy the program looks up by name. */
export const SEED_POLICY = 'Seed: no exports';
/** The stack config key the on-ramp secret is read from (a secret). */
export const ONRAMP_SECRET_KEY = 'onRampSecretApiKey';

export type ProgramVersion = 1 | 2;

/** An ERC-20 `transfer` ABI, as the JSON text every language passes on unchanged. */
const TRANSFER_ABI = JSON.stringify([
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
]);

/**
 * Each kind's resource in the program, by kind type. A kind added to KINDS needs its line here (the test
 * fails until it has one): values the emulator's seeded organization accepts, distinct per language.
 */
const RESOURCES: Record<string, (language: string, version: ProgramVersion) => Omit<ProgramResource, 'type'>> = {
  Policy: (language, version) => ({
    name: 'deny-exports',
    properties: {
      policyName: `Deny private key exports (${language})`,
      effect: 'EFFECT_DENY',
      condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
      notes: new SecretLiteral(version === 1 ? `set from a ${language} program` : `changed in a ${language} program`),
    },
  }),
  WebhookEndpoint: (language, version) => ({
    name: 'hooks',
    properties: {
      name: `Activity updates (${language})`,
      url: WEBHOOK_URL,
      subscriptions:
        version === 1
          ? [{ eventType: 'ACTIVITY_UPDATES' }]
          : [{ eventType: 'ACTIVITY_UPDATES' }, { eventType: 'BALANCE_CONFIRMED_UPDATES' }],
    },
  }),
  FiatOnRampCredential: (language) => ({
    name: 'onramp',
    properties: {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: `pk_test_${language.toLowerCase()}`,
      secretApiKey: new ConfigSecret(ONRAMP_SECRET_KEY, 'the on-ramp secret API key', '<secret API key>'),
      sandboxMode: true,
    },
  }),
  IpAllowlist: () => ({
    name: 'alice-key-allowlist',
    properties: { publicKey: ALICE_PUBLIC_KEY, rules: [{ cidr: '203.0.113.0/24', label: 'office' }] },
  }),
  PrivateKeyTag: (language) => ({ name: 'tag', properties: { privateKeyTagName: `e2e-${language.toLowerCase()}` } }),
  SessionProfile: (language) => ({
    name: 'sessions',
    properties: {
      sessionProfileName: `e2e-${language.toLowerCase()}`,
      scope: "activity.action != 'EXPORT'",
      expirationSeconds: '600',
    },
  }),
  User: (language) => ({ name: 'operator', properties: { userName: `e2e operator (${language})` } }),
  UserTag: (language) => ({
    name: 'operators',
    properties: { userTagName: `e2e-${language.toLowerCase()}`, userIds: [new OutputRef('operator', ['userId'])] },
  }),
  ApiKey: () => ({
    name: 'operator-key',
    properties: {
      userId: new OutputRef('operator', ['userId']),
      apiKeyName: 'e2e operator key',
      publicKey: PROGRAM_API_KEY,
      curveType: 'API_KEY_CURVE_P256',
    },
  }),
  SmartContractInterface: () => ({
    name: 'usdc-abi',
    properties: {
      smartContractAddress: '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48',
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      label: 'USDC',
      smartContractInterface: TRANSFER_ABI,
    },
  }),
  VelocityControl: (language) => ({
    name: 'signatures-per-day',
    properties: {
      name: `signatures per day (${language})`,
      identifier: 'daily_signatures',
      dataSource: { activityExecution: {} },
      aggregation: {
        method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
        operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
        threshold: '100',
        window: { rolling: { duration: '86400' } },
        groupBy: { organization: {} },
      },
    },
  }),
  // The organization's one quorum, declared as it is (from getRootQuorum): taken over without a change.
  RootQuorum: () => ({
    name: 'root-quorum',
    properties: { threshold: new OutputRef('quorumNow', ['threshold']), userIds: new OutputRef('quorumNow', ['userIds']) },
  }),
};

/** The resource names a value refers to. */
function referencedNames(value: ProgramValue): string[] {
  if (value instanceof OutputRef) return [value.name];
  if (Array.isArray(value)) return (value as readonly ProgramValue[]).flatMap(referencedNames);
  if (value !== null && typeof value === 'object' && !(value instanceof ConfigSecret) && !(value instanceof SecretLiteral))
    return Object.values(value as Record<string, ProgramValue>).flatMap(referencedNames);
  return [];
}

/** The resources in KINDS order, each after the resources it refers to (Python, Go and TypeScript need them declared). */
function declarationOrder(resources: readonly ProgramResource[]): ProgramResource[] {
  const out: ProgramResource[] = [];
  const visit = (r: ProgramResource): void => {
    if (out.includes(r)) return;
    for (const name of Object.values(r.properties).flatMap(referencedNames)) {
      const target = resources.find((x) => x.name === name);
      if (target !== undefined && target !== r) visit(target);
    }
    out.push(r);
  };
  resources.forEach(visit);
  return out;
}

/** A key of the program's API key (P-256, compressed), and another for the key made by hand. */
const PROGRAM_API_KEY = '031b7a2e13938e8487d5ee9bb80b4a401203e077b4272ecd3a2ce1966f2d02605d';
const HAND_MADE_API_KEY = '02cdaa91b997695986270b6e74d7ccfc39d8b61a24ef7277b42401a3557979a8a3';

/** Kinds in KINDS that the program does not declare yet. */
export function kindsWithoutResource(): string[] {
  return KINDS.map((k) => k.type).filter((type) => RESOURCES[type] === undefined);
}

export function nativeProgram(language: string, version: ProgramVersion): Program {
  return {
    resources: declarationOrder(KINDS.map((k) => ({ type: k.type, ...RESOURCES[k.type]!(language, version) }))),
    calls: [
      { name: 'seedPolicy', function: 'getPolicy', args: { policyName: SEED_POLICY, parseExpressions: true } },
      { name: 'orgAllowlist', function: 'getIpAllowlist', args: {} },
      { name: 'quorumNow', function: 'getRootQuorum', args: {} },
    ],
    outputs: {
      policyId: new OutputRef('deny-exports', ['policyId']),
      notes: new OutputRef('deny-exports', ['notes']),
      endpointId: new OutputRef('hooks', ['endpointId']),
      tagId: new OutputRef('tag', ['privateKeyTagId']),
      operatorId: new OutputRef('operator', ['userId']),
      operatorsTagId: new OutputRef('operators', ['userTagId']),
      quorumThreshold: new OutputRef('root-quorum', ['threshold']),
      seedPolicyId: new OutputRef('seedPolicy', ['policy', 'policyId']),
      seedCondition: new OutputRef('seedPolicy', ['policy', 'parsed', 'condition']),
      allowlistRules: new OutputRef('orgAllowlist', ['allowlist', 'rules']),
    },
  };
}

/** The values the program declares for one kind (for assertions). */
export function declared(language: string, version: ProgramVersion, type: string): Record<string, ProgramValue> {
  return { ...RESOURCES[type]!(language, version).properties };
}

/**
 * One object of each kind made by hand through the sdk, and the id `pulumi import` takes for it, by kind type.
 * `apiKey` is the API key whose allowlist is set (one of the organization's keys). A kind added to KINDS needs
 * its object here (the tests that import every kind fail until it has one).
 */
export async function handMadeObjects(
  org: Pick<TestOrganization, 'client' | 'onRampEncryptionPublicKey'>,
  apiKey = ALICE_PUBLIC_KEY,
): Promise<Record<string, string>> {
  const c = org.client;
  const policy = await c.createPolicy({
    policyName: 'Hand-made: deny signing',
    effect: 'EFFECT_DENY',
    condition: "activity.action == 'SIGN'",
    notes: 'by hand',
  });
  const hook = await c.createWebhookEndpoint({
    url: WEBHOOK_URL,
    name: 'Hand-made hooks',
    subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
  });
  const credential = await c.createFiatOnRampCredential({
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
    projectId: 'hand-made-project',
    publishableApiKey: 'pk_hand_made',
    encryptedSecretApiKey: encryptOnRampSecret(ONRAMP_SECRET, org.onRampEncryptionPublicKey),
  });
  await c.setIpAllowlist({
    publicKey: apiKey,
    rules: [{ cidr: '198.51.100.0/24', label: 'hand-made' }],
    onEvaluationError: 'DENY',
  });
  const tag = await c.createPrivateKeyTag({ privateKeyTagName: 'hand-made', privateKeyIds: [] });
  const profile = await c.createSessionProfile({
    sessionProfileName: 'hand-made',
    scope: "activity.action == 'SIGN'",
    expirationSeconds: '120',
  });
  const user = (
    await c.createUsers({ users: [{ userName: 'hand-made', apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] })
  ).result.userIds[0]!;
  await c.createApiKeys({
    userId: user,
    apiKeys: [{ apiKeyName: 'hand-made', publicKey: HAND_MADE_API_KEY, curveType: 'API_KEY_CURVE_P256' }],
  });
  const keyId = (await c.getUser({ userId: user })).user.apiKeys.find((k) => k.credential.publicKey === HAND_MADE_API_KEY)!.apiKeyId;
  const userTag = await c.createUserTag({ userTagName: 'hand-made', userIds: [user] });
  const abi = await c.createSmartContractInterface({
    smartContractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    smartContractInterface: TRANSFER_ABI,
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
    label: 'hand-made',
  });
  const control = await c.createVelocityControl({
    name: 'hand-made',
    identifier: 'hand_made',
    dataSource: { activityExecution: {} },
    aggregation: {
      method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
      operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
      threshold: '5',
      window: { infinite: {} },
      groupBy: { user: {} },
    },
  });
  return {
    Policy: policy.result.policyId,
    WebhookEndpoint: hook.result.endpointId,
    FiatOnRampCredential: credential.result.fiatOnRampCredentialId,
    IpAllowlist: `apiKey:${apiKey}`,
    PrivateKeyTag: tag.result.privateKeyTagId,
    SessionProfile: profile.result.sessionProfileId,
    User: user,
    ApiKey: keyId,
    UserTag: userTag.result.userTagId,
    RootQuorum: 'rootQuorum',
    SmartContractInterface: abi.result.smartContractInterfaceId,
    VelocityControl: control.result.velocityControlId,
  };
}
