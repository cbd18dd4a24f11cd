// One error path for the dynamic provider's methods: an error a user can act on is translated into the words
// of the configuration (../config/explain.ts) and reported once. Translation only: what the report does in the
// dynamic-provider process (drop the shim's copy of the error, send its stack trace to the engine's debug
// log) is installed by that process's entry (./index.ts) from ./process/, and does nothing elsewhere.
import { WalletInfraError } from '@walletinfra/sdk/errors';
import { explainServiceError } from '../config/explain';
import { selectorOf } from '../resources/common/inputs';
import type { ProviderContext } from '../context';
import { dropShimCopy } from './process/stderr-filter';
import { sendTrace, tracesDelivered } from './process/traces';
import type { CheckResult } from '../resources/lifecycle';

/** The error as the user should see it; its shim copy is dropped and its trace sent (where installed). */
function userError(error: unknown, ctx: ProviderContext, props: Record<string, unknown>): unknown {
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
  if (explained instanceof WalletInfraError) {
    dropShimCopy(String(explained));
    const stack = error instanceof Error ? error.stack : undefined;
    if (stack !== undefined) sendTrace(`walletinfra: ${explained.message}\n${stack}`);
  }
  return explained;
}

/** Runs a lifecycle method, translating what it throws. */
export async function guarded<T>(ctx: ProviderContext, props: Record<string, unknown> | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const explained = userError(error, ctx, props ?? {});
    await tracesDelivered();
    throw explained;
  }
}

/** `check` never throws: a setting it cannot resolve is a check failure, printed by the engine once. */
export async function guardedCheck(
  ctx: ProviderContext,
  news: Record<string, unknown>,
  run: () => Promise<CheckResult>,
): Promise<CheckResult> {
  try {
    return await run();
  } catch (error) {
    const explained = userError(error, ctx, news);
    await tracesDelivered();
    if (!(explained instanceof WalletInfraError)) throw explained;
    return { inputs: news, failures: [{ property: '', reason: explained.message }] };
  }
}
