// The native provider's gRPC surface, in process: a grpc-js client (Pulumi's own stubs) calls every method
// of the ResourceProvider service the way the engine does, against the emulator. Configuration errors read
// as the settings code words them, secrets stay secrets both ways and never appear in plain text in
// anything returned, diffs are per property with replacement reasons, and malformed requests are answered
// with an error naming the field while the server keeps serving.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as grpc from '@grpc/grpc-js';
import { startEmulator, type RunningEmulator } from '@walletinfra/emulator';
import { encryptOnRampSecret, WalletInfraClient } from '@walletinfra/sdk';
import { KNOWN_KEYS } from '@walletinfra/pulumi/config';
import { DATA_SOURCES } from '@walletinfra/pulumi/datasources';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { generateSchema, type ObjectTypeSpec } from '@walletinfra/pulumi/native/schema';
import { proto, type pb } from '@walletinfra/pulumi/native/proto';
import { createNativeProvider, serveProvider, type ServingProvider } from '@walletinfra/pulumi/native/server';
import { SECRET_SIGNATURE, SIGNATURE_KEY } from '@walletinfra/pulumi/wire';
import { UNKNOWN } from '@walletinfra/pulumi/wire';
import { parsePolicyExpression, withoutPositions } from '@walletinfra/sdk/policy';
import type { ResourceProviderClient } from '@pulumi/pulumi/proto/provider_grpc_pb';
import { FIXED_NOW } from '../../support/emulator';
import { handMadeObjects } from '../../support/e2e/native-program';

const { grpc: g, provider: p, plugin, struct, empty, providerGrpc } = proto();
const VERSION = '9.8.7';
const POLICY = 'walletinfra:index:Policy';
const URN = `urn:pulumi:e2e::native::${POLICY}::main`;
const PRIVATE_NOTE = 'the quarterly board keys';
const SCHEMA = generateSchema();

const secret = (value: unknown) => ({ [SIGNATURE_KEY]: SECRET_SIGNATURE, value });
const toStruct = (value: Record<string, unknown>) =>
  struct.Struct.fromJavaScript(value as Parameters<typeof struct.Struct.fromJavaScript>[0]);

let emulator: RunningEmulator;
let serving: ServingProvider;
let client: ResourceProviderClient;
let service: WalletInfraClient;
let config: Record<string, unknown>;
const logged: string[] = [];
/** What every response carried (its property maps as JSON, failures, error text), scanned for secrets at the end. */
const answered: unknown[] = [];

type Visible = Partial<Record<'getInputs' | 'getProperties' | 'getReturn', () => { toJavaScript(): unknown } | undefined>> & {
  getFailuresList?: () => Array<{ toObject(): unknown }>;
};
function visible(response: unknown): unknown {
  const r = response as Visible;
  return {
    inputs: r.getInputs?.()?.toJavaScript(),
    properties: r.getProperties?.()?.toJavaScript(),
    return: r.getReturn?.()?.toJavaScript(),
    failures: r.getFailuresList?.().map((f) => f.toObject()),
  };
}

/** The directory the engine starts the plugin in: the project, whose stack config file the provider reads. */
const PROJECT_DIR = mkdtempSync(join(tmpdir(), 'native-project-'));
writeFileSync(join(PROJECT_DIR, 'Pulumi.yaml'), 'name: native\nruntime: yaml\nstackConfigDir: stacks\n');

/** The emulator's clock, which the provider's and the test client's requests are stamped with. */
let t = FIXED_NOW;

