// What each process loads. The program entry (`@walletinfra/pulumi`, which `pulumi up` runs twice: preview,
// then update) only declares resources and checks the stack config: it must not load the sdk's client, its
// HTTP stack (undici) or the package's main entry, which loads both. The session layer loads them on the
// first request (a data source's lookup, the provider's first create, read, update or delete). The
// provider runtime loads the steps that reach the service (the shared lifecycle, a kind's own writes) on
// the engine's first call that needs them: a preview (check and diff) of unchanged resources loads none; a new or
// changed policy's check reads the service to warn about planned policies that would lock the stack out. Diffs of
// text fields (refresh and preview diff every resource) do not load deep-equal.
import type * as Entry from '@walletinfra/pulumi';
import type * as Context from '@walletinfra/pulumi/context';
import type * as Providers from '@walletinfra/pulumi/runtime/providers';
const mockLoaded: string[] = [];

/** The real module at `path`, its loading recorded under `label`. */
function mockRecorded(label: string, path: string): unknown {
  mockLoaded.push(label);
  return jest.requireActual(path);
}

// The sdk's modules that import undici (the package may have its own copy, so it is not mocked by name).
jest.mock('../../../../sdk/src/transport/transport', () => mockRecorded('sdk transport', '../../../../sdk/src/transport/transport'));
jest.mock('../../../../sdk/src/transport/concurrency', () => mockRecorded('sdk dispatcher', '../../../../sdk/src/transport/concurrency'));
jest.mock('@walletinfra/sdk', () => mockRecorded('@walletinfra/sdk', '@walletinfra/sdk'));
jest.mock('../../../../sdk/src/client/core', () => mockRecorded('sdk client', '../../../../sdk/src/client/core'));

// Modules of the provider runtime that a preview must not load, and those a read of a policy must not load.
jest.mock('../../../../provider/src/resources/common/listed', () =>
  mockRecorded('shared lifecycle', '../../../../provider/src/resources/common/listed'),
);
jest.mock('../../../../provider/src/resources/common/write', () =>
  mockRecorded('shared writes', '../../../../provider/src/resources/common/write'),
);
jest.mock('../../../../provider/src/resources/fiatOnRampCredential/steps', () =>
  mockRecorded('fiatOnRampCredential steps', '../../../../provider/src/resources/fiatOnRampCredential/steps'),
);
jest.mock('../../../../provider/src/resources/ipAllowlist/steps', () =>
  mockRecorded('ipAllowlist steps', '../../../../provider/src/resources/ipAllowlist/steps'),
);

jest.mock('deep-equal', () => mockRecorded('deep-equal', 'deep-equal'));

beforeEach(() => {
  jest.resetModules();
  mockLoaded.length = 0;
});

test('the program entry loads neither the sdk client, its transport (undici) nor the sdk main entry', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- what loads, and when, is under test: the module loads here, after the mocks and resetModules
  const entry = require('@walletinfra/pulumi') as typeof Entry;
  expect(typeof entry.Policy).toBe('function');
  expect(typeof entry.getWallets).toBe('function');
  expect(mockLoaded).toEqual([]);
});

test('a context loads the client on its first request, not before', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- what loads, and when, is under test: the module loads here, after the mocks and resetModules
  const { createContext } = require('@walletinfra/pulumi/context') as typeof Context;
  const ctx = createContext({ env: {} });
  expect(ctx.endpoints({}).baseUrl).toBe('https://api.turnkey.com');
  expect(mockLoaded).toEqual([]);
  const client = ctx.publicClient({});
  expect(client).toBeDefined();
  expect(mockLoaded).toEqual(expect.arrayContaining(['sdk transport', 'sdk dispatcher', '@walletinfra/sdk', 'sdk client']));
});

