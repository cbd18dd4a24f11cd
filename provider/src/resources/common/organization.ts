// `check` records the organization a resource lives in as an input (resolved from the resource's
// `organizationId`, its profile, or the default credentials), so that pointing a stack at another
// organization shows up in the preview as a replacement instead of acting on the wrong one.
import { WalletInfraError } from '@walletinfra/sdk/errors';
import type { ProviderContext } from '../../context';
import { containsUnknown } from '../../wire';
import type { CheckFailure } from './check';
import { selectorOf } from './inputs';
import type { CheckResult } from '../lifecycle';

/** Fills `inputs.organizationId` in place; returns a failure when it cannot be resolved. */
function resolveInputOrganization(ctx: ProviderContext, inputs: Record<string, unknown>, reported: Set<string>): CheckFailure[] {
  if (reported.has('organizationId') || reported.has('profile')) return [];
  if (containsUnknown(inputs.organizationId) || containsUnknown(inputs.profile)) return [];
  try {
    inputs.organizationId = ctx.organizationId(selectorOf(inputs));
    return [];
  } catch (error) {
    if (!(error instanceof WalletInfraError)) throw error;
    return [{ property: inputs.profile !== undefined ? 'profile' : 'organizationId', reason: error.message }];
  }
}

/**
 * The end of every `check`: the inputs in normal form with their organization filled in (unless a
 * failure already concerns `organizationId` or `profile`), and the failures, if any.
 */
export function checkResult(ctx: ProviderContext, inputs: Record<string, unknown>, failures: CheckFailure[]): CheckResult {
  const all = [...failures, ...resolveInputOrganization(ctx, inputs, new Set(failures.map((f) => f.property)))];
  return all.length > 0 ? { inputs, failures: all } : { inputs };
}
