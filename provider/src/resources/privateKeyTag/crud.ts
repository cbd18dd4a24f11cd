// PrivateKeyTag create/read/update/delete. Reads combine two coalesced lists per organization (tags,
// and private keys for membership); a rename and a membership change go out as ONE update_private_key_tag
// with add/remove sets computed against the live members.
import type { PrivateKeyTag as ServicePrivateKeyTag, RequestOf } from '@walletinfra/sdk';
import type * as pulumi from '@pulumi/pulumi';
import type { OrgSession } from '../../session';
import { recordedIfFails } from '../../errors';
import type { ProviderContext } from '../../runtime/context';
import { cannotAdopt } from '../common/fields';
import { liveForUpdate, readObject, type Reader } from '../common/gone';
import { adoptRequest, selectorOf } from '../common/inputs';
import { takeEarlierCreate } from '../common/interrupted';
import { deleteObject } from '../common/remove';
import { earlierObject, type ObjectSpec } from '../common/listed';
import { submitWrite } from '../common/write';
import {
  liveTags,
  normalizePrivateKeyTagInputs,
  privateKeyTagInputsFromOutputs,
  privateKeyTagOutputsFromLive,
  type LiveTag,
  type PrivateKeyTagInputs,
  type PrivateKeyTagOutputs,
} from './types';

/** PrivateKeyTag, as the shared steps know it (../common/listed.ts): a live tag comes with its members. */
const PRIVATE_KEY_TAG: ObjectSpec<'privateKeyTags'> & Reader<LiveTag, PrivateKeyTagOutputs> = {
  kind: 'privateKeyTags',
  noun: 'private key tag',
  idOf: (t) => t.tagId,
  find: (session, id) => findLive(session, withId(id)),
  outputs: (live, state) => privateKeyTagOutputsFromLive(live.tag, live.members, state),
  inputs: privateKeyTagInputsFromOutputs,
};

function withId(id: string): (t: ServicePrivateKeyTag) => boolean {
  return (t) => PRIVATE_KEY_TAG.idOf(t) === id;
}

function desiredOf(inputs: Record<string, unknown>): PrivateKeyTagInputs {
  return normalizePrivateKeyTagInputs(inputs) as unknown as PrivateKeyTagInputs;
}

function outputsOf(id: string, desired: PrivateKeyTagInputs, session: OrgSession): PrivateKeyTagOutputs {
  return { ...desired, organizationId: session.organizationId, privateKeyTagId: id };
}

function invalidate(session: OrgSession): void {
  session.invalidate(PRIVATE_KEY_TAG.kind);
  session.invalidate('privateKeys');
}

async function findLive(session: OrgSession, match: (t: ServicePrivateKeyTag) => boolean, fresh = false): Promise<LiveTag | undefined> {
  if (fresh) invalidate(session);
  const [tags, keys] = await Promise.all([session.list(PRIVATE_KEY_TAG.kind), session.list('privateKeys')]);
  return liveTags(tags, keys, match)[0];
}

/** update_private_key_tag for what differs from the live tag, or undefined when nothing does. */
export function updateParameters(live: LiveTag, desired: PrivateKeyTagInputs): RequestOf<'update_private_key_tag'> | undefined {
  const current = new Set(live.members);
  const wanted = new Set(desired.privateKeyIds);
  const p: RequestOf<'update_private_key_tag'> = {
    privateKeyTagId: live.tag.tagId,
    addPrivateKeyIds: desired.privateKeyIds.filter((id) => !current.has(id)),
    removePrivateKeyIds: live.members.filter((id) => !wanted.has(id)),
  };
  if (live.tag.tagName !== desired.privateKeyTagName) p.newPrivateKeyTagName = desired.privateKeyTagName;
  const changes = p.addPrivateKeyIds.length + p.removePrivateKeyIds.length + (p.newPrivateKeyTagName !== undefined ? 1 : 0);
  return changes > 0 ? p : undefined;
}

