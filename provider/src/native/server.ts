// The native provider: Pulumi's ResourceProvider gRPC service (pulumi/provider.proto of github.com/pulumi/pulumi)
// over each kind's lifecycle (../resources/lifecycle.ts, built by the runtime the dynamic resources use too). Our
// own server rather than @pulumi/pulumi's provider.main(), which answers CheckConfig, DiffConfig and Configure as
// unimplemented and passes secrets through as raw envelopes (pulumi/pulumi#10915). Every request is answered on its
// own: the engine sends many at once, and the session layer limits requests per organization
// (walletinfra:maxConcurrentRequests). One function per method below, in the protocol's order.
import type * as grpc from '@grpc/grpc-js';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import type { IResourceProviderServer } from '@pulumi/pulumi/proto/provider_grpc_pb';
import type { AnyKind } from '../resources/kind';
import { KINDS } from '../resources/kinds';
import type { Lifecycle } from '../resources/lifecycle';
import { createRuntime, type Runtime, type RuntimeOptions } from '../runtime/providers';
import {
  checkedSecrets,
  checkProviderConfig,
  diffProviderConfig,
  EMPTY_CONFIG,
  engineDecidesConfigDiff,
  isDefaultProvider,
  isSecretIn,
  providerConfig,
  stackFileOf,
  type ProviderConfig,
} from './config';
import { RequestError, serviceError, UnimplementedError, type Leftover } from './errors';
import { nativeFunctions, type NativeFunction } from './functions';
import { checkFailures, diffResponse, required, requiredStruct, typeOf, withoutDynamicStub } from './messages';
import { proto, type emptyPb, type pb, type pluginPb, type structPb } from './proto';
import { decode, fromStruct, toStruct, union, type Decoded, type Properties } from './values';

export interface NativeProviderOptions {
  /** The plugin's version: GetPluginInfo, and the `version` of the schema it serves. */
  version: string;
  /** The schema as JSON text (GetSchema). */
  schema: () => string;
  /** The runtime's clock, randomness, HTTP options and log (tests); `isSecret` is the provider's own. */
  runtime?: Omit<RuntimeOptions, 'isSecret' | 'config' | 'keys'>;
  /**
   * The directory the engine started the plugin in, the project's (default the process's): a default provider
   * reads the stack's config file there for what the engine's secret marks do not say (./config.ts stackFileOf).
   */
  projectDir?: string;
  /**
   * Another lifecycle for a kind, instead of the runtime's (undefined: the runtime's). The bench's do-nothing plugin
   * serves every kind this way, so its floor is this same server (bench/children/noop-native).
   */
  lifecycleOf?: (kind: AnyKind) => Lifecycle | undefined;
}

export interface NativeProvider {
  service: IResourceProviderServer;
  close(): Promise<void>;
}

/** A kind the server serves: its declaration (type token, secrets) and its lifecycle. */
interface ServedKind {
  kind: AnyKind;
  lifecycle: Lifecycle;
}

/** What every method reads: the options, the runtime, the provider's configuration, the kinds and functions. */
interface Server {
  options: NativeProviderOptions;
  runtime: Runtime;
  /** Set by Configure; read by the runtime's settings at call time. */
  config: ProviderConfig;
  kinds: ReadonlyMap<string, ServedKind>;
  /** Built on the first Invoke: the data sources load only then (./functions.ts). */
  functions(): ReadonlyMap<string, NativeFunction>;
}

function envOf(server: Server): Readonly<Record<string, string | undefined>> {
  return server.options.runtime?.env ?? process.env;
}

function kindOf(server: Server, request: { getType(): string; getUrn(): string }, message: string): ServedKind {
  const type = typeOf(request, message);
  const served = server.kinds.get(type);
  if (served === undefined) {
    throw new RequestError(
      `unknown resource type ${JSON.stringify(type)} (${message}): the walletinfra provider ${server.options.version} manages ${[...server.kinds.keys()].join(', ')}`,
    );
  }
  return served;
}

