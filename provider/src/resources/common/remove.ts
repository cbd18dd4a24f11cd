// Deleting an object that is already gone succeeds (delete is idempotent). The service's answer for an
// unknown id is UNCONFIRMED (docs/service-behaviour.md), so besides NOT_FOUND any failure is checked
// against a fresh list: if the object is not there, the delete has nothing left to do. An object a create
// of this same run adopted from an earlier run (a resource renamed without an alias: the new one is
// created before the old one is deleted) belongs to the new resource and is left alone.
import { NotFoundError, type RequestOf, type ResultOf, type SubmitName } from '@walletinfra/sdk';
import type { ListKind, OrgSession } from '../../session';
import { listedById, type ObjectSpec } from './listed';
import { submitWrite } from './write';

export interface DeleteRequest<N extends SubmitName> {
  operation: N;
  parameters: RequestOf<N>;
  /** What the delete returns; stands for it when its response was lost and a fresh list no longer has the object. */
  deleted: ResultOf<N>;
}

/** Deletes object `id` of resource `spec` with its delete activity, through ./write.ts. */
export async function deleteObject<K extends ListKind, N extends SubmitName>(
  session: OrgSession,
  spec: ObjectSpec<K>,
  id: string,
  request: DeleteRequest<N>,
): Promise<void> {
  if (session.history.isClaimed(id)) {
    session.log(`walletinfra: not deleting ${id}: another resource of this update adopted it as its own`);
    return;
  }
  const listed = async () => (await listedById(session, spec, id, true)) !== undefined;
  try {
    await submitWrite(session, {
      operation: request.operation,
      description: `delete ${spec.noun} ${id}`,
      parameters: request.parameters,
      evidence: async () => ((await listed()) ? undefined : request.deleted),
    });
  } catch (error) {
    if (error instanceof NotFoundError) return;
    if (await listed()) throw error;
  } finally {
    session.invalidate(spec.kind);
  }
}
