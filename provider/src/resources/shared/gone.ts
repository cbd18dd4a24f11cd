// The error an update raises when the object it should change was deleted outside Pulumi: the engine
// keeps the resource, and a refresh records it as gone so the next `up` recreates it.
import { NotFoundError } from '@walletinfra/sdk';

export function deletedOutsidePulumi(what: string, id: string, organizationId: string): NotFoundError {
  return new NotFoundError(
    `${what} ${id} no longer exists in organization ${organizationId}; run \`pulumi refresh\` so Pulumi can recreate it`,
  );
}