beforeAll(async () => {
  // Loopback webhook URLs: the hand-made endpoint of every kind's import points nowhere on this machine.
  emulator = await startEmulator({ deliveryMode: 'manual', allowLoopbackWebhooks: true, clock: () => t });
  const creds = emulator.credentials;
  config = {
    organizationId: creds.organizationId,
    apiPublicKey: creds.apiPublicKey,
    apiPrivateKey: secret(creds.apiPrivateKey),
    baseUrl: emulator.baseUrl,
    onRampEncryptionPublicKey: emulator.onRampEncryptionPublicKey,
    maxRetries: '0',
    allowLoopbackWebhookUrls: 'true',
    version: '9.8.7',
  };
  const provider = createNativeProvider({
    version: VERSION,
    projectDir: PROJECT_DIR,
    schema: () => JSON.stringify({ name: 'walletinfra', resources: { [POLICY]: {} } }),
    runtime: {
      env: {},
      now: () => (t += 1000),
      sleep: (ms) => Promise.resolve(void (t += ms)),
      log: (line) => logged.push(line),
      warn: (line) => logged.push(line),
      // Each read sees the service as it is now (out-of-band changes made between calls).
      listTtlMs: 0,
    },
  });
  serving = await serveProvider(provider);
  client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${serving.port}`, g.credentials.createInsecure());
  service = new WalletInfraClient({
    baseUrl: emulator.baseUrl,
    organizationId: creds.organizationId,
    apiPublicKey: creds.apiPublicKey,
    apiPrivateKey: creds.apiPrivateKey,
    clock: { now: () => t },
  });
});

afterAll(async () => {
  rmSync(PROJECT_DIR, { recursive: true, force: true });
  client?.close();
  await serving?.shutdown();
  await service?.close();
  await emulator?.close();
});

/** One unary call as a promise; the response is kept for the secret scan. */
function call<Res>(start: (done: (error: grpc.ServiceError | null, response: Res) => void) => unknown): Promise<Res> {
  return new Promise((resolve, reject) =>
    start((error, response) => {
      if (error !== null) {
        answered.push(error.details);
        reject(error);
        return;
      }
      answered.push(visible(response));
      resolve(response);
    }),
  );
}

/** The error a call fails with, as `{code, details}`. */
async function failed(promise: Promise<unknown>): Promise<{ code: number; details: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, details } = error as grpc.ServiceError;
    return { code, details };
  }
  throw new Error('the call succeeded');
}

function checkRequest(news: Record<string, unknown> | undefined, olds: Record<string, unknown> = {}, urn = URN): pb.CheckRequest {
  const request = new p.CheckRequest();
  request.setUrn(urn);
  request.setOlds(toStruct(olds));
  if (news !== undefined) request.setNews(toStruct(news));
  return request;
}

function diffRequest(id: string, olds: Record<string, unknown>, news: Record<string, unknown>, urn = URN): pb.DiffRequest {
  const request = new p.DiffRequest();
  request.setId(id);
  request.setUrn(urn);
  request.setOlds(toStruct(olds));
  request.setNews(toStruct(news));
  return request;
}

const failuresOf = (response: pb.CheckResponse) =>
  response.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() }));
function detailOf(response: pb.DiffResponse): Record<string, { kind: number; inputDiff: boolean }> {
  const out: Record<string, { kind: number; inputDiff: boolean }> = {};
  response.getDetaileddiffMap().forEach((v, k) => (out[k] = { kind: v.getKind(), inputDiff: v.getInputdiff() }));
  return out;
}

describe('plugin', () => {
  test('GetPluginInfo says the version, Handshake accepts secrets only', async () => {
    expect((await call<{ getVersion(): string }>((done) => client.getPluginInfo(new empty.Empty(), done))).getVersion()).toBe(VERSION);
    const request = new p.ProviderHandshakeRequest();
    request.setEngineAddress('127.0.0.1:1');
    const answer = await call<pb.ProviderHandshakeResponse>((done) => client.handshake(request, done));
    expect(answer.toObject()).toEqual({
      acceptSecrets: true,
      acceptResources: false,
      acceptOutputs: false,
      supportsAutonamingConfiguration: false,
    });
  });

  test('GetSchema serves the schema with the plugin version; other schema versions and subpackages are refused', async () => {
    const request = new p.GetSchemaRequest();
    const schema = JSON.parse((await call<pb.GetSchemaResponse>((done) => client.getSchema(request, done))).getSchema()) as object;
    expect(schema).toEqual({ name: 'walletinfra', resources: { [POLICY]: {} }, version: VERSION });
    request.setVersion(1);
    expect(await failed(call((done) => client.getSchema(request, done)))).toEqual({
      code: g.status.INVALID_ARGUMENT,
      details: 'GetSchemaRequest.version is 1: this provider serves schema version 0 only',
    });
    request.setVersion(0);
    request.setSubpackageName('extra');
    expect(await failed(call((done) => client.getSchema(request, done)))).toEqual({
      code: g.status.INVALID_ARGUMENT,
      details: 'GetSchemaRequest.subpackageName is "extra": this provider has no subpackages',
    });
  });
});

describe('provider configuration', () => {
  const PROVIDER_URN = 'urn:pulumi:e2e::native::pulumi:providers:walletinfra::default';
  const checkConfig = (news: Record<string, unknown>) =>
    call<pb.CheckResponse>((done) => client.checkConfig(checkRequest(news, {}, PROVIDER_URN), done));

  test('a valid configuration passes, its inputs as they came (the secret stays secret)', async () => {
    const answer = await checkConfig(config);
    expect(failuresOf(answer)).toEqual([]);
    expect(answer.getInputs()?.toJavaScript()).toEqual(config);
  });

  test('an unknown key and malformed values are refused, each in the settings words', async () => {
    const answer = await checkConfig({
      ...config,
      organisationId: 'org',
      baseUrl: 'not a url',
      requestTimeoutMs: 'soon',
    });
    expect(failuresOf(answer)).toEqual([
      {
        property: '',
        reason:
          'unknown stack config key walletinfra:organisationId: did you mean walletinfra:organizationId? ' +
          `Known keys: ${KNOWN_KEYS.join(', ')}. Rename it: \`pulumi config rm walletinfra:organisationId\` then ` +
          '`pulumi config set walletinfra:organizationId <value>`',
      },
      {
        property: 'baseUrl',
        reason:
          'baseUrl from stack config walletinfra:baseUrl must be an absolute URL starting with http:// or https://, got "not a url"; set it with `pulumi config set walletinfra:baseUrl <value>`',
      },
      {
        property: 'requestTimeoutMs',
        reason:
          'requestTimeoutMs from stack config walletinfra:requestTimeoutMs must be an integer >= 1 (milliseconds), got "soon"; ' +
          'set it with `pulumi config set walletinfra:requestTimeoutMs <value>`',
      },
    ]);
  });

  test('profiles that are not JSON are refused without showing their value', async () => {
    const answer = await checkConfig({ ...config, profiles: secret('{"eu": ') });
    expect(failuresOf(answer)).toEqual([
      {
        property: '',
        reason:
          'stack config walletinfra:profiles must be a JSON object of profiles, e.g. {"eu": {"organizationId": "..."}}; it is not valid JSON',
      },
    ]);
  });

  test('a configuration without inputs is a malformed request naming the field', async () => {
    expect(await failed(call((done) => client.checkConfig(checkRequest(undefined, {}, PROVIDER_URN), done)))).toEqual({
      code: g.status.INVALID_ARGUMENT,
      details: "CheckRequest.news is missing: the engine sends the provider's configuration there",
    });
  });

  test('DiffConfig names the settings that changed and never asks for a replacement', async () => {
    const rotated = { ...config, apiPublicKey: '02ab', apiPrivateKey: secret('cd'), version: '9.9.9' };
    const answer = await call<pb.DiffResponse>((done) =>
      client.diffConfig(diffRequest('provider-id', config, rotated, PROVIDER_URN), done),
    );
    expect(answer.getChanges()).toBe(p.DiffResponse.DiffChanges.DIFF_SOME);
    expect(answer.getDiffsList()).toEqual(['apiPrivateKey', 'apiPublicKey']);
    expect(answer.getReplacesList()).toEqual([]);
    expect(detailOf(answer)).toEqual({
      apiPrivateKey: { kind: p.PropertyDiff.Kind.UPDATE, inputDiff: true },
      apiPublicKey: { kind: p.PropertyDiff.Kind.UPDATE, inputDiff: true },
    });
    const same = await call<pb.DiffResponse>((done) =>
      client.diffConfig(diffRequest('provider-id', config, { ...config, version: '9.9.9' }, PROVIDER_URN), done),
    );
    // No value changed; DiffConfig sees no secret marks, so it leaves the decision to the engine, which compares the
    // stored configuration with the new one, marks included: a key set again without --secret is then an update,
    // whose Configure refuses it (tests/e2e/native-docs.test.ts runs that through the engine on an existing stack).
    expect(same.getChanges()).toBe(p.DiffResponse.DiffChanges.DIFF_UNKNOWN);
    expect(same.getDiffsList()).toEqual([]);
  });

  /** Secrets as plain values: what CheckConfig receives (MarshalProperties without KeepSecrets). */
  const stripped = (values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        (v as Record<string, unknown> | null)?.[SIGNATURE_KEY] ? (v as { value: unknown }).value : v,
      ]),
    );
  const isSecretValue = (v: unknown) => (v as Record<string, unknown> | null)?.[SIGNATURE_KEY] === SECRET_SIGNATURE;

  /**
   * The engine's path from stack config to Configure (pkg/resource/deploy/providers/registry.go): CheckConfig
   * on the values without their secret marks, the marks of the stack config put back on its answer
   * (annotateSecrets), and that answer sent to Configure.
   */
  async function configureAsEngine(news: Record<string, unknown>, urn = PROVIDER_URN): Promise<Record<string, unknown>> {
    // Not kept for the secret scan: the engine sent these values without marks, and a default provider's answer
    // gives them back as they came (the engine marks them again); what it marks is checked here instead.
    const checked = await new Promise<pb.CheckResponse>((resolve, reject) =>
      client.checkConfig(checkRequest(stripped(news), {}, urn), (error, response) => (error !== null ? reject(error) : resolve(response))),
    );
    expect(failuresOf(checked)).toEqual([]);
    const inputs = checked.getInputs()!.toJavaScript() as Record<string, unknown>;
    expect(stripped(inputs)).toEqual(stripped(news));
    for (const [key, value] of Object.entries(news))
      if (isSecretValue(value) && !isSecretValue(inputs[key])) inputs[key] = secret(inputs[key]);
    const request = new p.ConfigureRequest();
    request.setUrn(urn);
    request.setName(urn.split('::').pop()!);
    request.setArgs(toStruct(inputs));
    await call<pb.ConfigureResponse>((done) => client.configure(request, done));
    return inputs;
  }

  test('a secret setting stored in plain text in the stack config is refused on its way to Configure, naming the fix', async () => {
    const plainKey = await failed(configureAsEngine({ ...config, apiPrivateKey: 'abcdef0123456789' }));
    expect(plainKey).toEqual({
      code: g.status.UNKNOWN,
      details:
        'stack config walletinfra:apiPrivateKey holds a secret in plain text (Pulumi.<stack>.yaml is usually committed): ' +
        'encrypt it with `pulumi config set --secret walletinfra:apiPrivateKey <value>`, and rotate the key if the file was ever shared',
    });
    const profiles = JSON.stringify({ eu: { organizationId: 'org-eu', apiPublicKey: '02ab', apiPrivateKey: 'cd' } });
    expect(await failed(configureAsEngine({ ...config, profiles }))).toEqual({
      code: g.status.UNKNOWN,
      details:
        'stack config walletinfra:profiles holds API private keys in plain text (Pulumi.<stack>.yaml is usually committed): ' +
        "encrypt it with `pulumi config set --secret walletinfra:profiles <value>` (or per key: `pulumi config set --secret --path 'walletinfra:profiles.<profile>.apiPrivateKey' <value>`), " +
        'and rotate the key if the file was ever shared',
    });
    // Stored with --secret, both pass and stay secret.
    const inputs = await configureAsEngine({ ...config, profiles: secret(profiles) });
    expect([isSecretValue(inputs.apiPrivateKey), isSecretValue(inputs.profiles)]).toEqual([true, true]);
  });

  test("one profile's key set with --secret, another's without: the engine marks all profiles secret, the plain key is still refused", async () => {
    // What `pulumi config set --secret --path 'walletinfra:profiles.prod.apiPrivateKey'` and the same without
    // --secret for dev write; the engine sends the whole value as one secret (object.Secure in
    // sdk/go/common/resource/config/object.go), so only the stack's config file tells dev's key is plain.
    const file = join(PROJECT_DIR, 'stacks', 'Pulumi.e2e.yaml');
    mkdirSync(join(PROJECT_DIR, 'stacks'), { recursive: true });
    writeFileSync(
      file,
      [
        'config:',
        '  walletinfra:profiles:',
        '    prod:',
        '      apiPrivateKey:',
        '        secure: v1:abc:def',
        '      apiPublicKey: 02ab',
        '    dev:',
        '      apiPrivateKey: cd',
        '      apiPublicKey: 02cd',
        '',
      ].join('\n'),
    );
    const profiles = JSON.stringify({
      prod: { apiPublicKey: '02ab', apiPrivateKey: 'ab' },
      dev: { apiPublicKey: '02cd', apiPrivateKey: 'cd' },
    });
    try {
      expect(await failed(configureAsEngine({ ...config, profiles: secret(profiles) }))).toEqual({
        code: g.status.UNKNOWN,
        details:
          `stack config walletinfra:profiles.dev.apiPrivateKey holds an API private key in plain text in ${file} ` +
          '(Pulumi marks walletinfra:profiles secret as a whole because another of its keys is encrypted, but this one is not): ' +
          "encrypt it with `pulumi config set --secret --path 'walletinfra:profiles.dev.apiPrivateKey' <value>`, and rotate the key if the file was ever shared",
      });
      // Both keys encrypted: accepted. An explicit provider's profiles are its arguments, not the file's.
      writeFileSync(file, 'config:\n  walletinfra:profiles:\n    dev:\n      apiPrivateKey:\n        secure: v1:x\n');
      await configureAsEngine({ ...config, profiles: secret(profiles) });
      writeFileSync(file, 'config:\n  walletinfra:profiles:\n    dev:\n      apiPrivateKey: cd\n');
      await configureAsEngine(
        { ...config, profiles: secret(profiles) },
        'urn:pulumi:e2e::native::pulumi:providers:walletinfra::eu-provider',
      );
    } finally {
      rmSync(file);
    }
  });

  test("an explicit provider's secret settings are the program's arguments: stored as secrets however they came", async () => {
    // Given in plain text (the generated SDKs mark them secret themselves), still accepted and stored as secrets.
    const inputs = await configureAsEngine(stripped(config), 'urn:pulumi:e2e::native::pulumi:providers:walletinfra::eu-provider');
    expect(isSecretValue(inputs.apiPrivateKey)).toBe(true);
  });

  test('Configure takes the settings and accepts secrets and previews', async () => {
    const request = new p.ConfigureRequest();
    request.setArgs(toStruct(config));
    request.setAcceptsecrets(true);
    const answer = await call<pb.ConfigureResponse>((done) => client.configure(request, done));
    expect(answer.toObject()).toEqual({
      acceptsecrets: true,
      supportspreview: true,
      acceptresources: false,
      acceptoutputs: false,
      supportsAutonamingConfiguration: false,
    });
  });
});

