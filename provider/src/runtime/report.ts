// One error path for the dynamic provider's methods: an error a user can act on is translated into the words
// of the configuration (../config/explain.ts) and printed once. The Node shim prints `${e}: ${e.stack}` to
// stderr for failed check/diff/read/delete before returning the message to the engine, which prints it again
// (cmd/dynamic-provider/index.js in @pulumi/pulumi); for our own errors that copy is dropped, unless
// WALLETINFRA_DEBUG=1 asks for stack traces.
import { WalletInfraError } from '@walletinfra/sdk';
import type * as pulumi from '@pulumi/pulumi';
import { explainServiceError } from '../config/explain';
import { selectorOf } from '../resources/shared/inputs';
import type { ProviderContext } from './context';

export function debugRequested(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env.WALLETINFRA_DEBUG === '1' || env.WALLETINFRA_DEBUG === 'true';
}

const quiet = new Set<string>();

/** Installs the filter for the shim's copy of our errors (once per process). */
let installed = false;
export function installStderrFilter(): void {
  if (installed || debugRequested()) return;
  installed = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const first = args[0];
    if (args.length === 1 && typeof first === 'string') {
      for (const text of quiet) {
        if (first.startsWith(text)) {
          quiet.delete(text);
          return;
        }
      }
    }
    original(...args);
  };
}

/** The error as the user should see it; its shim copy is silenced. */
export function userError(error: unknown, ctx: ProviderContext, props: Record<string, unknown>): unknown {
  const selector = selectorOf(props);
  let baseUrl = '';
  let onRampEncryptionPublicKey: string | undefined;
  try {
    const endpoints = ctx.endpoints(selector);
    baseUrl = endpoints.baseUrl;
    onRampEncryptionPublicKey = endpoints.onRampEncryptionPublicKey;
  } catch {
    // The settings themselves are wrong: the error already says so.
  }
  const explained = explainServiceError(error, {
    sources: ctx.sources(),
    selector,
    baseUrl,
    ...(onRampEncryptionPublicKey !== undefined ? { onRampEncryptionPublicKey } : {}),
  });
  if (explained instanceof WalletInfraError) quiet.add(String(explained));
  return explained;
}

/** Runs a lifecycle method, translating what it throws. */
export async function guarded<T>(ctx: ProviderContext, props: Record<string, unknown> | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw userError(error, ctx, props ?? {});
  }
}

/** `check` never throws: a setting it cannot resolve is a check failure, printed by the engine once. */
export async function guardedCheck(
  ctx: ProviderContext,
  news: Record<string, unknown>,
  run: () => pulumi.dynamic.CheckResult,
): Promise<pulumi.dynamic.CheckResult> {
  try {
    return run();
  } catch (error) {
    const explained = userError(error, ctx, news);
    if (!(explained instanceof WalletInfraError)) throw explained;
    return { inputs: news, failures: [{ property: '', reason: explained.message }] };
  }
}