/** The properties a kind always stores as secrets: inputs whatever the program passed, and outputs. */
function declaredSecrets(kind: AnyKind): string[] {
  return [...(kind.secrets?.inputs ?? []), ...(kind.secrets?.outputs ?? [])];
}

function toWire(values: Properties, secrets: ReadonlySet<string>): structPb.Struct {
  return toStruct(proto().struct.Struct, values, secrets);
}

// The engine's address also arrives as the process's argument, where ../runtime/report.ts takes it.
function handshake(): pb.ProviderHandshakeResponse {
  const response = new (proto().provider.ProviderHandshakeResponse)();
  response.setAcceptSecrets(true);
  response.setAcceptResources(false);
  response.setAcceptOutputs(false);
  return response;
}

function getPluginInfo(server: Server): pluginPb.PluginInfo {
  const info = new (proto().plugin.PluginInfo)();
  info.setVersion(server.options.version);
  return info;
}

function getSchema(server: Server, request: pb.GetSchemaRequest): pb.GetSchemaResponse {
  if (request.getVersion() !== 0) {
    throw new RequestError(`GetSchemaRequest.version is ${request.getVersion()}: this provider serves schema version 0 only`);
  }
  if (request.getSubpackageName() !== '') {
    throw new RequestError(
      `GetSchemaRequest.subpackageName is ${JSON.stringify(request.getSubpackageName())}: this provider has no subpackages`,
    );
  }
  const schema = JSON.parse(server.options.schema()) as Record<string, unknown>;
  const response = new (proto().provider.GetSchemaResponse)();
  response.setSchema(JSON.stringify({ ...schema, version: server.options.version }));
  return response;
}

function checkConfig(server: Server, request: pb.CheckRequest): pb.CheckResponse {
  const news = decode(
    requiredStruct(request.hasNews(), request.getNews(), 'CheckRequest.news', "the engine sends the provider's configuration there"),
  );
  const response = new (proto().provider.CheckResponse)();
  // The engine marks again what the stack config stores as secret (./config.ts checkedSecrets).
  response.setInputs(toWire(news.values, checkedSecrets(news, request.getUrn() || request.getName())));
  // ./config.ts leaves the property out of failures of settings that may hold a secret.
  response.setFailuresList(checkFailures(checkProviderConfig(providerConfig(news, false), envOf(server)), news.secrets));
  return response;
}

function diffConfig(request: pb.DiffRequest): pb.DiffResponse {
  const news = decode(
    requiredStruct(request.hasNews(), request.getNews(), 'DiffRequest.news', "the engine sends the provider's new configuration there"),
  );
  const olds = decode(request.hasOldInputs() ? fromStruct(request.getOldInputs()) : fromStruct(request.getOlds()));
  const changed = diffProviderConfig(olds, news);
  const response = diffResponse({ changed, replaces: [] }, olds.values, news.values, false);
  if (engineDecidesConfigDiff(changed)) response.setChanges(proto().provider.DiffResponse.DiffChanges.DIFF_UNKNOWN);
  return response;
}

/** Takes the provider's configuration: the runtime's settings read it from now on. */
function applyConfig(server: Server, inputs: Decoded, secretsKnown: boolean, urn = ''): void {
  const config = providerConfig(
    inputs,
    secretsKnown,
    secretsKnown ? stackFileOf(urn, server.options.projectDir ?? process.cwd()) : undefined,
  );
  server.config = config;
  server.runtime.context.setConfig(
    (key) => config.values.get(key),
    () => [...config.values.keys()],
  );
  // What CheckConfig could not see: a secret setting stored in plain text (only Configure gets secrets).
  const problems = checkProviderConfig(config, envOf(server));
  if (problems.length > 0) throw new ConfigurationError(problems.map((f) => f.reason).join('\n'));
}