describe('Policy through the native lifecycle', () => {
  const DECLARED = { policyName: 'native-surface', effect: 'EFFECT_ALLOW', notes: secret(PRIVATE_NOTE) };
  let inputs: Record<string, unknown>;
  let id: string;
  let state: Record<string, unknown>;

  test('Check returns the checked inputs, the secret note still secret', async () => {
    const answer = await call<pb.CheckResponse>((done) => client.check(checkRequest(DECLARED), done));
    expect(failuresOf(answer)).toEqual([]);
    inputs = answer.getInputs()!.toJavaScript();
    expect(inputs).toEqual({
      policyName: 'native-surface',
      effect: 'EFFECT_ALLOW',
      notes: secret(PRIVATE_NOTE),
      condition: '',
      consensus: '',
      time: '',
      organizationId: emulator.credentials.organizationId,
    });
  });

  test('Check reports each property problem; unknown values are left for later', async () => {
    const answer = await call<pb.CheckResponse>((done) =>
      client.check(checkRequest({ policyName: UNKNOWN, effect: 'EFFECT_MAYBE', condition: "activity.resourse == 'USER'" }), done),
    );
    expect(failuresOf(answer)).toEqual([
      { property: 'effect', reason: 'must be one of EFFECT_ALLOW, EFFECT_DENY, got string "EFFECT_MAYBE"' },
      {
        property: 'condition',
        reason: "unknown field 'resourse' of Activity; did you mean 'activity.resource'? (line 1, column 10)",
      },
    ]);
  });

  test('a preview Create changes nothing and answers the inputs', async () => {
    const request = new p.CreateRequest();
    request.setUrn(URN);
    request.setProperties(toStruct(inputs));
    request.setPreview(true);
    const answer = await call<pb.CreateResponse>((done) => client.create(request, done));
    expect(answer.getId()).toBe('');
    expect(answer.getProperties()?.toJavaScript()).toEqual(inputs);
    expect((await service.listPolicies({})).policies.map((x) => x.policyName)).not.toContain('native-surface');
  });

  test('Create makes the policy; the outputs from the secret input are secret, the others plain', async () => {
    const request = new p.CreateRequest();
    request.setUrn(URN);
    request.setProperties(toStruct(inputs));
    const answer = await call<pb.CreateResponse>((done) => client.create(request, done));
    id = answer.getId();
    state = answer.getProperties()!.toJavaScript();
    expect(state).toEqual({ ...inputs, policyId: id });
    const live = (await service.listPolicies({})).policies.find((x) => x.policyId === id);
    expect(live).toMatchObject({ policyName: 'native-surface', effect: 'EFFECT_ALLOW', notes: PRIVATE_NOTE });
  });

  test('Diff answers per property: an edit in place, a move that replaces, and nothing', async () => {
    const edited = await call<pb.DiffResponse>((done) =>
      client.diff(diffRequest(id, state, { ...inputs, policyName: 'native-renamed' }), done),
    );
    expect(edited.getChanges()).toBe(p.DiffResponse.DiffChanges.DIFF_SOME);
    expect(edited.getDiffsList()).toEqual(['policyName']);
    expect(edited.getReplacesList()).toEqual([]);
    expect(detailOf(edited)).toEqual({ policyName: { kind: p.PropertyDiff.Kind.UPDATE, inputDiff: true } });

    const moved = await call<pb.DiffResponse>((done) =>
      client.diff(diffRequest(id, state, { ...inputs, organizationId: 'other-org' }), done),
    );
    expect(moved.getReplacesList()).toEqual(['organizationId']);
    expect(detailOf(moved)).toEqual({ organizationId: { kind: p.PropertyDiff.Kind.UPDATE_REPLACE, inputDiff: true } });

    const ignored = diffRequest(id, state, { ...inputs, policyName: 'native-renamed' });
    ignored.setIgnorechangesList(['policyName']);
    expect((await call<pb.DiffResponse>((done) => client.diff(ignored, done))).getChanges()).toBe(p.DiffResponse.DiffChanges.DIFF_NONE);

    const same = await call<pb.DiffResponse>((done) => client.diff(diffRequest(id, state, inputs), done));
    expect(same.getChanges()).toBe(p.DiffResponse.DiffChanges.DIFF_NONE);
    expect(same.getDiffsList()).toEqual([]);
  });

  test('Diff of a velocity control: delete first when the identifier stays, create first when it changes', async () => {
    const urn = 'urn:pulumi:e2e::native::walletinfra:index:VelocityControl::daily';
    const control = {
      name: 'daily',
      identifier: 'daily_count',
      dataSource: { activityExecution: {} },
      aggregation: {
        method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
        operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
        threshold: '10',
        window: { infinite: {} },
        groupBy: { organization: {} },
      },
      organizationId: 'org',
    };
    const diff = (news: Record<string, unknown>) =>
      call<pb.DiffResponse>((done) => client.diff(diffRequest('vc-1', { ...control, velocityControlId: 'vc-1' }, news, urn), done));
    const threshold = await diff({ ...control, aggregation: { ...control.aggregation, threshold: '20' } });
    expect([threshold.getReplacesList(), threshold.getDeletebeforereplace()]).toEqual([['aggregation'], true]);
    const renamed = await diff({ ...control, identifier: 'daily_count_v2' });
    expect([renamed.getReplacesList(), renamed.getDeletebeforereplace()]).toEqual([['identifier'], false]);
  });

  test('Update changes the live policy and keeps the secret note secret', async () => {
    const news = { ...inputs, policyName: 'native-renamed' };
    const request = new p.UpdateRequest();
    request.setId(id);
    request.setUrn(URN);
    request.setOlds(toStruct(state));
    request.setNews(toStruct(news));
    const answer = await call<pb.UpdateResponse>((done) => client.update(request, done));
    state = answer.getProperties()!.toJavaScript();
    expect(state).toEqual({ ...news, policyId: id });
    expect((await service.listPolicies({})).policies.find((x) => x.policyId === id)?.policyName).toBe('native-renamed');
  });

  test("a state moved from the dynamic type (its serialized provider stub among the outputs) loses the stub on Update's preview, Update and Read", async () => {
    // What a dynamic resource's state holds (the dynamic provider's `__provider`); the move keeps it until then.
    const moved = { ...state, __provider: 'exports.handler = require("@walletinfra/pulumi/dist/runtime")' };
    const { policyId: _, ...current } = state;
    const update = (preview: boolean) => {
      const request = new p.UpdateRequest();
      request.setId(id);
      request.setUrn(URN);
      request.setOlds(toStruct(moved));
      request.setNews(toStruct(current));
      request.setPreview(preview);
      return call<pb.UpdateResponse>((done) => client.update(request, done));
    };
    expect((await update(true)).getProperties()?.toJavaScript()).toEqual(state);
    expect((await update(false)).getProperties()?.toJavaScript()).toEqual(state);
    const read = new p.ReadRequest();
    read.setId(id);
    read.setUrn(URN);
    read.setProperties(toStruct(moved));
    read.setInputs(toStruct({ ...current, __provider: moved.__provider }));
    const answer = await call<pb.ReadResponse>((done) => client.read(read, done));
    expect(answer.getProperties()?.toJavaScript()).toEqual(state);
    expect(answer.getInputs()?.toJavaScript()).toEqual(current);
  });

  test('Read reports the live policy (a secret of the state stays secret), and no id once it is deleted outside Pulumi', async () => {
    await service.updatePolicy({ policyId: id, policyName: 'native-renamed', policyEffect: 'EFFECT_DENY' });
    const request = new p.ReadRequest();
    request.setId(id);
    request.setUrn(URN);
    request.setProperties(toStruct(state));
    const answer = await call<pb.ReadResponse>((done) => client.read(request, done));
    expect(answer.getId()).toBe(id);
    const drifted: Record<string, unknown> = { ...state, effect: 'EFFECT_DENY' };
    expect(answer.getProperties()?.toJavaScript()).toEqual(drifted);
    const { policyId: _, ...readInputs } = drifted;
    expect(answer.getInputs()?.toJavaScript()).toEqual(readInputs);

    await service.deletePolicy({ policyId: id });
    const gone = await call<pb.ReadResponse>((done) => client.read(request, done));
    expect(gone.toObject()).toEqual({ id: '', refreshBeforeUpdate: false });
  });

  test('creates and deletes sent at once are all answered', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `native-parallel-${i}`);
    const created = await Promise.all(
      names.map(async (policyName) => {
        const checked = await call<pb.CheckResponse>((done) => client.check(checkRequest({ policyName, effect: 'EFFECT_DENY' }), done));
        const request = new p.CreateRequest();
        request.setUrn(URN);
        request.setProperties(checked.getInputs());
        const answer = await call<pb.CreateResponse>((done) => client.create(request, done));
        return { id: answer.getId(), properties: answer.getProperties() };
      }),
    );
    const live = (await service.listPolicies({})).policies.filter((x) => names.includes(x.policyName));
    expect(live.map((x) => x.policyId).sort()).toEqual(created.map((x) => x.id).sort());
    await Promise.all(
      created.map(async ({ id: createdId, properties }) => {
        const request = new p.DeleteRequest();
        request.setId(createdId);
        request.setUrn(URN);
        request.setProperties(properties);
        await call((done) => client.delete(request, done));
      }),
    );
    expect((await service.listPolicies({})).policies.filter((x) => names.includes(x.policyName))).toEqual([]);
  });

  test('a failed write after adopting reports the adopted object, its state and its secret as a secret', async () => {
    const existing = (await service.createPolicy({ policyName: 'native-adopted', effect: 'EFFECT_DENY', notes: 'old' })).result.policyId;
    const checked = await call<pb.CheckResponse>((done) =>
      client.check(
        checkRequest({ policyName: 'native-adopted', effect: 'EFFECT_DENY', notes: secret('new'), adopt: { byName: true } }),
        done,
      ),
    );
    emulator.faults.set([{ path: '/public/v1/submit/update_policy', status: 500, times: 1, message: 'maintenance' }]);
    const request = new p.CreateRequest();
    request.setUrn(URN);
    request.setProperties(checked.getInputs());
    let error: grpc.ServiceError | undefined;
    try {
      await call((done) => client.create(request, done));
    } catch (e) {
      error = e as grpc.ServiceError;
    }
    const notApplied =
      `/public/v1/submit/update_policy: maintenance (HTTP 500, INTERNAL). Update policy "native-adopted" (${existing}) did not take effect ` +
      '(the service has no activity with its fingerprint); running `pulumi up` again submits it';
    expect(error?.details).toBe(`adopted policy ${existing}, but bringing it to the declared state failed: ${notApplied}`);
    const status = proto().status.Status.deserializeBinary(error!.metadata.get('grpc-status-details-bin')[0] as Buffer);
    const detail = p.ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0]!.getValue_asU8());
    expect(detail.getId()).toBe(existing);
    expect(detail.getReasonsList()).toEqual([notApplied]);
    expect(detail.getProperties()?.toJavaScript()).toMatchObject({ policyId: existing, notes: secret('old'), effect: 'EFFECT_DENY' });
  });
});

