// Schema behaviour the type-level check cannot see: leniency of responses, strictness of requests,
// string-encoded integers, the conflicts between webhook payloads and @turnkey/http's generated types we accept both ways, and field-named issues.
import {
  Activity,
  ApiKey,
  CreatePolicyIntent,
  CreateSessionProfileIntent,
  DeleteFiatOnRampCredentialIntent,
  DeleteFiatOnRampCredentialResult,
  EarnWithdrawIntent,
  FiatOnRampCredential,
  GetActivePoliciesResponse,
  InitImportSecretsIntent,
  Policy,
  UpdatePolicyIntent,
  formatPath,
  toValidationIssues,
} from '@walletinfra/sdk/schemas';
import type { z } from 'zod';
import { activityJson, sampleQueryResponses, TS } from '../../../support/client-fixtures';

function issues(schema: z.ZodType, value: unknown, prefix: string[] = []) {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) throw new Error('expected a failure');
  return toValidationIssues(parsed.error, prefix);
}

describe('responses are lenient', () => {
  test('unknown fields are kept at every level', () => {
    const policy = { ...(sampleQueryResponses.get_policy.policy as object), extra: 1 };
    const apiKey = {
      ...(sampleQueryResponses.get_api_key.apiKey as Record<string, unknown>),
      credential: { publicKey: '02aa', type: 'CREDENTIAL_TYPE_API_KEY_P256', newField: true },
    };
    expect(Policy.parse(policy)).toEqual(policy);
    expect(ApiKey.parse(apiKey)).toEqual(apiKey);
  });

  test('an enum value added by a newer service is accepted as is', () => {
    const apiKey = {
      ...(sampleQueryResponses.get_api_key.apiKey as Record<string, unknown>),
      credential: { publicKey: '02aa', type: 'CREDENTIAL_TYPE_QUANTUM' },
    };
    expect(ApiKey.parse(apiKey).credential.type).toBe('CREDENTIAL_TYPE_QUANTUM');
  });

  test('activity timestamps: both the ISO string form and the generated-types form ({seconds, nanos}) parse', () => {
    const asObject = activityJson('ACTIVITY_TYPE_DELETE_POLICY', 'ACTIVITY_STATUS_COMPLETED');
    const asString = { ...asObject, createdAt: '2026-01-01T00:00:00Z', updatedAt: '1767225600000' };
    expect(Activity.parse(asObject).createdAt).toEqual(TS);
    expect(Activity.parse(asString).createdAt).toBe('2026-01-01T00:00:00Z');
  });

  test('a wrong type in a response is still caught, by field', () => {
    expect(issues(GetActivePoliciesResponse, { statuses: [{ organizationId: 'o', policyId: 'p', active: 'yes' }] })).toEqual([
      { path: 'statuses[0].active', message: 'must be of type boolean, got string' },
      { path: 'evaluatedAtMs', message: 'is required' },
    ]);
  });
});

describe('requests are strict', () => {
  test('an unknown key is refused and named', () => {
    expect(issues(CreatePolicyIntent, { policyName: 'p', effect: 'EFFECT_ALLOW', notes: '', effekt: 'x' }, ['parameters'])).toEqual([
      { path: 'parameters.effekt', message: 'is not a known field' },
    ]);
  });

  test('update_policy uses the V2 names: the create names are unknown fields there', () => {
    expect(issues(UpdatePolicyIntent, { policyId: 'p', effect: 'EFFECT_DENY', condition: 'true' })).toEqual([
      { path: 'effect', message: 'is not a known field' },
      { path: 'condition', message: 'is not a known field' },
    ]);
    expect(UpdatePolicyIntent.parse({ policyId: 'p', policyEffect: 'EFFECT_DENY', policyCondition: '' })).toEqual({
      policyId: 'p',
      policyEffect: 'EFFECT_DENY',
      policyCondition: '',
    });
  });

  test('the fiat on-ramp casing trap: intents say fiatOnrampCredentialId, results fiatOnRampCredentialId', () => {
    expect(issues(DeleteFiatOnRampCredentialIntent, { fiatOnRampCredentialId: 'c' })).toEqual([
      { path: 'fiatOnrampCredentialId', message: 'is required' },
      { path: 'fiatOnRampCredentialId', message: 'is not a known field' },
    ]);
    expect(DeleteFiatOnRampCredentialResult.parse({ fiatOnRampCredentialId: 'c' })).toEqual({ fiatOnRampCredentialId: 'c' });
    expect(Object.keys(FiatOnRampCredential.shape)).toContain('fiatOnrampCredentialId');
  });

  test('string-encoded integers must be digit strings; int32 fields must be numbers', () => {
    expect(issues(CreateSessionProfileIntent, { sessionProfileName: 's', scope: 'true', expirationSeconds: 900 })).toEqual([
      { path: 'expirationSeconds', message: 'must be of type string, got number' },
    ]);
    expect(issues(CreateSessionProfileIntent, { sessionProfileName: 's', scope: 'true', expirationSeconds: '15m' })).toEqual([
      { path: 'expirationSeconds', message: 'must be a string of decimal digits' },
    ]);
    expect(issues(InitImportSecretsIntent, { encryptionSuite: 'TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1', numSecrets: '2' })).toEqual([
      { path: 'numSecrets', message: 'must be of type number, got string' },
    ]);
    expect(issues(InitImportSecretsIntent, { encryptionSuite: 'TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1', numSecrets: 0 })).toEqual([
      { path: 'numSecrets', message: 'must be at least 1' },
    ]);
  });

  test("earn_withdraw's amountValue is raw units or the literal MAX (docs/service-behaviour.md#activities)", () => {
    const base = { wrapperAddress: 'w', signWith: 's', chainCaip2: 'eip155:1' };
    expect(EarnWithdrawIntent.safeParse({ ...base, amountValue: 'MAX' }).success).toBe(true);
    expect(EarnWithdrawIntent.safeParse({ ...base, amountValue: '1000' }).success).toBe(true);
    expect(issues(EarnWithdrawIntent, { ...base, amountValue: '1.5' })).toEqual([
      { path: 'amountValue', message: "must be a string of decimal digits or 'MAX'" },
    ]);
    expect(issues(EarnWithdrawIntent, { ...base, amountValue: '1', chainCaip2: 'eip155:10' })).toEqual([
      { path: 'chainCaip2', message: 'must be one of "eip155:1"|"eip155:8453"|"eip155:42161"|"eip155:137"|"eip155:56"|"eip155:4217"' },
    ]);
  });
});

describe('formatPath', () => {
  test.each([
    [[], ''],
    [['parameters'], 'parameters'],
    [['parameters', 'rules', 0, 'cidr'], 'parameters.rules[0].cidr'],
    [['a', 0, 1, 'b'], 'a[0][1].b'],
  ])('%j -> %p', (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});
