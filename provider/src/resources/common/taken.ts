// A create or rename refused because another object holds a value only one object may have (a policy's
// name: "policy label must be unique"). The refusal says neither which object holds it nor what to do;
// this says both: the holder's id, whether a resource of this stack declares it, and the `adopt` line that
// brings a hand-made object under management.
import { InvalidRequestError, WalletInfraError } from '@walletinfra/sdk/errors';
import type { ProviderContext } from '../../context';
import type { OrgSession } from '../../session';
import { readListed, type AnyKind } from '../kind';

export function isValueTaken(error: unknown): boolean {
  return (
    error instanceof WalletInfraError &&
    /label must be unique|name must be unique|already exists/i.test(error.serviceMessage ?? error.message)
  );
}

export async function valueTaken(
  ctx: ProviderContext,
  session: OrgSession,
  kind: AnyKind,
  value: string,
  error: unknown,
): Promise<InvalidRequestError> {
  const property = kind.unique?.property ?? '';
  const listing = kind.shape === 'listed' ? kind.listing : undefined;
  let holder: string | undefined;
  if (listing !== undefined) {
    session.invalidate(listing.list);
    try {
      const items: unknown[] = await readListed(listing, session, false);
      const found = items.find((item) => kind.fromLive(item, { organizationId: session.organizationId })[property] === value);
      holder = found === undefined ? undefined : listing.idOf(found);
    } catch {
      // The explanation below still stands without the id.
    }
  }
  const who = holder === undefined ? `another ${kind.noun}` : `${kind.noun} ${holder}`;
  const where = `in organization ${session.organizationId}`;
  const fix =
    holder !== undefined && ctx.ownership.isDeclared(kind.type, holder)
      ? `Another resource of this stack manages ${who}: two resources declare ${property} "${value}". Give each its own ${property}.`
      : `This stack does not manage it. To manage that ${kind.noun} with this resource, add \`adopt: { id: '${holder ?? `<${kind.noun} id>`}' }\` ` +
        `to it (the ${kind.noun} is then brought to what the resource declares, and \`pulumi destroy\` deletes it); or choose another ${property}.`;
  const operation = kind.shape === 'listed' ? kind.writes.create.operation : undefined;
  return new InvalidRequestError(`${property} "${value}" is already taken by ${who} ${where}. ${fix}`, {
    cause: error,
    ...(error instanceof WalletInfraError && error.status !== undefined ? { status: error.status } : {}),
    ...(operation !== undefined ? { operation: `/public/v1/submit/${operation}` } : {}),
  });
}