describe('a kind with secret inputs and outputs of its own (FiatOnRampCredential)', () => {
  const FIAT_URN = 'urn:pulumi:e2e::native::walletinfra:index:FiatOnRampCredential::coinbase';
  const SECRET_KEY = 'sk_live_native_0123456789';
  const PRIVATE_KEY = 'pk_private_native_0123456789';

  test('plain-text secrets are stored as secrets, and the outputs the kind treats as secret come back as secrets', async () => {
    const declared = {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      projectId: 'project-native',
      publishableApiKey: 'pk_live_publishable_native',
      secretApiKey: SECRET_KEY,
      privateApiKey: PRIVATE_KEY,
    };
    const checked = await call<pb.CheckResponse>((done) => client.check(checkRequest(declared, {}, FIAT_URN), done));
    expect(failuresOf(checked)).toEqual([]);
    expect(checked.getInputs()?.toJavaScript()).toMatchObject({ secretApiKey: secret(SECRET_KEY), privateApiKey: secret(PRIVATE_KEY) });

    const request = new p.CreateRequest();
    request.setUrn(FIAT_URN);
    request.setProperties(checked.getInputs());
    const created = await call<pb.CreateResponse>((done) => client.create(request, done));
    const outs = created.getProperties()!.toJavaScript();
    // The plain-text keys are not kept at all; what stands for them is secret.
    const secrets = Object.keys(outs).filter((key) => (outs[key] as Record<string, unknown> | null)?.[SIGNATURE_KEY] === SECRET_SIGNATURE);
    expect(secrets.sort()).toEqual([
      'encryptedPrivateApiKey',
      'encryptedSecretApiKey',
      'privateApiKeyFingerprint',
      'secretApiKeyFingerprint',
    ]);
    expect(outs).not.toHaveProperty('secretApiKey');
    expect(outs).not.toHaveProperty('privateApiKey');
    expect(outs).toMatchObject({ onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE', publishableApiKey: 'pk_live_publishable_native' });
    const live = (await service.listFiatOnRampCredentials({})).fiatOnRampCredentials.map((c) => c.fiatOnrampCredentialId);
    expect(live).toContain(created.getId());
  });
});

describe('functions: every data source as an Invoke', () => {
  function invoke(token: string, args: Record<string, unknown>): Promise<pb.InvokeResponse> {
    const request = new p.InvokeRequest();
    request.setTok(`walletinfra:index:${token}`);
    request.setArgs(toStruct(args));
    return call<pb.InvokeResponse>((done) => client.invoke(request, done));
  }
  const failuresOfInvoke = (response: pb.InvokeResponse) =>
    response.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() }));

  test('getPolicies returns the policies with what the schema declares, and a secret argument makes the result secret', async () => {
    const made = await service.createPolicy({
      policyName: 'native-invoke',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN'",
      notes: '',
    });
    const answer = await invoke('getPolicies', { parseExpressions: true });
    expect(failuresOfInvoke(answer)).toEqual([]);
    const result = answer.getReturn()!.toJavaScript() as { organizationId: string; policies: Array<Record<string, unknown>> };
    expect(result.organizationId).toBe(emulator.credentials.organizationId);
    const policy = result.policies.find((x) => x.policyId === made.result.policyId)!;
    const declared = Object.keys((SCHEMA.types['walletinfra:index:GetPoliciesPolicy'] as ObjectTypeSpec).properties);
    expect(Object.keys(policy).filter((k) => !declared.includes(k))).toEqual([]);
    expect(policy).toMatchObject({ policyName: 'native-invoke', effect: 'EFFECT_ALLOW', condition: "activity.action == 'SIGN'" });
    expect(policy.parsed).toEqual({
      condition: JSON.parse(JSON.stringify(withoutPositions(parsePolicyExpression("activity.action == 'SIGN'")))) as unknown,
    });
    const secretArgs = await invoke('getPolicies', { parseExpressions: secret(false) });
    const wrapped = secretArgs.getReturn()!.toJavaScript() as Record<string, unknown>;
    expect(Object.values(wrapped).every((v) => (v as Record<string, unknown>)[SIGNATURE_KEY] === SECRET_SIGNATURE)).toBe(true);
  });

  test("a function's results that are always secret come back as secrets", async () => {
    const answer = await invoke('getFiatOnRampCredentials', {});
    const result = answer.getReturn()!.toJavaScript() as Record<string, Record<string, unknown>>;
    expect(result.fiatOnRampCredentials?.[SIGNATURE_KEY]).toBe(SECRET_SIGNATURE);
    expect(result.organizationId).toBe(emulator.credentials.organizationId);
  });

  test('argument problems are failures naming the argument, before any request; the service’s errors name the function', async () => {
    expect(failuresOfInvoke(await invoke('getPolicy', { policyName: 'x', bogus: true }))).toEqual([
      {
        property: 'bogus',
        reason: 'is not an argument of getPolicy; known: policyId, policyName, parseExpressions, profile, organizationId',
      },
    ]);
    expect(failuresOfInvoke(await invoke('getPolicy', { policyName: 'x', parseExpressions: 'yes' }))).toEqual([
      { property: 'parseExpressions', reason: 'must be of type boolean, got string' },
    ]);
    expect(failuresOfInvoke(await invoke('getPolicy', {}))).toEqual([
      { property: 'policyId', reason: 'set exactly one of policyId or policyName' },
    ]);
    expect(failuresOfInvoke(await invoke('getSubOrganizations', { paginationOptions: { limit: '0' } }))).toEqual([
      { property: 'paginationOptions', reason: 'paginationOptions.limit: must be a string of decimal digits from 1 to 100' },
    ]);
    expect(failuresOfInvoke(await invoke('getWebhookJwks', { organizationId: 'o' }))).toEqual([
      { property: 'organizationId', reason: 'is not an argument of getWebhookJwks; known: profile' },
    ]);
    expect(await failed(invoke('getPolicy', { policyName: 'no such policy' }))).toEqual({
      code: g.status.UNKNOWN,
      details: `getPolicy: organization ${emulator.credentials.organizationId} has no policy named "no such policy"`,
    });
  });
});

