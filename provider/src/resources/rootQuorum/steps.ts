// RootQuorum's lifecycle (./spec.ts; docs/service-behaviour.md#root-quorum). The quorum is read with
// get_organization_configs and written whole with update_root_quorum; it always exists, so `create` adopts it
// (writing only when it differs) and `delete` leaves it. Before a write, every member must have a credential
// that can sign: a member whose API key this same update creates is waited for (the key's create tells the
// deployment, ../../deployment.ts), any other is refused before anything is written; so is a quorum without the
// stack's own user while it is a member (read afresh: the quorum may have changed since the preview).
import { InvalidRequestError } from '@walletinfra/sdk';
import type { RootQuorum as ServiceRootQuorum } from '@walletinfra/sdk/schemas';
import type { ProviderContext } from '../../context';
import type { OrgSession } from '../../session';
import { recordedIfFails } from '../../errors';
import { readIdentity } from '../common/identity';
import { adoptRequest, selectorOf } from '../common/inputs';
import { membersWithoutCredential, plannedKeyFor, quorumCredentialReason, quorumWithoutOwnUserReason } from '../common/lockout';
import { memberSet } from '../common/members';
import { submitWrite } from '../common/write';
import { normalize, type InputsOf } from '../kind';
import type { CreateResult, KindSteps, ReadResult, UpdateResult, Values } from '../lifecycle';
import { ROOT_QUORUM_ID, rootQuorum as kind } from './spec';
import { ROOT_QUORUM } from '../../session/lists';

type Desired = InputsOf<typeof kind>;

function desiredOf(inputs: Record<string, unknown>): Desired {
  return normalize(kind, inputs) as unknown as Desired;
}

async function getLive(session: OrgSession, fresh = false): Promise<ServiceRootQuorum> {
  const [quorum] = await (fresh ? session.relist(ROOT_QUORUM) : session.list(ROOT_QUORUM));
  return quorum ?? { threshold: 0, userIds: [] };
}

function inSync(live: ServiceRootQuorum, desired: Desired): boolean {
  return live.threshold === desired.threshold && memberSet(live.userIds).join() === memberSet(desired.userIds).join();
}

function outputsOf(desired: Desired, session: OrgSession): Record<string, unknown> {
  return { ...desired, organizationId: session.organizationId };
}

/**
 * Refuses, before writing, a quorum without the stack's own user while it is a member, and one with a member who
 * cannot sign (a key this update creates is waited for).
 */
async function assertMembersCanSign(ctx: ProviderContext, session: OrgSession, desired: Desired): Promise<void> {
  if (desired.allowLockout) return;
  const planned = plannedKeyFor(ctx, session.organizationId);
  let view = await readIdentity(ctx, session, true);
  const withoutOwnUser = quorumWithoutOwnUserReason(view, desired.userIds);
  if (withoutOwnUser !== undefined) {
    throw InvalidRequestError.fromIssues(`update the root quorum of organization ${session.organizationId}`, [
      { path: 'userIds', message: withoutOwnUser },
    ]);
  }
  let without = membersWithoutCredential(view, desired.userIds, () => false);
  if (without.length === 0) return;
  const waited = await Promise.all(
    without.map((u) => (planned(u.userId) ? ctx.deployment.credentialFor(u.userId) : Promise.resolve(false))),
  );
  if (waited.some(Boolean)) {
    view = await readIdentity(ctx, session, true);
    without = membersWithoutCredential(view, desired.userIds, () => false);
  }
  if (without.length === 0) return;
  throw InvalidRequestError.fromIssues(
    `update the root quorum of organization ${session.organizationId}`,
    without.map((u) => ({
      path: 'userIds',
      message: `${quorumCredentialReason(u)} (A key declared after the RootQuorum is created too late: add it to the RootQuorum's dependsOn.)`,
    })),
  );
}

/** Sets the quorum when the live one differs. */
async function sync(ctx: ProviderContext, session: OrgSession, live: ServiceRootQuorum, desired: Desired): Promise<void> {
  if (inSync(live, desired)) return;
  await assertMembersCanSign(ctx, session, desired);
  await submitWrite(session, {
    operation: 'update_root_quorum',
    description: `set the root quorum of organization ${session.organizationId} to ${desired.threshold} of ${desired.userIds.length}`,
    parameters: { threshold: desired.threshold, userIds: desired.userIds },
    // A lost response: the quorum as the service now holds it says whether the update took effect.
    evidence: async () => (inSync(await getLive(session, true), desired) ? {} : undefined),
  });
  session.invalidate(ROOT_QUORUM);
}

async function create(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<CreateResult> {
  const desired = desiredOf(inputs);
  const session = ctx.session(selectorOf(desired));
  const request = adoptRequest(desired.adopt);
  if (request !== undefined && 'id' in request && request.id !== ROOT_QUORUM_ID) {
    throw InvalidRequestError.fromIssues(`adopt the root quorum of organization ${session.organizationId}`, [
      {
        path: 'adopt.id',
        message: `is "${request.id}", but the root quorum's id is "${ROOT_QUORUM_ID}"; use adopt: { id: "${ROOT_QUORUM_ID}" }`,
      },
    ]);
  }
  const live = await getLive(session, true);
  const properties = kind.fromLive(live, { ...desired, organizationId: session.organizationId });
  await recordedIfFails(`adopted the root quorum, but bringing it to the declared state failed`, ROOT_QUORUM_ID, properties, () =>
    sync(ctx, session, live, desired),
  );
  return { id: ROOT_QUORUM_ID, outs: outputsOf(desired, session) };
}

/** `pulumi import` reads with no state: the id must be the quorum's own. */
async function read(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<ReadResult> {
  const session = ctx.session(selectorOf(props));
  if (props.organizationId === undefined && id !== ROOT_QUORUM_ID) {
    throw InvalidRequestError.fromIssues(`import the root quorum of organization ${session.organizationId}`, [
      { path: 'id', message: `is "${id}", but the root quorum's id is "${ROOT_QUORUM_ID}"; import it with that id` },
    ]);
  }
  const outs = kind.fromLive(await getLive(session), { ...props, organizationId: session.organizationId }) as Record<string, unknown>;
  return { id, props: outs, inputs: outs };
}

async function update(ctx: ProviderContext, _id: string, _olds: Values, news: Values): Promise<UpdateResult> {
  const desired = desiredOf(news);
  const session = ctx.session(selectorOf(desired));
  await sync(ctx, session, await getLive(session, true), desired);
  return { outs: outputsOf(desired, session) };
}

/** Nothing deletes a root quorum: the resource lets go of it and says so. */
function remove(ctx: ProviderContext, _id: string, props: Record<string, unknown>): Promise<void> {
  const org = typeof props.organizationId === 'string' ? ` of organization ${props.organizationId}` : '';
  ctx.warn(
    `warning: the root quorum${org} was left in place: an organization always has one. Pulumi no longer manages it; ` +
      'its members and threshold stay as they are.',
  );
  return Promise.resolve();
}

/** The root quorum's four steps (./spec.ts: the organization's one object, so every step is its own). */
export const steps = { create, read, update, delete: remove } satisfies KindSteps;