function configure(server: Server, request: pb.ConfigureRequest): pb.ConfigureResponse {
  if (request.hasArgs()) {
    // Which settings were secret says something about the stack config only for a default provider.
    applyConfig(
      server,
      decode(fromStruct(request.getArgs())),
      isDefaultProvider(request.getUrn() || (request.getName() ?? '')),
      request.getUrn(),
    );
  } else {
    // Engines before structured configuration send `<package>:config:<key>` text variables only.
    const values: Properties = {};
    for (const [key, value] of request.getVariablesMap().entries()) values[key.replace(/^[^:]+:config:/, '')] = value;
    applyConfig(server, { values, secrets: new Set() }, false);
  }
  const response = new (proto().provider.ConfigureResponse)();
  response.setAcceptsecrets(true);
  response.setSupportspreview(true);
  response.setAcceptresources(false);
  response.setAcceptoutputs(false);
  return response;
}

async function check(server: Server, request: pb.CheckRequest): Promise<pb.CheckResponse> {
  const { kind, lifecycle } = kindOf(server, request, 'CheckRequest');
  const news = decode(
    requiredStruct(request.hasNews(), request.getNews(), 'CheckRequest.news', "the engine sends the resource's inputs there"),
  );
  const olds = decode(fromStruct(request.getOlds()));
  const result = await lifecycle.check(olds.values, news.values);
  const secrets = union(news.secrets, kind.secrets?.inputs ?? []);
  const response = new (proto().provider.CheckResponse)();
  response.setInputs(toWire(result.inputs, secrets));
  response.setFailuresList(checkFailures(result.failures ?? [], secrets));
  return response;
}

// The lifecycle's comparison: it records what the program declares (../ownership.ts), refuses what the lock-out
// rules refuse and says whether the replacement deletes first (an API key keeping its public key).
async function diff(server: Server, request: pb.DiffRequest): Promise<pb.DiffResponse> {
  const { lifecycle } = kindOf(server, request, 'DiffRequest');
  const id = required(request.getId(), 'DiffRequest.id', 'the engine sends the id of the object to compare');
  const olds = decode(
    requiredStruct(request.hasOlds(), request.getOlds(), 'DiffRequest.olds', "the engine sends the resource's state there"),
  );
  const news = decode(
    requiredStruct(request.hasNews(), request.getNews(), 'DiffRequest.news', "the engine sends the resource's inputs there"),
  );
  const d = await lifecycle.diff(id, olds.values, news.values);
  const ignored = request.getIgnorechangesList();
  const kept = (keys: readonly string[]) => keys.filter((k) => !ignored.includes(k));
  return diffResponse({ changed: kept(d.changed), replaces: kept(d.replaces) }, olds.values, news.values, d.deleteBeforeReplace === true);
}

async function create(server: Server, request: pb.CreateRequest): Promise<pb.CreateResponse> {
  const { kind, lifecycle } = kindOf(server, request, 'CreateRequest');
  const inputs = decode(
    requiredStruct(
      request.hasProperties(),
      request.getProperties(),
      'CreateRequest.properties',
      "the engine sends the resource's inputs there",
    ),
  );
  const secrets = union(inputs.secrets, declaredSecrets(kind));
  const response = new (proto().provider.CreateResponse)();
  // A preview's create only says what the outputs will be: the inputs; the rest is unknown until `up`.
  if (request.getPreview()) {
    response.setProperties(toWire(inputs.values, secrets));
    return response;
  }
  const result = await lifecycle.create(inputs.values);
  response.setId(required(result.id, 'the created object id', 'the service returned no id'));
  response.setProperties(toWire(result.outs, secrets));
  return response;
}

/** What a failed create leaves for the engine to record (./errors.ts). */
function createLeftover(server: Server, request: pb.CreateRequest): Leftover {
  const inputs = decode(fromStruct(request.getProperties()));
  return { secrets: union(inputs.secrets, declaredSecrets(kindOf(server, request, 'CreateRequest').kind)), inputs: inputs.values };
}