describe('pulumi import: Read with only the id', () => {
  function importRead(type: string, id: string): Promise<pb.ReadResponse> {
    const request = new p.ReadRequest();
    request.setId(id);
    request.setUrn(`urn:pulumi:e2e::native::walletinfra:index:${type}::imported`);
    request.setProperties(toStruct({}));
    request.setInputs(toStruct({}));
    return call<pb.ReadResponse>((done) => client.read(request, done));
  }
  const org = () => emulator.credentials.organizationId;

  test('a listed kind is read by its id: its outputs and the inputs they imply, in the organization of the settings', async () => {
    const made = await service.createPolicy({
      policyName: 'native-import',
      effect: 'EFFECT_DENY',
      condition: "activity.action == 'EXPORT'",
      notes: 'by hand',
    });
    const id = made.result.policyId;
    const answer = await importRead('Policy', id);
    expect(answer.getId()).toBe(id);
    const outputs = {
      policyId: id,
      policyName: 'native-import',
      effect: 'EFFECT_DENY',
      condition: "activity.action == 'EXPORT'",
      consensus: '',
      notes: 'by hand',
      time: '',
      organizationId: org(),
    };
    expect(answer.getProperties()?.toJavaScript()).toEqual(outputs);
    const { policyId: _, ...inputs } = outputs;
    expect(answer.getInputs()?.toJavaScript()).toEqual(inputs);
    expect((await importRead('Policy', 'no-such-policy')).getId()).toBe('');
  });

  test('an on-ramp credential is imported with its ciphertext as a secret input', async () => {
    const made = await service.createFiatOnRampCredential({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_import',
      encryptedSecretApiKey: encryptOnRampSecret('sk_by_hand', emulator.onRampEncryptionPublicKey),
    });
    const id = made.result.fiatOnRampCredentialId;
    const live = (await service.listFiatOnRampCredentials({})).fiatOnRampCredentials.find((c) => c.fiatOnrampCredentialId === id)!;
    const answer = await importRead('FiatOnRampCredential', id);
    expect(answer.getInputs()?.toJavaScript()).toEqual({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      projectId: '',
      publishableApiKey: 'pk_import',
      sandboxMode: false,
      encryptedSecretApiKey: secret(live.encryptedSecretApiKey),
      organizationId: org(),
    });
  });

  test('an IP allowlist is imported by its scope: organization, or apiKey:<public key>; a scope without a list is not found', async () => {
    const key = emulator.credentials.apiPublicKey;
    expect((await importRead('IpAllowlist', `apiKey:${key}`)).getId()).toBe('');
    await service.setIpAllowlist({ publicKey: key, rules: [{ cidr: '198.51.100.0/24', label: 'by hand' }] });
    const answer = await importRead('IpAllowlist', `apiKey:${key.toUpperCase()}`);
    expect(answer.getId()).toBe(`apiKey:${key.toUpperCase()}`);
    expect(answer.getInputs()?.toJavaScript()).toEqual({
      publicKey: key.toLowerCase(),
      rules: [{ cidr: '198.51.100.0/24', label: 'by hand' }],
      onEvaluationError: 'DENY',
      allowLockout: false,
      organizationId: org(),
    });
    await service.setIpAllowlist({ enabled: false, rules: [{ cidr: '203.0.113.0/24' }] });
    expect((await importRead('IpAllowlist', 'organization')).getInputs()?.toJavaScript()).toEqual({
      enabled: false,
      rules: [{ cidr: '203.0.113.0/24', label: '' }],
      onEvaluationError: 'DENY',
      allowLockout: false,
      organizationId: org(),
    });
    expect(await failed(importRead('IpAllowlist', 'apiKey'))).toEqual({
      code: g.status.UNKNOWN,
      details: `invalid request for import an IP allowlist: id: is "apiKey": use organization for the organization's list or apiKey:<public key> for an API key's`,
    });
  });

  test('Delete of the API key this stack signs with is refused, naming the key and the way out, and nothing is deleted', async () => {
    // The engine makes no provider call for a deletion at preview (DeleteStep.Apply in pkg/resource/deploy/step.go of
    // github.com/pulumi/pulumi), so a native program's refusal is this one, at `pulumi up`, before anything is written.
    const me = await service.whoami({});
    const own = (await service.getUser({ userId: me.userId })).user.apiKeys.find(
      (k) => k.credential.publicKey.toLowerCase() === emulator.credentials.apiPublicKey.toLowerCase(),
    );
    expect(own).toBeDefined();
    const imported = await importRead('ApiKey', own!.apiKeyId);
    expect(imported.getId()).toBe(own!.apiKeyId);
    const request = new p.DeleteRequest();
    request.setId(own!.apiKeyId);
    request.setUrn('urn:pulumi:e2e::native::walletinfra:index:ApiKey::own');
    request.setProperties(imported.getProperties());
    const refusal = await failed(call((done) => client.delete(request, done)));
    expect(refusal.details).toContain(`refusing to delete API key ${own!.apiKeyId}`);
    expect(refusal.details).toContain('it is the key this stack signs its requests with (walletinfra:apiPublicKey (or its profile))');
    expect(refusal.details).toContain("Switch the stack's credentials to another key of the organization first");
    expect(refusal.details).not.toMatch(/protect/i);
    const after = (await service.getUser({ userId: me.userId })).user.apiKeys.map((k) => k.apiKeyId);
    expect(after).toContain(own!.apiKeyId);
  });

  test('the root quorum is imported by its one id, rootQuorum; another id is refused naming it', async () => {
    expect((await importRead('RootQuorum', 'rootQuorum')).getId()).toBe('rootQuorum');
    expect(await failed(importRead('RootQuorum', 'quorum'))).toEqual({
      code: g.status.UNKNOWN,
      details: `invalid request for import the root quorum of organization ${org()}: id: is "quorum", but the root quorum's id is "rootQuorum"; import it with that id`,
    });
  });
});

