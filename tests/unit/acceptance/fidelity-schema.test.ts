// What the fidelity check reads from the sdk's response schemas (the published types): which fields are
// required, optional, maps or enums, so an organization's own data is not taken for the emulator's shape while a
// required field, an undeclared field and a declared enum's value still count.
import { fieldSpec, schemaView } from '../../acceptance/fidelity/schema';
import { shapeDifferences } from '../../acceptance/fidelity/shape';
import { GetWalletKitConfigResponse } from '@walletinfra/sdk/schemas';

const kit = (over: Record<string, unknown> = {}) => ({
  enabledProviders: ['passkey'],
  sessionExpirationSeconds: '900',
  organizationId: 'o-1',
  ...over,
});

test('the schemas say which fields are required, optional, maps and enums', () => {
  expect(fieldSpec(GetWalletKitConfigResponse, ['sessionExpirationSeconds'])).toEqual({ optional: false, enum: false, record: false });
  expect(fieldSpec(GetWalletKitConfigResponse, ['oauthClientIds'])).toEqual({ optional: true, enum: false, record: true });
  expect(fieldSpec(GetWalletKitConfigResponse, ['captchaEnabled'])).toBeUndefined();
  // An activity is read by its own type: the create's result, the status enum.
  const view = schemaView('create_policy', { activity: { type: 'ACTIVITY_TYPE_CREATE_POLICY_V3' } });
  expect(view?.(['activity', 'status'])).toMatchObject({ optional: false, enum: true });
  expect(view?.(['activity', 'result', 'createPolicyResult', 'policyId'])).toMatchObject({ optional: false, enum: false });
  expect(schemaView('list_policies', {})?.(['policies', '[]', 'effect'])).toMatchObject({ enum: true });
  expect(schemaView('not_an_operation', {})).toBeUndefined();
});

test("an organization's data is not shape: optional fields, a map's keys, a name in capitals", () => {
  const view = schemaView('get_wallet_kit_config', {});
  const service = kit({
    oauthClientIds: { google: 'g.apps.googleusercontent.com', apple: 'com.acme' },
    oauthRedirectUrl: 'https://acme.example/redacted-0c1d2e3f4a5b',
  });
  expect(shapeDifferences(service, kit({ oauthClientIds: { google: 'x' } }), view)).toEqual([]);
  expect(shapeDifferences(service, kit(), view)).toEqual([]);
  // Without the schemas, the same answers differ (what the check did before it read them).
  expect(shapeDifferences(service, kit())).toEqual([
    'field oauthClientIds: the service sends it (object), the emulator does not',
    'field oauthRedirectUrl: the service sends it (string), the emulator does not',
  ]);
  const key = (apiKeyName: string) => ({
    apiKey: { apiKeyId: 'k', apiKeyName, credential: { publicKey: '02', type: 'CREDENTIAL_TYPE_API_KEY_P256' } },
  });
  expect(shapeDifferences(key('CI_DEPLOY'), key('laptop'), schemaView('get_api_key', {}))).toEqual([]);
  expect(shapeDifferences(key('CI_DEPLOY'), key('laptop'))).toEqual([
    'field apiKey.apiKeyName: the service sends CI_DEPLOY, the emulator no enum value',
  ]);
});

test('the shape still counts where the schemas are firm', () => {
  const view = schemaView('get_wallet_kit_config', {});
  const { sessionExpirationSeconds: _dropped, ...withoutRequired } = kit();
  expect(shapeDifferences(withoutRequired, kit(), view)).toEqual([
    'field sessionExpirationSeconds: the emulator sends it (string), the service does not',
  ]);
  expect(shapeDifferences(kit({ captchaEnabled: true }), kit(), view)).toEqual([
    'field captchaEnabled: the service sends it (boolean), the emulator does not',
  ]);
  expect(shapeDifferences(kit({ otpLength: 6 }), kit({ otpLength: '6' }), view)).toEqual([
    'field otpLength: the service sends number, the emulator string',
  ]);
  // A declared enum compares every value, whatever its case.
  const created = (status: string) => ({ activity: { type: 'ACTIVITY_TYPE_CREATE_POLICY_V3', status } });
  expect(shapeDifferences(created('ACTIVITY_STATUS_COMPLETED'), created('completed'), schemaView('create_policy', created('')))).toEqual([
    'field activity.status: the service sends ACTIVITY_STATUS_COMPLETED, the emulator completed',
  ]);
});
