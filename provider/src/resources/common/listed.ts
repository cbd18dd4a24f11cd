// One resource as the shared steps know it: where the service lists its objects, what messages call one,
// and how a listed object's id is read. Each resources/*/crud.ts declares its resource once, extended with
// what the steps it uses need (./fields.ts adopt, ./gone.ts read and update, ./remove.ts delete).
import type { Activity } from '@walletinfra/sdk';
import type { ListItems, ListKind, OrgSession } from '../../session';

export interface ObjectSpec<K extends ListKind> {
  /** Where the service lists the objects (one coalesced list per organization). */
  kind: K;
  /** The object's kind in messages: `policy`, `webhook endpoint`. */
  noun: string;
  /** A listed object's id. */
  idOf(item: ListItems[K]): string;
}

/** The listed object with id `id`, from the session's list (a fresh one with `fresh`); undefined when none has it. */
export async function listedById<K extends ListKind>(
  session: OrgSession,
  spec: ObjectSpec<K>,
  id: string,
  fresh = false,
): Promise<ListItems[K] | undefined> {
  const items = fresh ? await session.relist(spec.kind) : await session.list(spec.kind);
  return items.find((item) => spec.idOf(item) === id);
}

/**
 * Object `id`, which the completed create `activity` of an earlier run made, read after the activity
 * history showed that create; undefined when it is gone. One list read after the history serves every
 * create of the process (an object it lacks is gone for good: ids are never reused); an object it shows
 * is read fresh unless that list was read for this very question.
 */
export async function earlierObject<K extends ListKind>(
  session: OrgSession,
  spec: ObjectSpec<K>,
  id: string,
  activity: Activity,
): Promise<ListItems[K] | undefined> {
  const census = session.listedAfter(spec.kind, activity);
  const listed = (await census.items).find((item) => spec.idOf(item) === id);
  return listed === undefined || census.fresh ? listed : listedById(session, spec, id, true);
}
