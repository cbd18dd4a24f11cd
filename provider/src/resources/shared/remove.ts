// Deleting an object that is already gone succeeds (delete is idempotent). The service's answer for an
// unknown id is UNCONFIRMED (docs/service-behaviour.md), so besides NOT_FOUND any failure is checked
// against a fresh list: if the object is not there, the delete has nothing left to do. An object a create
// of this same run adopted from an earlier run (a resource renamed without an alias: the new one is
// created before the old one is deleted) belongs to the new resource and is left alone.
import { NotFoundError } from '@walletinfra/sdk';
import type { ListItems, ListKind, OrgSession } from '../../session';

export async function removeObject<K extends ListKind>(
  session: OrgSession,
  kind: K,
  id: string,
  idOf: (item: ListItems[K]) => string,
  remove: () => Promise<unknown>,
): Promise<void> {
  if (session.history.isClaimed(id)) {
    session.log(`walletinfra: not deleting ${id}: another resource of this update adopted it as its own`);
    return;
  }
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