test('the provider runtime previews a policy without the lifecycle, the client or deep-equal; a read loads the shared steps only', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- what loads, and when, is under test: the module loads here, after the mocks and resetModules
  const { createRuntime } = require('@walletinfra/pulumi/runtime/providers') as typeof Providers;
  const warnings: string[] = [];
  const runtime = createRuntime({ env: { WALLETINFRA_BASE_URL: 'http://127.0.0.1:9' }, warn: (line) => warnings.push(line) });
  expect(mockLoaded).toEqual([]);
  const news = {
    policyName: 'Allow signing',
    effect: 'EFFECT_ALLOW',
    condition: "activity.action == 'SIGN'",
    organizationId: '00000000-0000-4000-8000-000000000000',
  };
  const checked = await runtime.policy.check({}, news);
  expect(checked.failures ?? []).toEqual([]);
  // the policy linter ran on the new policy without credentials, so without the client
  expect(warnings.map((line) => /: ([a-z-]+): /.exec(line)?.[1])).toEqual(['unscoped-signing-or-export']);
  // pulumi.dynamic.CheckResult types the checked inputs as `any`; they are the resource's input properties.
  const inputs = checked.inputs;
  expect(await runtime.policy.diff('id', inputs, inputs)).toEqual({ changes: false });
  expect(await runtime.policy.diff('id', inputs, { ...inputs, notes: 'changed' })).toEqual({ changes: undefined });
  expect(mockLoaded).toEqual([]);
  // No credentials are set, so the read fails before any request; it has loaded what a request needs.
  await expect(runtime.policy.read('id', inputs)).rejects.toThrow();
  expect(mockLoaded).toEqual(expect.arrayContaining(['shared lifecycle', 'shared writes', 'sdk transport', 'sdk client']));
  expect(mockLoaded).not.toContain('fiatOnRampCredential steps');
  expect(mockLoaded).not.toContain('ipAllowlist steps');
  expect(mockLoaded).not.toContain('deep-equal');
  await runtime.context.close();
});

test('with credentials, an unchanged policy previews without the client; a changed one reads the service for the lock-out warning', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- what loads, and when, is under test: the module loads here, after the mocks and resetModules
  const { createRuntime } = require('@walletinfra/pulumi/runtime/providers') as typeof Providers;
  const logged: string[] = [];
  const warnings: string[] = [];
  const runtime = createRuntime({
    env: {
      WALLETINFRA_BASE_URL: 'http://127.0.0.1:9',
      WALLETINFRA_ORGANIZATION_ID: '00000000-0000-4000-8000-000000000000',
      WALLETINFRA_API_PUBLIC_KEY: '02a6cf8e57b18145d85481fb21422e13d18e492bdaf5b1c97278497b5a6bb1de5c',
      WALLETINFRA_API_PRIVATE_KEY: '1f4b7c0a2d6e9f3b8c5a7e1d4f2b9c6a3e8d5f1a7c4b2e9d6f3a8c5b1e7d4a2f',
      WALLETINFRA_MAX_RETRIES: '0',
    },
    log: (line) => logged.push(line),
    warn: (line) => warnings.push(line),
  });
  const state = {
    policyName: 'Allow signing',
    effect: 'EFFECT_ALLOW',
    condition: "activity.action == 'SIGN'",
    consensus: '',
    notes: '',
    time: '',
    organizationId: '00000000-0000-4000-8000-000000000000',
  };
  expect((await runtime.policy.check(state, state)).failures).toBeUndefined();
  expect(await runtime.policy.diff('id', state, state)).toEqual({ changes: false });
  expect(mockLoaded).toEqual([]);
  // Nothing listens on port 9: the warning cannot be worked out, the check still passes, and says why in the log.
  expect((await runtime.policy.check(state, { ...state, condition: "activity.action == 'EXPORT'" })).failures).toBeUndefined();
  expect(mockLoaded).toEqual(expect.arrayContaining(['@walletinfra/sdk', 'sdk client']));
  expect(
    logged.filter((l) => l.startsWith("walletinfra: could not check the planned policies against this stack's own user")),
  ).toHaveLength(1);
  // the changed policy's lint: the local rules ran, and what could not be read is said once
  expect(warnings).toEqual([
    `walletinfra: policy "Allow signing" condition: unscoped-signing-or-export: this ALLOW covers exports with any wallet or key: it names no wallet, private key, tag or address, so one compromised approver can move or export everything; scope it, e.g. wallet.id == '<WALLET_ID>' or eth.tx.to == '<CONTRACT_ADDRESS>' (to accept it for this policy, add 'lint-ignore: unscoped-signing-or-export' to its notes; see docs/policy-lint.md#unscoped-signing-or-export)`,
    `walletinfra: policy "Allow signing": its dependencies and lint were checked without what could not be read: could not read the organization's policies (invalid API key: publicKey 02a6cf8e57b18145d85481fb21422e13d18e492bdaf5b1c97278497b5a6bb1de5c does not belong to privateKey (the private key derives 0366da8d729ba537a91697299013e66c61fa23c08853bdf0eacd0f4a6da4f4735a))`,
  ]);
  await runtime.context.close();
});
