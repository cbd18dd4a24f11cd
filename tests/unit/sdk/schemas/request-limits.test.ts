// Request arrays are bounded (the service's documented limits, sane ones elsewhere) and checked before any
// element is looked at; error messages list the first few problems and a count; a validator that overflows
// its stack is a 400 in the emulator, never a 500.
import { z } from 'zod';
import { formatIssueList, InvalidRequestError, operations } from '@walletinfra/sdk';
import { REQUEST_ARRAY_LIMITS, REQUEST_STRING_LIMITS, validateRequest } from '@walletinfra/sdk/schemas';
import { TOO_DEEP_MESSAGE, validateBody } from '@walletinfra/emulator/server/pipeline';

const where = { operationName: 'create_wallet', operationPath: operations.create_wallet.path };
const account = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
};

test('the documented limits are the bounds', () => {
  expect(REQUEST_ARRAY_LIMITS).toEqual({
    rootUsers: 100,
    apiKeys: 20,
    authenticators: 10,
    oauthProviders: 10,
    transports: 16,
    ipAllowlistRules: 20,
    privateKeyIds: 1000,
    walletAccounts: 100,
    webhookSubscriptions: 100,
    activityFilters: 100,
    users: 100,
    userIds: 100,
    userTagIds: 100,
  });
});

test('on-ramp ciphertexts have at most 8,192 characters, on create and update, both secrets', () => {
  expect(REQUEST_STRING_LIMITS).toEqual({ onRampCiphertext: 8192 });
  const base = { onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE', publishableApiKey: 'pk', encryptedSecretApiKey: 'x' };
  const problems = (name: 'create_fiat_on_ramp_credential' | 'update_fiat_on_ramp_credential', extra: Record<string, unknown>) => {
    const input = {
      ...base,
      ...(name === 'update_fiat_on_ramp_credential' ? { fiatOnrampCredentialId: '00000000-0000-4000-8000-000000000000' } : {}),
      ...extra,
    };
    const r = operations[name].request.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  for (const name of ['create_fiat_on_ramp_credential', 'update_fiat_on_ramp_credential'] as const) {
    expect(problems(name, { encryptedSecretApiKey: 'x'.repeat(8192), encryptedPrivateApiKey: 'x'.repeat(8192) })).toEqual([]);
    expect(problems(name, { encryptedSecretApiKey: 'x'.repeat(8193) })).toEqual(['encryptedSecretApiKey: must be at most 8192 characters']);
    expect(problems(name, { encryptedPrivateApiKey: 'x'.repeat(900_000) })).toEqual([
      'encryptedPrivateApiKey: must be at most 8192 characters',
    ]);
  }
});

test('100 accounts pass, 101 are refused by the bound, and 100,000 get one issue, not one per item', () => {
  const schema = operations.create_wallet.request;
  expect(schema.safeParse({ walletName: 'w', accounts: new Array(100).fill(account) }).success).toBe(true);
  const refuse = (n: number) => {
    try {
      validateRequest(schema, { walletName: 'w', accounts: new Array(n).fill({}) }, where);
    } catch (e) {
      return e as InvalidRequestError;
    }
    throw new Error('accepted');
  };
  expect(refuse(101).message).toBe('invalid request for create_wallet: accounts: must have at most 100 items');
  // unbounded, this listed 400,000 issues (and the sub-organization schema overflowed the stack)
  expect(refuse(100_000).issues).toEqual([{ path: 'accounts', message: 'must have at most 100 items' }]);
});

test('every nested array of create_sub_organization is bounded', () => {
  const intent = (user: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    subOrganizationName: 's',
    rootQuorumThreshold: 1,
    rootUsers: [{ userName: 'u', apiKeys: [], authenticators: [], oauthProviders: [], ...user }],
    ...extra,
  });
  const paths = (input: unknown) => {
    const r = operations.create_sub_organization.request.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  const many = new Array(60_000).fill({});
  expect(paths(intent({ apiKeys: many }))).toEqual(['rootUsers.0.apiKeys: must have at most 20 items']);
  expect(paths(intent({ authenticators: many }))).toEqual(['rootUsers.0.authenticators: must have at most 10 items']);
  expect(paths(intent({ oauthProviders: many }))).toEqual(['rootUsers.0.oauthProviders: must have at most 10 items']);
  expect(paths({ ...intent({}), rootUsers: many })).toEqual(['rootUsers: must have at most 100 items']);
  expect(paths(intent({}, { wallet: { walletName: 'w', accounts: many } }))).toEqual(['wallet.accounts: must have at most 100 items']);
});

test('other request arrays are bounded too', () => {
  const first = (op: { request: z.ZodType }, input: unknown) =>
    (op.request.safeParse(input) as { error?: z.ZodError }).error?.issues[0]?.message;
  const many = new Array(5000).fill('x');
  expect(first(operations.set_ip_allowlist, { rules: new Array(21).fill({ cidr: '1.2.3.4/32' }) })).toBe('must have at most 20 items');
  expect(
    first(operations.create_webhook_endpoint, {
      url: 'https://x.example',
      name: 'n',
      subscriptions: new Array(101).fill({ eventType: 'ACTIVITY_UPDATES' }),
    }),
  ).toBe('must have at most 100 items');
  expect(first(operations.list_activities, { organizationId: '00000000-0000-4000-8000-000000000000', filterByType: many })).toBe(
    'must have at most 100 items',
  );
  expect(first(operations.list_activities, { organizationId: '00000000-0000-4000-8000-000000000000', filterByStatus: many })).toBe(
    'must have at most 100 items',
  );
});

test('formatIssueList names the first 10 problems and counts the rest', () => {
  const issues = Array.from({ length: 25 }, (_, i) => ({ path: `a[${i}]`, message: 'is required' }));
  expect(formatIssueList(issues.slice(0, 10))).toBe(
    issues
      .slice(0, 10)
      .map((i) => `${i.path}: is required`)
      .join('; '),
  );
  expect(formatIssueList(issues)).toBe(
    `${issues
      .slice(0, 10)
      .map((i) => `${i.path}: is required`)
      .join('; ')}; and 15 more`,
  );
  expect(formatIssueList([{ path: '', message: 'a request body is required' }])).toBe('a request body is required');
  const error = InvalidRequestError.fromIssues('create_wallet', issues);
  expect(error.message.length).toBeLessThan(300);
  expect(error.issues).toHaveLength(25); // the full list stays on the error for code that wants it
});

test('a validator that overflows its stack on deep input is a 400 with a clear message, not a thrown RangeError', () => {
  type Tree = { child?: Tree };
  const tree: z.ZodType<Tree> = z.lazy(() => z.strictObject({ child: tree.optional() }));
  let deep: Tree = {};
  for (let i = 0; i < 200_000; i++) deep = { child: deep };
  expect(() => tree.safeParse(deep)).toThrow(RangeError);
  let caught: unknown;
  try {
    validateBody(tree, deep);
  } catch (e) {
    caught = e;
  }
  expect(caught).toMatchObject({ status: 400, grpcCode: 3, message: TOO_DEEP_MESSAGE });
});