async function read(server: Server, request: pb.ReadRequest): Promise<pb.ReadResponse> {
  const { kind, lifecycle } = kindOf(server, request, 'ReadRequest');
  const id = required(
    request.getId(),
    'ReadRequest.id',
    'the engine sends the id of the object to read (the import id for `pulumi import`)',
  );
  const state = decode(fromStruct(request.getProperties()));
  const inputs = decode(fromStruct(request.getInputs()));
  const secrets = union(state.secrets, inputs.secrets, declaredSecrets(kind));
  const result = await lifecycle.read(id, state.values);
  const response = new (proto().provider.ReadResponse)();
  // No id: the object is gone, and the engine drops the resource from the state.
  if (result.id === undefined || result.id === '') return response;
  response.setId(result.id);
  response.setProperties(toWire(withoutDynamicStub(result.props ?? state.values), secrets));
  if (result.inputs !== undefined) response.setInputs(toWire(withoutDynamicStub(result.inputs), secrets));
  return response;
}

async function update(server: Server, request: pb.UpdateRequest): Promise<pb.UpdateResponse> {
  const { kind, lifecycle } = kindOf(server, request, 'UpdateRequest');
  const id = required(request.getId(), 'UpdateRequest.id', 'the engine sends the id of the object to update');
  const olds = decode(
    requiredStruct(request.hasOlds(), request.getOlds(), 'UpdateRequest.olds', "the engine sends the resource's state there"),
  );
  const news = decode(
    requiredStruct(request.hasNews(), request.getNews(), 'UpdateRequest.news', "the engine sends the resource's inputs there"),
  );
  const secrets = union(news.secrets, declaredSecrets(kind));
  const response = new (proto().provider.UpdateResponse)();
  if (request.getPreview()) {
    response.setProperties(toWire(withoutDynamicStub({ ...olds.values, ...news.values }), secrets));
    return response;
  }
  const result = await lifecycle.update(id, olds.values, news.values);
  response.setProperties(toWire(withoutDynamicStub(result.outs), secrets));
  return response;
}

/** What a failed update leaves for the engine to record (./errors.ts). */
function updateLeftover(server: Server, request: pb.UpdateRequest): Leftover {
  const news = decode(fromStruct(request.getNews()));
  return { secrets: union(news.secrets, declaredSecrets(kindOf(server, request, 'UpdateRequest').kind)), inputs: news.values };
}

async function deleteResource(server: Server, request: pb.DeleteRequest): Promise<emptyPb.Empty> {
  const { lifecycle } = kindOf(server, request, 'DeleteRequest');
  const id = required(request.getId(), 'DeleteRequest.id', 'the engine sends the id of the object to delete');
  await lifecycle.delete(id, decode(fromStruct(request.getProperties())).values);
  return new (proto().empty.Empty)();
}

async function invoke(server: Server, request: pb.InvokeRequest): Promise<pb.InvokeResponse> {
  const token = required(request.getTok(), 'InvokeRequest.tok', 'the engine sends the function token there');
  const fn = server.functions().get(token);
  if (fn === undefined) {
    const known = [...server.functions().keys()];
    throw new RequestError(
      `unknown function ${JSON.stringify(token)} (InvokeRequest.tok): the walletinfra provider ${server.options.version} serves ${known.length > 0 ? known.join(', ') : 'no functions'}`,
    );
  }
  const args = decode(fromStruct(request.getArgs()));
  const result = await fn.invoke(args.values);
  // Results made from a secret argument are secret; the function's own secret results always are.
  const secrets = union(args.secrets.size > 0 ? Object.keys(result.outputs) : [], fn.secretOutputs ?? []);
  const response = new (proto().provider.InvokeResponse)();
  response.setReturn(toWire(result.outputs, secrets));
  response.setFailuresList(checkFailures(result.failures ?? [], args.secrets));
  return response;
}

// The protocol's answer for an optional method a provider does not offer: Parameterize, Construct and Call
// serve parameterized and component providers, which this one is not. Native providers answer them the same
// way (github.com/pulumi/pulumi-docker, provider/provider.go: Construct returns codes.Unimplemented).
function unimplemented(method: string, why: string): () => never {
  return () => {
    throw new UnimplementedError(`${method} is not implemented by the walletinfra provider: ${why}`);
  };
}

