// Deleting an object that is already gone succeeds. The service's answer
// for an unknown id is [UNCONFIRMED] (docs/service-behaviour.md#unconfirmed-choices), so besides NOT_FOUND any failure is checked
// against a fresh list: if the object is not there, the delete has nothing left to do.
import { NotFoundError } from '@walletinfra/sdk';
import type { ListItems, ListKind, OrgSession } from '../../client';

export async function removeObject<K extends ListKind>(
  session: OrgSession,
  kind: K,
  id: string,
  idOf: (item: ListItems[K]) => string,
  remove: () => Promise<unknown>,
): Promise<void> {
  try {
    await remove();
  } catch (error) {
    if (error instanceof NotFoundError) return;
    session.invalidate(kind);
    const stillThere = (await session.list(kind)).some((item) => idOf(item) === id);
    if (stillThere) throw error;
  } finally {
    session.invalidate(kind);
  }
}
