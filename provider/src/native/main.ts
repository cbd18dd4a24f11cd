// The process the engine starts as `pulumi-resource-walletinfra <engine address>`: it serves the provider
// on a loopback port and prints that port, alone on a line, on stdout, which is how the engine learns
// where to connect (a plugin's first stdout line, newPlugin in sdk/go/common/resource/plugin/plugin.go of
// github.com/pulumi/pulumi). Everything else goes to stderr, which the engine shows. zod's translated messages load
// only if asked for (../runtime/process/lazy-locales.ts, imported first so that it runs before anything loads zod).
import '../runtime/process/lazy-locales';
import { installRecordingFromEnv, installWasmTieringHold } from '@walletinfra/sdk/process';
import { ownVersion } from '../cli/run';
import { installTraces } from '../runtime/process/traces';
import { installWarnings, sendWarning } from '../runtime/process/warnings';
import type * as SchemaModule from './schema';
import { createNativeProvider, serveProvider } from './server';

export async function main(argv: readonly string[] = process.argv): Promise<void> {
  // As the dynamic provider's process does (../runtime/index.ts): stack traces of our errors go to the
  // engine's debug log (`pulumi up --debug`), undici's WebAssembly parser stays on V8's baseline tier, and
  // with WALLETINFRA_RECORD_FILE set every exchange joins that recording. No stderr filter: there is no shim
  // here printing a second copy of our errors. Warnings (a policy's missing contract interface, the linter's
  // findings) go to the engine as warnings.
  installTraces(argv);
  installWarnings(argv);
  installWasmTieringHold();
  installRecordingFromEnv('provider');
  // The schema is generated from the declarations of every kind and data source (./schema): only GetSchema loads it.
  const schema = (): string => (require('./schema') as typeof SchemaModule).schemaText(); // eslint-disable-line @typescript-eslint/no-require-imports -- loaded on the first GetSchema
  const provider = createNativeProvider({ version: ownVersion(), schema, runtime: { warn: (line) => sendWarning(line) } });
  const serving = await serveProvider(provider);
  process.stdout.write(`${serving.port}\n`);
  // The engine ends a plugin with SIGINT (or SIGKILL after a grace period): finish what is in flight first.
  const stop = (): void => {
    serving.shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