/** One unary method: whatever the handler throws becomes the call's error, never a crash of the process. */
function unary<Req, Res>(
  handle: (request: Req) => Res | Promise<Res>,
  leftover?: (request: Req) => Leftover,
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    const request = call.request;
    Promise.resolve(request)
      .then(handle)
      .then(
        (response) => callback(null, response),
        (error: unknown) => {
          let left: Leftover | undefined;
          try {
            left = leftover?.(request);
          } catch {
            // The request itself was malformed; the error says what failed.
          }
          callback(serviceError(error, left));
        },
      );
  };
}

export function createNativeProvider(options: NativeProviderOptions): NativeProvider {
  const runtime = createRuntime({ ...options.runtime, isSecret: (key) => isSecretIn(server.config, key) });
  let functions: ReadonlyMap<string, NativeFunction> | undefined;
  const server: Server = {
    options,
    runtime,
    config: EMPTY_CONFIG,
    kinds: new Map(
      KINDS.map((kind): [string, ServedKind] => [
        kind.nativeToken,
        { kind, lifecycle: options.lifecycleOf?.(kind) ?? runtime.lifecycles[kind.member] },
      ]),
    ),
    functions: () => (functions ??= new Map(nativeFunctions(runtime).map((f) => [f.token, f]))),
  };
  const { empty } = proto();
  const service: IResourceProviderServer = {
    handshake: unary(() => handshake()),
    getPluginInfo: unary(() => getPluginInfo(server)),
    getSchema: unary((request: pb.GetSchemaRequest) => getSchema(server, request)),
    checkConfig: unary((request: pb.CheckRequest) => checkConfig(server, request)),
    diffConfig: unary((request: pb.DiffRequest) => diffConfig(request)),
    configure: unary((request: pb.ConfigureRequest) => configure(server, request)),
    check: unary((request: pb.CheckRequest) => check(server, request)),
    diff: unary((request: pb.DiffRequest) => diff(server, request)),
    create: unary(
      (request: pb.CreateRequest) => create(server, request),
      (request) => createLeftover(server, request),
    ),
    read: unary((request: pb.ReadRequest) => read(server, request)),
    update: unary(
      (request: pb.UpdateRequest) => update(server, request),
      (request) => updateLeftover(server, request),
    ),
    delete: unary((request: pb.DeleteRequest) => deleteResource(server, request)),
    invoke: unary((request: pb.InvokeRequest) => invoke(server, request)),
    cancel: unary(() => new empty.Empty()),
    attach: unary(() => new empty.Empty()),
    parameterize: unary(unimplemented('Parameterize', 'it is not a parameterized provider')),
    construct: unary(unimplemented('Construct', 'it has no component resources')),
    call: unary(unimplemented('Call', 'it has no resource methods')),
    getMapping: unary(() => new (proto().provider.GetMappingResponse)()),
    getMappings: unary(() => new (proto().provider.GetMappingsResponse)()),
    // List (streaming every object of a type) is an optional method of newer engines; walletinfra-export and
    // walletinfra-drift's unmanaged-objects report list objects instead, so the engine is told it is not offered.
    list: (call) => {
      call.emit('error', { code: proto().grpc.status.UNIMPLEMENTED, details: 'List is not implemented by the walletinfra provider' });
    },
  };
  return { service, close: () => runtime.context.close() };
}

export interface ServingProvider {
  port: number;
  /** Stops accepting requests, waits for those in flight, and closes the sessions. */
  shutdown(): Promise<void>;
}

/** Serves `provider` on a loopback port chosen by the kernel. */
export async function serveProvider(provider: NativeProvider, host = '127.0.0.1'): Promise<ServingProvider> {
  const { grpc: g, providerGrpc } = proto();
  // Pulumi's own message size limits (grpcChannelOptions in @pulumi/pulumi runtime/settings.js).
  const server = new g.Server({ 'grpc.max_receive_message_length': 1024 * 1024 * 400 });
  server.addService(providerGrpc.ResourceProviderService, provider.service);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:0`, g.ServerCredentials.createInsecure(), (error, bound) =>
      error !== null ? reject(error) : resolve(bound),
    );
  });
  return {
    port,
    shutdown: async () => {
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      await provider.close();
    },
  };
}