describe('pulumi import of every kind', () => {
  // What `pulumi import` then relies on: the state Read answers is complete (every output the schema requires),
  // and its inputs are what a program declaring them has, so Check accepts them and Diff finds nothing to change.
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = await handMadeObjects(
      { client: service, onRampEncryptionPublicKey: emulator.onRampEncryptionPublicKey },
      emulator.credentials.apiPublicKey,
    );
  });

  test.each(KINDS.map((k) => [k.type, k.nativeToken]))(
    '%s: Read with only the id answers its whole state, which previews no changes',
    async (type, token) => {
      expect(ids[type]).toEqual(expect.any(String));
      const urn = `urn:pulumi:e2e::native::${token}::imported`;
      const request = new p.ReadRequest().setId(ids[type]!).setUrn(urn).setProperties(toStruct({})).setInputs(toStruct({}));
      const read = await call<pb.ReadResponse>((done) => client.read(request, done));
      expect(read.getId()).toBe(ids[type]);
      const state = read.getProperties()!.toJavaScript();
      const required = SCHEMA.resources[token]!.required;
      expect(required.filter((key) => state[key] === undefined)).toEqual([]);
      expect(state.organizationId).toBe(emulator.credentials.organizationId);

      // As the engine's import step checks them: the inputs read are both the old and the new inputs.
      const inputs = read.getInputs()!.toJavaScript();
      const checked = await call<pb.CheckResponse>((done) => client.check(checkRequest(inputs, inputs, urn), done));
      expect(failuresOf(checked)).toEqual([]);
      const diff = await call<pb.DiffResponse>((done) =>
        client.diff(diffRequest(ids[type]!, state, checked.getInputs()!.toJavaScript(), urn), done),
      );
      expect({ changes: diff.getChanges(), diffs: diff.getDiffsList() }).toEqual({
        changes: p.DiffResponse.DiffChanges.DIFF_NONE,
        diffs: [],
      });
    },
  );
});

