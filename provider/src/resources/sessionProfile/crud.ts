// SessionProfile create/read/update/delete. The service can create and read profiles, nothing else
// (docs.turnkey.com/features/authentication/sessions/session-profiles): every change of a field is a
// replacement (./diff.ts), `update` only records a new `profile` setting, and `delete` leaves the
// profile in the service and says so on stderr, which the engine shows with the operation's output.
import { SESSION_PROFILE_FIELD_TABLE, type RequestOf, type SessionProfile as ServiceSessionProfile } from '@walletinfra/sdk';
import type * as pulumi from '@pulumi/pulumi';
import type { OrgSession } from '../../session';
import type { ProviderContext } from '../../runtime/context';
import { findAdoptable, matchesNaturalKey, type AdoptSpec } from '../common/fields';
import { readObject, type Reader } from '../common/gone';
import { selectorOf } from '../common/inputs';
import { takeEarlierCreate } from '../common/interrupted';
import { earlierObject, listedById } from '../common/listed';
import { submitWrite } from '../common/write';
import {
  liveFields,
  normalizeSessionProfileInputs,
  sessionProfileInputsFromOutputs,
  sessionProfileOutputsFromLive,
  type SessionProfileInputs,
  type SessionProfileOutputs,
} from './types';

/** SessionProfile, as the shared steps know it (../common/listed.ts). */
const SESSION_PROFILE: AdoptSpec<'sessionProfiles', SessionProfileInputs> & Reader<ServiceSessionProfile, SessionProfileOutputs> = {
  kind: 'sessionProfiles',
  noun: 'session profile',
  idOf: (p) => p.sessionProfileId,
  table: SESSION_PROFILE_FIELD_TABLE,
  form: liveFields,
  find: (session, id) => listedById(session, SESSION_PROFILE, id),
  outputs: sessionProfileOutputsFromLive,
  inputs: sessionProfileInputsFromOutputs,
};

function desiredOf(inputs: Record<string, unknown>): SessionProfileInputs {
  return normalizeSessionProfileInputs(inputs) as unknown as SessionProfileInputs;
}

function outputsOf(id: string, desired: SessionProfileInputs, session: OrgSession): SessionProfileOutputs {
  return { ...desired, organizationId: session.organizationId, sessionProfileId: id };
}

export function createParameters(desired: SessionProfileInputs): RequestOf<'create_session_profile'> {
  return {
    sessionProfileName: desired.sessionProfileName,
    scope: desired.scope,
    ...(desired.expirationSeconds !== '' ? { expirationSeconds: desired.expirationSeconds } : {}),
    ...(desired.notes !== '' ? { notes: desired.notes } : {}),
  };
}

/** Nothing to write after adopting: every field is part of the natural key, so a replacement never adopts the profile it replaces. */
async function adopt(session: OrgSession, desired: SessionProfileInputs): Promise<pulumi.dynamic.CreateResult | undefined> {
  const live = await findAdoptable(session, desired, SESSION_PROFILE);
  return live === undefined ? undefined : { id: live.sessionProfileId, outs: outputsOf(live.sessionProfileId, desired, session) };
}

export async function createSessionProfile(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult> {
  const desired = desiredOf(inputs);
  const session = ctx.session(selectorOf(desired));
  const adopted = await adopt(session, desired);
  if (adopted) return adopted;
  const { result } = await submitWrite(session, {
    operation: 'create_session_profile',
    description: `create ${SESSION_PROFILE.noun} "${desired.sessionProfileName}"`,
    parameters: createParameters(desired),
    adoptCompleted: async (r, activity) => {
      const live = await earlierObject(session, SESSION_PROFILE, r.sessionProfileId, activity);
      const declared = live !== undefined && matchesNaturalKey(SESSION_PROFILE_FIELD_TABLE, liveFields(live), desired);
      return declared && (await takeEarlierCreate(ctx, session, SESSION_PROFILE, r.sessionProfileId));
    },
    // A lost response: a profile with every declared field, not already taken by another resource of this run.
    evidence: async () => {
      const live = (await session.relist(SESSION_PROFILE.kind)).find(
        (p) => !session.history.isClaimed(p.sessionProfileId) && matchesNaturalKey(SESSION_PROFILE_FIELD_TABLE, liveFields(p), desired),
      );
      return live === undefined ? undefined : { sessionProfileId: live.sessionProfileId };
    },
  });
  session.invalidate(SESSION_PROFILE.kind);
  return { id: result.sessionProfileId, outs: outputsOf(result.sessionProfileId, desired, session) };
}

export function readSessionProfile(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<pulumi.dynamic.ReadResult> {
  return readObject(ctx, id, props, SESSION_PROFILE);
}

/** Only `profile` (which credentials later calls use) can reach update: every other change replaces. */
export async function updateSessionProfile(
  ctx: ProviderContext,
  id: string,
  _olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.UpdateResult> {
  const desired = desiredOf(news);
  const session = ctx.session(selectorOf(desired));
  return { outs: outputsOf(id, desired, session) };
}

/** The warning `delete` writes (provider README, SessionProfile). */
function leftInPlaceMessage(id: string, props: Record<string, unknown>): string {
  const name = typeof props.sessionProfileName === 'string' ? ` "${props.sessionProfileName}"` : '';
  const org = typeof props.organizationId === 'string' ? ` in organization ${props.organizationId}` : '';
  return (
    `warning: ${SESSION_PROFILE.noun} ${id}${name} was left in place${org}: the service cannot delete session profiles. ` +
    'Pulumi no longer manages it; login activities that name its id can still use it.'
  );
}

export async function deleteSessionProfile(
  _ctx: ProviderContext,
  id: string,
  props: Record<string, unknown>,
  write: (line: string) => void,
): Promise<void> {
  write(leftInPlaceMessage(id, props));
}
