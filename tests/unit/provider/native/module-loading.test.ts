// What the native plugin loads at start. Its start-up is on the critical path of every `pulumi up`, preview and
// refresh, so the process the engine starts loads the gRPC server and the runtime only: the data sources (which load
// @pulumi/pulumi's whole index, its automation API and npm's arborist with it), the shapes of their results and the
// schema generator load on the first Invoke or GetSchema. Resource requests never load them.
import type * as Main from '@walletinfra/pulumi/native/main';
import type * as Proto from '@walletinfra/pulumi/native/proto';
import type * as Server from '@walletinfra/pulumi/native/server';
import type * as DataSources from '@walletinfra/pulumi/datasources';
import type * as Tokens from '@walletinfra/pulumi/tokens';

const mockLoaded: string[] = [];

/** The real module at `path`, its loading recorded under `label`. */
function mockRecorded(label: string, path: string): unknown {
  mockLoaded.push(label);
  return jest.requireActual(path);
}

jest.mock('@pulumi/pulumi', () => mockRecorded('@pulumi/pulumi', '@pulumi/pulumi'));
jest.mock('../../../../provider/src/datasources', () => mockRecorded('data sources', '../../../../provider/src/datasources'));
jest.mock('../../../../provider/src/native/schema', () => mockRecorded('schema', '../../../../provider/src/native/schema'));
jest.mock('../../../../provider/src/native/results', () => mockRecorded('result shapes', '../../../../provider/src/native/results'));

beforeEach(() => {
  jest.resetModules();
  mockLoaded.length = 0;
});

/** Calls one unary method of the service as grpc-js does, and returns its error or response. */
function call(handler: unknown, request: unknown): Promise<{ error: { code?: number; details?: string } | null; response: unknown }> {
  return new Promise((resolve) => {
    (handler as (c: { request: unknown }, cb: (error: { details?: string } | null, response: unknown) => void) => void)(
      { request },
      (error, response) => resolve({ error, response }),
    );
  });
}

test('the plugin entry and its server load neither the data sources, the schema nor @pulumi/pulumi', () => {
  /* eslint-disable @typescript-eslint/no-require-imports -- what loads, and when, is under test: the modules load here, after the mocks and resetModules */
  const main = require('@walletinfra/pulumi/native/main') as typeof Main;
  const { createNativeProvider } = require('@walletinfra/pulumi/native/server') as typeof Server;
  /* eslint-enable @typescript-eslint/no-require-imports */
  expect(typeof main.main).toBe('function');
  const provider = createNativeProvider({ version: '1.2.3', schema: () => '{}', runtime: { env: {} } });
  expect(Object.keys(provider.service)).toContain('invoke');
  expect(mockLoaded).toEqual([]);
});

test('resource requests load no data source; the first Invoke loads them, and knows every function', async () => {
  /* eslint-disable @typescript-eslint/no-require-imports -- what loads, and when, is under test: the modules load here, after the mocks and resetModules */
  const { createNativeProvider } = require('@walletinfra/pulumi/native/server') as typeof Server;
  const { proto } = require('@walletinfra/pulumi/native/proto') as typeof Proto;
  const { functionToken } = require('@walletinfra/pulumi/tokens') as typeof Tokens;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const { provider: p, struct } = proto();
  const provider = createNativeProvider({ version: '1.2.3', schema: () => '{}', runtime: { env: {} } });

  const check = new p.CheckRequest();
  check.setUrn('urn:pulumi:dev::app::walletinfra:index:Policy::allow');
  check.setType('walletinfra:index:Policy');
  check.setNews(
    struct.Struct.fromJavaScript({
      policyName: 'Allow signing',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN'",
      organizationId: '00000000-0000-4000-8000-000000000000',
    }),
  );
  const checked = await call(provider.service.check, check);
  expect(checked.error).toBeNull();
  expect((checked.response as InstanceType<typeof p.CheckResponse>).getFailuresList()).toEqual([]);
  expect(mockLoaded).toEqual([]);

  const invoke = new p.InvokeRequest();
  invoke.setTok('walletinfra:index:getNothing');
  const invoked = await call(provider.service.invoke, invoke);
  expect(mockLoaded).toEqual(expect.arrayContaining(['data sources', '@pulumi/pulumi']));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the instance the provider loaded, after resetModules
  const { DATA_SOURCES } = require('@walletinfra/pulumi/datasources') as typeof DataSources;
  expect(DATA_SOURCES.length).toBeGreaterThan(10);
  expect(invoked.error?.details).toBe(
    `unknown function "walletinfra:index:getNothing" (InvokeRequest.tok): the walletinfra provider 1.2.3 serves ${DATA_SOURCES.map((ds) => functionToken(ds.name)).join(', ')}`,
  );
  await provider.close();
});
