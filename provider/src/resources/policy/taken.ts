// The service refuses a second policy with the same name ("policy label must be unique"). The refusal says
// neither which policy holds the name nor what to do; this says both: the holder's id, whether a resource of
// this stack declares it, and the `adopt` line that brings a hand-made policy under management.
import { InvalidRequestError, WalletInfraError } from '@walletinfra/sdk';
import type { OrgSession } from '../../session';
import type { ProviderContext } from '../../runtime/context';

export function isNameTaken(error: unknown): boolean {
  return error instanceof WalletInfraError && /label must be unique|already exists/i.test(error.serviceMessage ?? error.message);
}

export async function nameTaken(
  ctx: ProviderContext,
  session: OrgSession,
  policyName: string,
  error: unknown,
): Promise<InvalidRequestError> {
  session.invalidate('policies');
  let holder: string | undefined;
  try {
    holder = (await session.list('policies')).find((p) => p.policyName === policyName)?.policyId;
  } catch {
    // The explanation below still stands without the id.
  }
  const who = holder === undefined ? 'another policy' : `policy ${holder}`;
  const where = `in organization ${session.organizationId}`;
  const fix =
    holder !== undefined && ctx.claims.isDeclared('policies', holder)
      ? `Another resource of this stack manages ${who}: two resources declare policyName "${policyName}". Give each its own policyName.`
      : `This stack does not manage it. To manage that policy with this resource, add \`adopt: { id: '${holder ?? '<policy id>'}' }\` ` +
        `to it (the policy is then brought to what the resource declares, and \`pulumi destroy\` deletes it); or choose another policyName.`;
  return new InvalidRequestError(`policyName "${policyName}" is already taken by ${who} ${where}. ${fix}`, {
    cause: error,
    ...(error instanceof WalletInfraError && error.status !== undefined ? { status: error.status } : {}),
    operation: '/public/v1/submit/create_policy',
  });
}
