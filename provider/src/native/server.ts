// The native provider: Pulumi's ResourceProvider gRPC service (pulumi/provider.proto of
// github.com/pulumi/pulumi) over the per-kind lifecycle. Our own server rather than @pulumi/pulumi's
// provider.main(), which answers CheckConfig, DiffConfig and Configure as unimplemented and passes secrets
// through as raw envelopes (pulumi/pulumi#10915). Every request is answered on its own: the engine sends
// many at once, and the session layer limits requests per organization (walletinfra:maxConcurrentRequests).
import type * as grpc from '@grpc/grpc-js';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import type { IResourceProviderServer } from '@pulumi/pulumi/proto/provider_grpc_pb';
import { createRuntime, type Runtime, type RuntimeOptions } from '../runtime/providers';
import type { CheckFailure } from '../resources/common/check';
import type { FieldDiff } from '../resources/common/diff';
import {
  checkedSecrets,
  checkProviderConfig,
  isDefaultProvider,
  isSecretIn,
  diffProviderConfig,
  EMPTY_CONFIG,
  engineDecidesConfigDiff,
  providerConfig,
  type ProviderConfig,
} from './config';
import { RequestError, serviceError, UnimplementedError, type Leftover } from './errors';
import type { KindTable, NativeFunction, NativeResourceKind } from './kinds';
import { proto, type pb, type structPb } from './proto';
import { runtimeKinds } from './runtime-kinds';
import { decode, fromStruct, toStruct, union, type Decoded, type Properties } from './values';
import { PROVIDER_KEY } from '../wire';

export interface NativeProviderOptions {
  /** The plugin's version: GetPluginInfo, and the `version` of the schema it serves. */
  version: string;
  /** The schema as JSON text (GetSchema). */
  schema: () => string;
  /** The resource kinds and data sources, made over the runtime the provider creates. */
  table?: (runtime: Runtime) => KindTable;
  /** The runtime's clock, randomness, HTTP options and log (tests); `isSecret` is the provider's own. */
  runtime?: Omit<RuntimeOptions, 'isSecret' | 'config' | 'keys'>;
}

export interface NativeProvider {
  service: IResourceProviderServer;
  close(): Promise<void>;
}

/** The resource type of a request: its `type` field, else the last type of its URN. */
function typeOf(request: { getType(): string; getUrn(): string }, message: string): string {
  const type = request.getType();
  if (type !== '') return type;
  const urn = request.getUrn();
  if (urn === '') throw new RequestError(`${message}.type and ${message}.urn are both empty: the request names no resource type`);
  // urn:pulumi:<stack>::<project>::<parent type>$<type>::<name>
  const parts = urn.split('::');
  const qualified = parts.length >= 4 ? parts[2] : undefined;
  if (!urn.startsWith('urn:pulumi:') || qualified === undefined || qualified === '') {
    throw new RequestError(`${message}.urn is not a Pulumi URN (urn:pulumi:<stack>::<project>::<type>::<name>)`);
  }
  return qualified.split('$').pop() ?? qualified;
}

/**
 * Properties without the dynamic provider's serialized stub: a resource moved from a dynamic type keeps its old
 * outputs until its first read or update, which then leave the stub behind.
 */
function withoutDynamicStub(properties: Properties): Properties {
  const { [PROVIDER_KEY]: _stub, ...own } = properties;
  return own;
}

function required(value: string, field: string, what: string): string {
  if (value === '') throw new RequestError(`${field} is empty: ${what}`);
  return value;
}

function requiredStruct(has: boolean, struct: structPb.Struct | undefined, field: string, what: string): Properties {
  if (!has) throw new RequestError(`${field} is missing: ${what}`);
  return fromStruct(struct);
}

/**
 * Check failures as the engine prints them: it shows a failure's property with its value, so a failure of
 * a property that holds a secret names the property in its reason instead.
 */
function checkFailures(failures: readonly CheckFailure[], secretProperties: ReadonlySet<string>): pb.CheckFailure[] {
  return failures.map((f) => {
    const failure = new (proto().provider.CheckFailure)();
    const hidden = f.property !== '' && secretProperties.has(f.property);
    failure.setProperty(hidden ? '' : f.property);
    failure.setReason(hidden && !f.reason.startsWith(f.property) ? `${f.property}: ${f.reason}` : f.reason);
    return failure;
  });
}

