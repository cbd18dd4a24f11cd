// Policy create/read/update/delete on the sdk (docs/service-behaviour.md#policies). Reads come from one coalesced
// list_policies per organization; writes go through ../common/write.ts (consensus reuse, lost-response
// resolution, adopting what an interrupted earlier run of the same create committed).
import { POLICY_FIELD_TABLE, type Policy as ServicePolicy, type RequestOf } from '@walletinfra/sdk';
import type * as pulumi from '@pulumi/pulumi';
import type { OrgSession } from '../../session';
import { recordedIfFails } from '../../errors';
import type { ProviderContext } from '../../runtime/context';
import { changedInPlace, findAdoptable, matchesDeclared, type AdoptSpec } from '../common/fields';
import { liveForUpdate, readObject, type Reader } from '../common/gone';
import { selectorOf } from '../common/inputs';
import { takeEarlierCreate } from '../common/interrupted';
import { deleteObject } from '../common/remove';
import { earlierObject, listedById } from '../common/listed';
import { submitWrite } from '../common/write';
import { normalizePolicyInputs, policyInputsFromOutputs, policyOutputsFromLive, type PolicyInputs, type PolicyOutputs } from './types';
import { isNameTaken, nameTaken } from './taken';

/** Policy, as the shared steps know it (../common/listed.ts). */
const POLICY: AdoptSpec<'policies', PolicyInputs> & Reader<ServicePolicy, PolicyOutputs> = {
  kind: 'policies',
  noun: 'policy',
  idOf: (p) => p.policyId,
  table: POLICY_FIELD_TABLE,
  form: policyOutputsFromLive,
  find: (session, id) => listedById(session, POLICY, id),
  outputs: policyOutputsFromLive,
  inputs: policyInputsFromOutputs,
};

function desiredOf(inputs: Record<string, unknown>): PolicyInputs {
  return normalizePolicyInputs(inputs) as unknown as PolicyInputs;
}

function outputsOf(id: string, desired: PolicyInputs, session: OrgSession): PolicyOutputs {
  return { ...desired, organizationId: session.organizationId, policyId: id };
}

/**
 * update_policy with the V2 names (from the field table), sending only the fields that differ from the
 * live object. UNCONFIRMED (docs/service-behaviour.md#policies): an omitted field keeps its value and ''
 * clears it. `time` is sent only when it changes, because organizations without the early-access flag
 * reject the field.
 */
export function updateParameters(live: ServicePolicy, desired: PolicyInputs): RequestOf<'update_policy'> | undefined {
  const changed = changedInPlace(POLICY_FIELD_TABLE, policyOutputsFromLive(live, desired), desired);
  if (Object.keys(changed).length === 0) return undefined;
  return POLICY_FIELD_TABLE.updateParameters(live.policyId, changed) as RequestOf<'update_policy'>;
}

/** create_policy: empty expressions are left out (the service stores them as ''); `notes` is required. */
export function createParameters(desired: PolicyInputs): RequestOf<'create_policy'> {
  return {
    policyName: desired.policyName,
    effect: desired.effect,
    ...(desired.condition !== '' ? { condition: desired.condition } : {}),
    ...(desired.consensus !== '' ? { consensus: desired.consensus } : {}),
    notes: desired.notes,
    ...(desired.time !== '' ? { time: desired.time } : {}),
  };
}

/** Every declared value (the name, which is unique in an organization, and every other field) is the live one. */
function declared(live: ServicePolicy, desired: PolicyInputs): boolean {
  return matchesDeclared(POLICY_FIELD_TABLE, policyOutputsFromLive(live, desired), desired);
}

/** Brings an existing policy to the desired state; no write when it already is. */
async function sync(session: OrgSession, live: ServicePolicy, desired: PolicyInputs): Promise<void> {
  const parameters = updateParameters(live, desired);
  if (parameters === undefined) return;
  await submitWrite(session, {
    operation: 'update_policy',
    description: `update ${POLICY.noun} "${desired.policyName}" (${live.policyId})`,
    parameters,
    evidence: async () => {
      const now = await listedById(session, POLICY, live.policyId, true);
      return now !== undefined && declared(now, desired) ? { policyId: live.policyId } : undefined;
    },
  });
  session.invalidate(POLICY.kind);
}

async function adopt(session: OrgSession, desired: PolicyInputs): Promise<pulumi.dynamic.CreateResult | undefined> {
  const live = await findAdoptable(session, desired, POLICY);
  if (live === undefined) return undefined;
  const id = live.policyId;
  await recordedIfFails(
    `adopted ${POLICY.noun} ${id}, but bringing it to the declared state failed`,
    id,
    policyOutputsFromLive(live, desired),
    () => sync(session, live, desired),
  );
  return { id, outs: outputsOf(id, desired, session) };
}

export async function createPolicy(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult> {
  const desired = desiredOf(inputs);
  const session = ctx.session(selectorOf(desired));
  const adopted = await adopt(session, desired);
  if (adopted) return adopted;
  const create = () =>
    submitWrite(session, {
      operation: 'create_policy',
      description: `create ${POLICY.noun} "${desired.policyName}"`,
      parameters: createParameters(desired),
      adoptCompleted: async (r, activity) => {
        const live = await earlierObject(session, POLICY, r.policyId, activity);
        return live !== undefined && declared(live, desired) && (await takeEarlierCreate(ctx, session, POLICY, r.policyId));
      },
      evidence: async () => {
        const live = (await session.relist(POLICY.kind)).find((p) => p.policyName === desired.policyName);
        return live !== undefined && declared(live, desired) ? { policyId: live.policyId } : undefined;
      },
    });
  let written;
  try {
    written = await create();
  } catch (error) {
    if (!isNameTaken(error)) throw error;
    // A rename in this same update frees the name: wait for it to land (or to be announced, when the
    // renamed resource is declared after this one), then try once more.
    if (!(await ctx.claims.renameFreeing(POLICY.kind, desired.policyName, ctx.claimWaitMs, ctx.sleep))) {
      throw await nameTaken(ctx, session, desired.policyName, error);
    }
    session.invalidate(POLICY.kind);
    try {
      written = await create();
    } catch (again) {
      throw isNameTaken(again) ? await nameTaken(ctx, session, desired.policyName, again) : again;
    }
  }
  session.invalidate(POLICY.kind);
  const { result } = written;
  ctx.claims.own(POLICY.kind, result.policyId);
  return { id: result.policyId, outs: outputsOf(result.policyId, desired, session) };
}

export function readPolicy(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<pulumi.dynamic.ReadResult> {
  return readObject(ctx, id, props, POLICY);
}

export async function updatePolicy(
  ctx: ProviderContext,
  id: string,
  _olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.UpdateResult> {
  const desired = desiredOf(news);
  const session = ctx.session(selectorOf(desired));
  // Compare with the live policy, not with the old state: this also repairs drift nobody refreshed, and
  // finds an update an approver completed after an earlier run stopped waiting.
  const live = await liveForUpdate(session, POLICY, id);
  try {
    await sync(session, live, desired);
  } catch (error) {
    throw isNameTaken(error) && live.policyName !== desired.policyName ? await nameTaken(ctx, session, desired.policyName, error) : error;
  }
  return { outs: outputsOf(id, desired, session) };
}

export async function deletePolicy(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<void> {
  const session = ctx.session(selectorOf(props));
  await deleteObject(session, POLICY, id, {
    operation: 'delete_policy',
    parameters: { policyId: id },
    deleted: { policyId: id },
  });
}