async function sync(session: OrgSession, live: LiveTag, desired: PrivateKeyTagInputs): Promise<void> {
  const parameters = updateParameters(live, desired);
  if (parameters === undefined) return;
  await submitWrite(session, {
    operation: 'update_private_key_tag',
    description: `update ${PRIVATE_KEY_TAG.noun} "${desired.privateKeyTagName}" (${live.tag.tagId})`,
    parameters,
    evidence: async () => {
      const now = await findLive(session, withId(live.tag.tagId), true);
      return now !== undefined && updateParameters(now, desired) === undefined ? { privateKeyTagId: live.tag.tagId } : undefined;
    },
  });
  invalidate(session);
}

async function adopt(session: OrgSession, desired: PrivateKeyTagInputs): Promise<pulumi.dynamic.CreateResult | undefined> {
  const request = adoptRequest(desired.adopt);
  if (request === undefined) return undefined;
  invalidate(session);
  const live = await findLive(session, 'id' in request ? withId(request.id) : (t) => t.tagName === desired.privateKeyTagName);
  if (live === undefined) {
    if ('id' in request) throw cannotAdopt(PRIVATE_KEY_TAG.noun, request.id, session.organizationId);
    return undefined;
  }
  const id = live.tag.tagId;
  const properties = privateKeyTagOutputsFromLive(live.tag, live.members, { ...desired, organizationId: session.organizationId });
  await recordedIfFails(`adopted ${PRIVATE_KEY_TAG.noun} ${id}, but bringing it to the declared state failed`, id, properties, () =>
    sync(session, live, desired),
  );
  return { id, outs: outputsOf(id, desired, session) };
}

export async function createPrivateKeyTag(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult> {
  const desired = desiredOf(inputs);
  const session = ctx.session(selectorOf(desired));
  const adopted = await adopt(session, desired);
  if (adopted) return adopted;
  const { result } = await submitWrite(session, {
    operation: 'create_private_key_tag',
    description: `create ${PRIVATE_KEY_TAG.noun} "${desired.privateKeyTagName}"`,
    parameters: { privateKeyTagName: desired.privateKeyTagName, privateKeyIds: desired.privateKeyIds },
    adoptCompleted: async (r, activity) => {
      if ((await earlierObject(session, PRIVATE_KEY_TAG, r.privateKeyTagId, activity)) === undefined) return false;
      const live = await findLive(session, withId(r.privateKeyTagId), true);
      return (
        live !== undefined &&
        updateParameters(live, desired) === undefined &&
        (await takeEarlierCreate(ctx, session, PRIVATE_KEY_TAG, r.privateKeyTagId))
      );
    },
    evidence: async () => {
      const live = await findLive(session, (t) => t.tagName === desired.privateKeyTagName, true);
      return live !== undefined && updateParameters(live, desired) === undefined
        ? { privateKeyTagId: live.tag.tagId, privateKeyIds: live.members }
        : undefined;
    },
  });
  invalidate(session);
  return { id: result.privateKeyTagId, outs: outputsOf(result.privateKeyTagId, desired, session) };
}

export function readPrivateKeyTag(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<pulumi.dynamic.ReadResult> {
  return readObject(ctx, id, props, PRIVATE_KEY_TAG);
}

export async function updatePrivateKeyTag(
  ctx: ProviderContext,
  id: string,
  _olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.UpdateResult> {
  const desired = desiredOf(news);
  const session = ctx.session(selectorOf(desired));
  // Against the live tag, not the old state: repairs drift nobody refreshed.
  const live = await liveForUpdate(session, PRIVATE_KEY_TAG, id);
  await sync(session, live, desired);
  return { outs: outputsOf(id, desired, session) };
}

export async function deletePrivateKeyTag(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<void> {
  const session = ctx.session(selectorOf(props));
  await deleteObject(session, PRIVATE_KEY_TAG, id, {
    operation: 'delete_private_key_tags',
    parameters: { privateKeyTagIds: [id] },
    deleted: { privateKeyTagIds: [id], privateKeyIds: [] },
  });
  session.invalidate('privateKeys');
}
