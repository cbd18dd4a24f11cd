// An object deleted outside Pulumi, as `read` and `update` meet it: `read` reports it gone (a refresh then
// drops it from the state, and the next `up` recreates it); `update` keeps the resource and fails, asking
// for that refresh.
import { NotFoundError } from '@walletinfra/sdk';
import type * as pulumi from '@pulumi/pulumi';
import type { ProviderContext } from '../../runtime/context';
import type { OrgSession } from '../../session';
import { selectorOf } from './inputs';

function deletedOutsidePulumi(what: string, id: string, organizationId: string): NotFoundError {
  return new NotFoundError(
    `${what} ${id} no longer exists in organization ${organizationId}; run \`pulumi refresh\` so Pulumi can recreate it`,
  );
}

/** How a resource's live object is found by id: undefined when the service no longer has it. */
export type FindLive<L> = (session: OrgSession, id: string) => Promise<L | undefined>;

/** What `read` and `update` need of a resource: its live object, and the outputs and inputs that object implies. */
export interface Reader<L, O> {
  /** The object's kind in messages: `policy`, `webhook endpoint`. */
  noun: string;
  find: FindLive<L>;
  /** The outputs from the live object, keeping what only the state knows (`state` is the stored outputs). */
  outputs(live: L, state: Partial<O> & { organizationId: string }): O;
  inputs(outs: O): object;
}

/** `read` (refresh, import): the live object's outputs and the inputs they imply, or `{ id: '' }` when it is gone. */
export async function readObject<L, O>(
  ctx: ProviderContext,
  id: string,
  props: Record<string, unknown>,
  reader: Reader<L, O>,
): Promise<pulumi.dynamic.ReadResult> {
  const session = ctx.session(selectorOf(props));
  const live = await reader.find(session, id);
  if (live === undefined) return { id: '' };
  const outs = reader.outputs(live, { ...(props as Partial<O>), organizationId: session.organizationId });
  return { id, props: outs, inputs: reader.inputs(outs) };
}

/** The object `update` changes, as the service has it now; the error names it when it is gone. */
export async function liveForUpdate<L>(session: OrgSession, reader: Pick<Reader<L, unknown>, 'noun' | 'find'>, id: string): Promise<L> {
  const live = await reader.find(session, id);
  if (live === undefined) throw deletedOutsidePulumi(reader.noun, id, session.organizationId);
  return live;
}