/** The engine's per-property view of a FieldDiff (DiffResponse.detailedDiff). */
function diffResponse(d: FieldDiff, olds: Properties, news: Properties, deleteBeforeReplace: boolean): pb.DiffResponse {
  const { DiffResponse, PropertyDiff } = proto().provider;
  const response = new DiffResponse();
  response.setChanges(d.changed.length > 0 ? DiffResponse.DiffChanges.DIFF_SOME : DiffResponse.DiffChanges.DIFF_NONE);
  response.setDiffsList(d.changed);
  response.setReplacesList(d.replaces);
  response.setHasdetaileddiff(true);
  if (deleteBeforeReplace && d.replaces.length > 0) response.setDeletebeforereplace(true);
  const detailed = response.getDetaileddiffMap();
  for (const key of d.changed) {
    const replace = d.replaces.includes(key);
    const absent = (v: unknown) => v === undefined || v === null;
    const kind = absent(olds[key])
      ? replace
        ? PropertyDiff.Kind.ADD_REPLACE
        : PropertyDiff.Kind.ADD
      : absent(news[key])
        ? replace
          ? PropertyDiff.Kind.DELETE_REPLACE
          : PropertyDiff.Kind.DELETE
        : replace
          ? PropertyDiff.Kind.UPDATE_REPLACE
          : PropertyDiff.Kind.UPDATE;
    const property = new PropertyDiff();
    property.setKind(kind);
    property.setInputdiff(true);
    detailed.set(key, property);
  }
  return response;
}