describe('malformed requests', () => {
  test('each names the field, and the server keeps serving', async () => {
    const noType = new p.CheckRequest();
    noType.setNews(toStruct({}));
    const cases: Array<[Promise<unknown>, string]> = [
      [
        call((done) => client.check(noType, done)),
        'CheckRequest.type and CheckRequest.urn are both empty: the request names no resource type',
      ],
      [
        call((done) => client.check(checkRequest({}, {}, 'policy'), done)),
        'CheckRequest.urn is not a Pulumi URN (urn:pulumi:<stack>::<project>::<type>::<name>)',
      ],
      [
        call((done) => client.check(checkRequest({}, {}, 'urn:pulumi:e2e::native::walletinfra:index:Polcy::x'), done)),
        `unknown resource type "walletinfra:index:Polcy" (CheckRequest): the walletinfra provider 9.8.7 manages ${KINDS.map((k) => k.nativeToken).join(', ')}`,
      ],
      [
        call((done) => client.check(checkRequest(undefined), done)),
        "CheckRequest.news is missing: the engine sends the resource's inputs there",
      ],
      [
        call((done) => client.diff(diffRequest('', {}, {}), done)),
        'DiffRequest.id is empty: the engine sends the id of the object to compare',
      ],
      [
        call((done) => client.create(new p.CreateRequest().setUrn(URN), done)),
        "CreateRequest.properties is missing: the engine sends the resource's inputs there",
      ],
      [
        call((done) => client.read(new p.ReadRequest().setUrn(URN), done)),
        'ReadRequest.id is empty: the engine sends the id of the object to read (the import id for `pulumi import`)',
      ],
      [
        call((done) => client.update(new p.UpdateRequest().setUrn(URN).setId('x'), done)),
        "UpdateRequest.olds is missing: the engine sends the resource's state there",
      ],
      [
        call((done) => client.delete(new p.DeleteRequest().setUrn(URN), done)),
        'DeleteRequest.id is empty: the engine sends the id of the object to delete',
      ],
      [call((done) => client.invoke(new p.InvokeRequest(), done)), 'InvokeRequest.tok is empty: the engine sends the function token there'],
      [
        call((done) => client.invoke(new p.InvokeRequest().setTok('walletinfra:index:getPolicys'), done)),
        `unknown function "walletinfra:index:getPolicys" (InvokeRequest.tok): the walletinfra provider 9.8.7 serves ${DATA_SOURCES.map((d) => `walletinfra:index:${d.name}`).join(', ')}`,
      ],
    ];
    for (const [promise, details] of cases) expect(await failed(promise)).toEqual({ code: g.status.INVALID_ARGUMENT, details });
    expect((await call<{ getVersion(): string }>((done) => client.getPluginInfo(new empty.Empty(), done))).getVersion()).toBe(VERSION);
  });

  test('bytes that are no request are refused by gRPC itself, and the server keeps serving', async () => {
    const raw = new g.Client(`127.0.0.1:${serving.port}`, g.credentials.createInsecure());
    const error = await new Promise<grpc.ServiceError>((resolve) =>
      raw.makeUnaryRequest(
        '/pulumirpc.ResourceProvider/Check',
        (b: Buffer) => b,
        (b: Buffer) => b,
        Buffer.from([0xff, 0xff, 0xff, 0xff]),
        (e) => resolve(e!),
      ),
    );
    raw.close();
    expect(error.code).toBe(g.status.INTERNAL);
    expect((await call<{ getVersion(): string }>((done) => client.getPluginInfo(new empty.Empty(), done))).getVersion()).toBe(VERSION);
  });

  test('what the provider does not do is said as such', async () => {
    expect(await failed(call((done) => client.construct(new p.ConstructRequest(), done)))).toEqual({
      code: g.status.UNIMPLEMENTED,
      details: 'Construct is not implemented by the walletinfra provider: it has no component resources',
    });
    expect(await failed(call((done) => client.call(new p.CallRequest(), done)))).toEqual({
      code: g.status.UNIMPLEMENTED,
      details: 'Call is not implemented by the walletinfra provider: it has no resource methods',
    });
    expect(await failed(call((done) => client.parameterize(new p.ParameterizeRequest(), done)))).toEqual({
      code: g.status.UNIMPLEMENTED,
      details: 'Parameterize is not implemented by the walletinfra provider: it is not a parameterized provider',
    });
    const listed = await new Promise<grpc.ServiceError>((resolve) => client.list(new p.ListRequest()).on('error', resolve));
    expect({ code: listed.code, details: listed.details }).toEqual({
      code: g.status.UNIMPLEMENTED,
      details: 'List is not implemented by the walletinfra provider',
    });
    expect(
      (await call<pb.GetMappingResponse>((done) => client.getMapping(new p.GetMappingRequest().setKey('terraform'), done))).getProvider(),
    ).toBe('');
    await call((done) => client.cancel(new empty.Empty(), done));
    await call((done) => client.attach(new plugin.PluginAttach().setAddress('127.0.0.1:2'), done));
  });
});

test('no secret ever came back in plain text, nor reached the log', () => {
  // A secret input may come back only inside a secret envelope (the engine stores those encrypted).
  const seen = JSON.stringify([answered, logged]);
  for (const plain of [
    PRIVATE_NOTE,
    emulator.credentials.apiPrivateKey,
    'new',
    'abcdef0123456789',
    'sk_live_native_0123456789',
    'pk_private_native_0123456789',
  ]) {
    const outsideEnvelopes = seen.split(JSON.stringify(secret(plain))).join('');
    expect(outsideEnvelopes.includes(JSON.stringify(plain))).toBe(false);
  }
});
