// The gRPC runtime and the protobuf stubs of Pulumi's provider protocol, as the @pulumi/pulumi npm package
// ships them (proto/provider_grpc_pb.js, provider_pb.js, plugin_pb.js, status_pb.js; its dynamic-provider
// host cmd/dynamic-provider/index.js serves the same service with them). Loaded from that package's own
// location, so the server, the stubs and @grpc/grpc-js are the instances @pulumi/pulumi resolves.
import { createRequire } from 'node:module';
import type * as grpcModule from '@grpc/grpc-js';
import type * as anyModule from 'google-protobuf/google/protobuf/any_pb';
import type * as emptyModule from 'google-protobuf/google/protobuf/empty_pb';
import type * as structModule from 'google-protobuf/google/protobuf/struct_pb';
import type * as pluginModule from '@pulumi/pulumi/proto/plugin_pb';
import type * as providerGrpcModule from '@pulumi/pulumi/proto/provider_grpc_pb';
import type * as providerModule from '@pulumi/pulumi/proto/provider_pb';
import type * as statusModule from '@pulumi/pulumi/proto/status_pb';

export interface Proto {
  grpc: typeof grpcModule;
  provider: typeof providerModule;
  providerGrpc: typeof providerGrpcModule;
  plugin: typeof pluginModule;
  status: typeof statusModule;
  struct: typeof structModule;
  empty: typeof emptyModule;
  any: typeof anyModule;
}

let loaded: Proto | undefined;

export function proto(): Proto {
  if (loaded === undefined) {
    const fromPulumi = createRequire(require.resolve('@pulumi/pulumi/package.json'));
    loaded = {
      grpc: fromPulumi('@grpc/grpc-js') as typeof grpcModule,
      provider: fromPulumi('./proto/provider_pb') as typeof providerModule,
      providerGrpc: fromPulumi('./proto/provider_grpc_pb') as typeof providerGrpcModule,
      plugin: fromPulumi('./proto/plugin_pb') as typeof pluginModule,
      status: fromPulumi('./proto/status_pb') as typeof statusModule,
      struct: fromPulumi('google-protobuf/google/protobuf/struct_pb') as typeof structModule,
      empty: fromPulumi('google-protobuf/google/protobuf/empty_pb') as typeof emptyModule,
      any: fromPulumi('google-protobuf/google/protobuf/any_pb') as typeof anyModule,
    };
  }
  return loaded;
}

export type { emptyModule as emptyPb, grpcModule as grpc, providerModule as pb, pluginModule as pluginPb, structModule as structPb };