export function createNativeProvider(options: NativeProviderOptions): NativeProvider {
  const { grpc: g, provider: p, plugin, struct, empty } = proto();
  let config: ProviderConfig = EMPTY_CONFIG;
  const runtime = createRuntime({ ...options.runtime, isSecret: (key) => isSecretIn(config, key) });
  const env = (): Readonly<Record<string, string | undefined>> => options.runtime?.env ?? process.env;
  const table = (options.table ?? runtimeKinds)(runtime);
  const kinds = new Map<string, NativeResourceKind>(table.resources.map((k) => [k.token, k]));
  // Built on the first Invoke: the walletinfra table loads its data sources only then (./runtime-kinds.ts).
  let functionsByToken: Map<string, NativeFunction> | undefined;
  const functions = (): Map<string, NativeFunction> =>
    (functionsByToken ??= new Map<string, NativeFunction>(table.functions.map((f) => [f.token, f])));

  const kindOf = (request: { getType(): string; getUrn(): string }, message: string): NativeResourceKind => {
    const type = typeOf(request, message);
    const kind = kinds.get(type);
    if (kind === undefined) {
      throw new RequestError(
        `unknown resource type ${JSON.stringify(type)} (${message}): the walletinfra provider ${options.version} manages ${[...kinds.keys()].join(', ')}`,
      );
    }
    return kind;
  };
  const declared = (kind: NativeResourceKind): string[] => [...(kind.secretInputs ?? []), ...(kind.secretOutputs ?? [])];
  const toWire = (values: Properties, secrets: ReadonlySet<string>): structPb.Struct => toStruct(struct.Struct, values, secrets);

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

  // The protocol's answer for an optional method a provider does not offer: Parameterize, Construct and Call
  // serve parameterized and component providers, which this one is not. Native providers answer them the same
  // way (github.com/pulumi/pulumi-docker, provider/provider.go: Construct returns codes.Unimplemented).
  const unimplemented = (method: string, why: string) => (): never => {
    throw new UnimplementedError(`${method} is not implemented by the walletinfra provider: ${why}`);
  };

  const configure = (inputs: Decoded, secretsKnown: boolean): void => {
    config = providerConfig(inputs, secretsKnown);
    runtime.context.setConfig(
      (key) => config.values.get(key),
      () => [...config.values.keys()],
    );
    // What CheckConfig could not see: a secret setting stored in plain text (only Configure gets secrets).
    const problems = checkProviderConfig(config, env());
    if (problems.length > 0) throw new ConfigurationError(problems.map((f) => f.reason).join('\n'));
  };

  const service: IResourceProviderServer = {
    // The engine's address also arrives as the process's argument, where ../runtime/report.ts takes it.
    handshake: unary(() => {
      const response = new p.ProviderHandshakeResponse();
      response.setAcceptSecrets(true);
      response.setAcceptResources(false);
      response.setAcceptOutputs(false);
      return response;
    }),
    getPluginInfo: unary(() => {
      const info = new plugin.PluginInfo();
      info.setVersion(options.version);
      return info;
    }),
    getSchema: unary((request: pb.GetSchemaRequest) => {
      if (request.getVersion() !== 0) {
        throw new RequestError(`GetSchemaRequest.version is ${request.getVersion()}: this provider serves schema version 0 only`);
      }
      if (request.getSubpackageName() !== '') {
        throw new RequestError(
          `GetSchemaRequest.subpackageName is ${JSON.stringify(request.getSubpackageName())}: this provider has no subpackages`,
        );
      }
      const schema = JSON.parse(options.schema()) as Record<string, unknown>;
      const response = new p.GetSchemaResponse();
      response.setSchema(JSON.stringify({ ...schema, version: options.version }));
      return response;
    }),

    checkConfig: unary((request: pb.CheckRequest) => {
      const raw = requiredStruct(
        request.hasNews(),
        request.getNews(),
        'CheckRequest.news',
        "the engine sends the provider's configuration there",
      );
      const news = decode(raw);
      const response = new p.CheckResponse();
      // The engine marks again what the stack config stores as secret (./config.ts checkedSecrets).
      response.setInputs(toWire(news.values, checkedSecrets(news, request.getUrn() || request.getName())));
      // ./config.ts leaves the property out of failures of settings that may hold a secret.
      response.setFailuresList(checkFailures(checkProviderConfig(providerConfig(news, false), env()), news.secrets));
      return response;
    }),
    diffConfig: unary((request: pb.DiffRequest) => {
      const news = decode(
        requiredStruct(request.hasNews(), request.getNews(), 'DiffRequest.news', "the engine sends the provider's new configuration there"),
      );
      const olds = decode(request.hasOldInputs() ? fromStruct(request.getOldInputs()) : fromStruct(request.getOlds()));
      const changed = diffProviderConfig(olds, news);
      const response = diffResponse({ changed, replaces: [] }, olds.values, news.values, false);
      if (engineDecidesConfigDiff(changed)) response.setChanges(p.DiffResponse.DiffChanges.DIFF_UNKNOWN);
      return response;
    }),
    configure: unary((request: pb.ConfigureRequest) => {
      if (request.hasArgs()) {
        // Which settings were secret says something about the stack config only for a default provider.
        configure(decode(fromStruct(request.getArgs())), isDefaultProvider(request.getUrn() || (request.getName() ?? '')));
      } else {
        // Engines before structured configuration send `<package>:config:<key>` text variables only.
        const values: Properties = {};
        for (const [key, value] of request.getVariablesMap().entries()) values[key.replace(/^[^:]+:config:/, '')] = value;
        configure({ values, secrets: new Set() }, false);
      }
      const response = new p.ConfigureResponse();
      response.setAcceptsecrets(true);
      response.setSupportspreview(true);
      response.setAcceptresources(false);
      response.setAcceptoutputs(false);
      return response;
    }),

    check: unary(async (request: pb.CheckRequest) => {
      const kind = kindOf(request, 'CheckRequest');
      const news = decode(
        requiredStruct(request.hasNews(), request.getNews(), 'CheckRequest.news', "the engine sends the resource's inputs there"),
      );
      const olds = decode(fromStruct(request.getOlds()));
      const result = await kind.lifecycle.check(olds.values, news.values);
      const secrets = union(news.secrets, kind.secretInputs ?? []);
      const response = new p.CheckResponse();
      response.setInputs(toWire(result.inputs ?? news.values, secrets));
      response.setFailuresList(checkFailures(result.failures ?? [], secrets));
      return response;
    }),
    diff: unary(async (request: pb.DiffRequest) => {
      const kind = kindOf(request, 'DiffRequest');
      const id = required(request.getId(), 'DiffRequest.id', 'the engine sends the id of the object to compare');
      const olds = decode(
        requiredStruct(request.hasOlds(), request.getOlds(), 'DiffRequest.olds', "the engine sends the resource's state there"),
      );
      const news = decode(
        requiredStruct(request.hasNews(), request.getNews(), 'DiffRequest.news', "the engine sends the resource's inputs there"),
      );
      const d = await kind.lifecycle.diff(id, olds.values, news.values);
      const ignored = request.getIgnorechangesList();
      const kept = (keys: readonly string[]) => keys.filter((k) => !ignored.includes(k));
      return diffResponse(
        { changed: kept(d.changed), replaces: kept(d.replaces) },
        olds.values,
        news.values,
        kind.deleteBeforeReplace === true || d.deleteBeforeReplace === true,
      );
    }),
    create: unary(
      async (request: pb.CreateRequest) => {
        const kind = kindOf(request, 'CreateRequest');
        const inputs = decode(
          requiredStruct(
            request.hasProperties(),
            request.getProperties(),
            'CreateRequest.properties',
            "the engine sends the resource's inputs there",
          ),
        );
        const secrets = union(inputs.secrets, declared(kind));
        const response = new p.CreateResponse();
        // A preview's create only says what the outputs will be: the inputs; the rest is unknown until `up`.
        if (request.getPreview()) {
          response.setProperties(toWire(inputs.values, secrets));
          return response;
        }
        const result = await kind.lifecycle.create(inputs.values);
        response.setId(required(result.id, 'the created object id', 'the service returned no id'));
        response.setProperties(toWire(result.outs ?? inputs.values, secrets));
        return response;
      },
      (request) => {
        const inputs = decode(fromStruct(request.getProperties()));
        return { secrets: union(inputs.secrets, declared(kindOf(request, 'CreateRequest'))), inputs: inputs.values };
      },
    ),
    read: unary(async (request: pb.ReadRequest) => {
      const kind = kindOf(request, 'ReadRequest');
      const id = required(
        request.getId(),
        'ReadRequest.id',
        'the engine sends the id of the object to read (the import id for `pulumi import`)',
      );
      const state = decode(fromStruct(request.getProperties()));
      const inputs = decode(fromStruct(request.getInputs()));
      const secrets = union(state.secrets, inputs.secrets, declared(kind));
      const result = await kind.lifecycle.read(id, state.values);
      const response = new p.ReadResponse();
      // No id: the object is gone, and the engine drops the resource from the state.
      if (result.id === undefined || result.id === '') return response;
      response.setId(result.id);
      response.setProperties(toWire(withoutDynamicStub(result.props ?? state.values), secrets));
      if (result.inputs !== undefined) response.setInputs(toWire(withoutDynamicStub(result.inputs), secrets));
      return response;
    }),
    update: unary(
      async (request: pb.UpdateRequest) => {
        const kind = kindOf(request, 'UpdateRequest');
        const id = required(request.getId(), 'UpdateRequest.id', 'the engine sends the id of the object to update');
        const olds = decode(
          requiredStruct(request.hasOlds(), request.getOlds(), 'UpdateRequest.olds', "the engine sends the resource's state there"),
        );
        const news = decode(
          requiredStruct(request.hasNews(), request.getNews(), 'UpdateRequest.news', "the engine sends the resource's inputs there"),
        );
        const secrets = union(news.secrets, declared(kind));
        const response = new p.UpdateResponse();
        if (request.getPreview()) {
          response.setProperties(toWire(withoutDynamicStub({ ...olds.values, ...news.values }), secrets));
          return response;
        }
        const result = await kind.lifecycle.update(id, olds.values, news.values);
        response.setProperties(toWire(withoutDynamicStub(result.outs ?? { ...olds.values, ...news.values }), secrets));
        return response;
      },
      (request) => {
        const news = decode(fromStruct(request.getNews()));
        return { secrets: union(news.secrets, declared(kindOf(request, 'UpdateRequest'))), inputs: news.values };
      },
    ),
    delete: unary(async (request: pb.DeleteRequest) => {
      const kind = kindOf(request, 'DeleteRequest');
      const id = required(request.getId(), 'DeleteRequest.id', 'the engine sends the id of the object to delete');
      await kind.lifecycle.delete(id, decode(fromStruct(request.getProperties())).values);
      return new empty.Empty();
    }),

    invoke: unary(async (request: pb.InvokeRequest) => {
      const token = required(request.getTok(), 'InvokeRequest.tok', 'the engine sends the function token there');
      const fn = functions().get(token);
      if (fn === undefined) {
        const known = [...functions().keys()];
        throw new RequestError(
          `unknown function ${JSON.stringify(token)} (InvokeRequest.tok): the walletinfra provider ${options.version} serves ${known.length > 0 ? known.join(', ') : 'no functions'}`,
        );
      }
      const args = decode(fromStruct(request.getArgs()));
      const result = await fn.invoke(args.values);
      // Results made from a secret argument are secret; the function's own secret results always are.
      const secrets = union(args.secrets.size > 0 ? Object.keys(result.outputs) : [], fn.secretOutputs ?? []);
      const response = new p.InvokeResponse();
      response.setReturn(toWire(result.outputs, secrets));
      response.setFailuresList(checkFailures(result.failures ?? [], args.secrets));
      return response;
    }),

    cancel: unary(() => new empty.Empty()),
    attach: unary(() => new empty.Empty()),
    parameterize: unary(unimplemented('Parameterize', 'it is not a parameterized provider')),
    construct: unary(unimplemented('Construct', 'it has no component resources')),
    call: unary(unimplemented('Call', 'it has no resource methods')),
    getMapping: unary(() => new p.GetMappingResponse()),
    getMappings: unary(() => new p.GetMappingsResponse()),
    // List (streaming every object of a type) is an optional method of newer engines; walletinfra-export and
    // walletinfra-drift's unmanaged-objects report list objects instead, so the engine is told it is not offered.
    list: (call) => {
      call.emit('error', { code: g.status.UNIMPLEMENTED, details: 'List is not implemented by the walletinfra provider' });
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
