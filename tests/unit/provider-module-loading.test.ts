// What each process loads. The program entry (`@walletinfra/pulumi`, which `pulumi up` runs twice: preview,
// then update) only declares resources and checks the stack config: it must not load the sdk's client, its
// HTTP stack (undici) or the package's main entry, which loads both. The session layer loads them on the
// first request (a data source's lookup, or the provider's first call).
const mockLoaded: string[] = [];

// The sdk's modules that import undici (the package may have its own copy, so it is not mocked by name).
jest.mock('../../sdk/src/transport/transport', () => {
  mockLoaded.push('sdk transport');
  return jest.requireActual('../../sdk/src/transport/transport');
});
jest.mock('../../sdk/src/transport/concurrency', () => {
  mockLoaded.push('sdk dispatcher');
  return jest.requireActual('../../sdk/src/transport/concurrency');
});
jest.mock('@walletinfra/sdk', () => {
  mockLoaded.push('@walletinfra/sdk');
  return jest.requireActual('@walletinfra/sdk');
});
jest.mock('../../sdk/src/client/core', () => {
  mockLoaded.push('sdk client');
  return jest.requireActual('../../sdk/src/client/core');
});

beforeEach(() => {
  jest.resetModules();
  mockLoaded.length = 0;
});

test('the program entry loads neither the sdk client, its transport (undici) nor the sdk main entry', () => {
  const entry = require('@walletinfra/pulumi') as typeof import('@walletinfra/pulumi');
  expect(typeof entry.Policy).toBe('function');
  expect(typeof entry.getWallets).toBe('function');
  expect(mockLoaded).toEqual([]);
});

test('a context loads the client on its first request, not before', () => {
  const { createContext } = require('@walletinfra/pulumi/runtime/context') as typeof import('@walletinfra/pulumi/runtime/context');
  const ctx = createContext({ env: {} });
  expect(ctx.endpoints({}).baseUrl).toBe('https://api.turnkey.com');
  expect(mockLoaded).toEqual([]);
  const client = ctx.publicClient({});
  expect(client).toBeDefined();
  expect(mockLoaded).toEqual(expect.arrayContaining(['sdk transport', 'sdk dispatcher', '@walletinfra/sdk', 'sdk client']));
});
