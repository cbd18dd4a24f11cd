// WebhookEndpoint create/read/update/delete (docs/service-behaviour.md#webhook-endpoints). Creating an
// inactive endpoint takes two writes (create has no isActive); if the second fails, the error carries the
// endpoint's id so the engine keeps track of it and the next `pulumi up` finishes the job.
import { WEBHOOK_ENDPOINT_FIELD_TABLE, type RequestOf, type WebhookEndpoint as ServiceWebhookEndpoint } from '@walletinfra/sdk';
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
import {
  normalizeWebhookInputs,
  webhookInputsFromOutputs,
  webhookOutputsFromLive,
  type WebhookEndpointInputs,
  type WebhookEndpointOutputs,
} from './types';

/** WebhookEndpoint, as the shared steps know it (../common/listed.ts). */
const WEBHOOK_ENDPOINT: AdoptSpec<'webhookEndpoints', WebhookEndpointInputs> & Reader<ServiceWebhookEndpoint, WebhookEndpointOutputs> = {
  kind: 'webhookEndpoints',
  noun: 'webhook endpoint',
  idOf: (e) => e.endpointId,
  table: WEBHOOK_ENDPOINT_FIELD_TABLE,
  form: liveForm,
  find: (session, id) => listedById(session, WEBHOOK_ENDPOINT, id),
  outputs: webhookOutputsFromLive,
  inputs: webhookInputsFromOutputs,
};

function desiredOf(inputs: Record<string, unknown>): WebhookEndpointInputs {
  return normalizeWebhookInputs(inputs) as unknown as WebhookEndpointInputs;
}

function outputsOf(id: string, desired: WebhookEndpointInputs, session: OrgSession): WebhookEndpointOutputs {
  return { ...desired, organizationId: session.organizationId, endpointId: id };
}

/** The live endpoint in the resource's normal form (sorted subscriptions), for field-by-field comparison. */
function liveForm(live: ServiceWebhookEndpoint, desired: WebhookEndpointInputs): WebhookEndpointOutputs {
  return webhookOutputsFromLive(live, { organizationId: desired.organizationId });
}

/** Every value create declares (isActive is set by a second write after the create) is the live one. */
function declaredOnCreate(live: ServiceWebhookEndpoint, desired: WebhookEndpointInputs): boolean {
  return matchesDeclared(WEBHOOK_ENDPOINT_FIELD_TABLE, liveForm(live, desired), desired, ['isActive']);
}

/** update_webhook_endpoint with the in-place fields (from the field table) that differ from the live endpoint. */
export function updateParameters(
  live: ServiceWebhookEndpoint,
  desired: WebhookEndpointInputs,
): RequestOf<'update_webhook_endpoint'> | undefined {
  const changed = changedInPlace(WEBHOOK_ENDPOINT_FIELD_TABLE, liveForm(live, desired), desired);
  if (Object.keys(changed).length === 0) return undefined;
  return WEBHOOK_ENDPOINT_FIELD_TABLE.updateParameters(live.endpointId, changed) as RequestOf<'update_webhook_endpoint'>;
}

async function sync(session: OrgSession, live: ServiceWebhookEndpoint, desired: WebhookEndpointInputs): Promise<void> {
  const parameters = updateParameters(live, desired);
  if (parameters === undefined) return;
  await submitWrite(session, {
    operation: 'update_webhook_endpoint',
    description: `update ${WEBHOOK_ENDPOINT.noun} "${desired.name}" (${live.endpointId})`,
    parameters,
    evidence: async () => {
      const now = await listedById(session, WEBHOOK_ENDPOINT, live.endpointId, true);
      return now !== undefined && updateParameters(now, desired) === undefined
        ? { endpointId: now.endpointId, webhookEndpoint: now }
        : undefined;
    },
  });
  session.invalidate(WEBHOOK_ENDPOINT.kind);
}

async function adopt(session: OrgSession, desired: WebhookEndpointInputs): Promise<pulumi.dynamic.CreateResult | undefined> {
  // The natural key holds the replace-only subscriptions too, so a replacement never adopts the endpoint it replaces.
  const live = await findAdoptable(session, desired, WEBHOOK_ENDPOINT);
  if (live === undefined) return undefined;
  const id = live.endpointId;
  await recordedIfFails(
    `adopted ${WEBHOOK_ENDPOINT.noun} ${id}, but bringing it to the declared state failed`,
    id,
    webhookOutputsFromLive(live, { ...desired, organizationId: session.organizationId }),
    () => sync(session, live, desired),
  );
  return { id, outs: outputsOf(id, desired, session) };
}

export function createParameters(desired: WebhookEndpointInputs): RequestOf<'create_webhook_endpoint'> {
  return {
    url: desired.url,
    name: desired.name,
    ...(desired.subscriptions.length > 0 ? { subscriptions: desired.subscriptions.map((s) => ({ ...s })) } : {}),
  };
}

export async function createWebhookEndpoint(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult> {
  const desired = desiredOf(inputs);
  const session = ctx.session(selectorOf(desired));
  const adopted = await adopt(session, desired);
  if (adopted) return adopted;
  const { result } = await submitWrite(session, {
    operation: 'create_webhook_endpoint',
    description: `create ${WEBHOOK_ENDPOINT.noun} "${desired.name}"`,
    parameters: createParameters(desired),
    adoptCompleted: async (r, activity) => {
      const live = await earlierObject(session, WEBHOOK_ENDPOINT, r.endpointId, activity);
      return (
        live !== undefined && declaredOnCreate(live, desired) && (await takeEarlierCreate(ctx, session, WEBHOOK_ENDPOINT, r.endpointId))
      );
    },
    // Endpoints have no unique name: one already claimed by another resource of this run is not evidence.
    evidence: async () => {
      const live = (await session.relist(WEBHOOK_ENDPOINT.kind)).find(
        (e) => declaredOnCreate(e, desired) && !session.history.isClaimed(e.endpointId),
      );
      return live === undefined ? undefined : { endpointId: live.endpointId, webhookEndpoint: live };
    },
  });
  session.invalidate(WEBHOOK_ENDPOINT.kind);
  const id = result.endpointId;
  if (desired.isActive) return { id, outs: outputsOf(id, desired, session) };
  // create_webhook_endpoint has no isActive (an update-only field of the table): pause the new endpoint with a second write.
  const created: ServiceWebhookEndpoint = { ...result.webhookEndpoint, endpointId: id };
  await recordedIfFails(
    `created ${WEBHOOK_ENDPOINT.noun} ${id}, but deactivating it (isActive=false) failed`,
    id,
    webhookOutputsFromLive(created, { ...desired, organizationId: session.organizationId }),
    () => sync(session, created, desired),
  );
  return { id, outs: outputsOf(id, desired, session) };
}

export function readWebhookEndpoint(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<pulumi.dynamic.ReadResult> {
  return readObject(ctx, id, props, WEBHOOK_ENDPOINT);
}

export async function updateWebhookEndpoint(
  ctx: ProviderContext,
  id: string,
  _olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.UpdateResult> {
  const desired = desiredOf(news);
  const session = ctx.session(selectorOf(desired));
  const live = await liveForUpdate(session, WEBHOOK_ENDPOINT, id);
  await sync(session, live, desired);
  return { outs: outputsOf(id, desired, session) };
}

export async function deleteWebhookEndpoint(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<void> {
  const session = ctx.session(selectorOf(props));
  await deleteObject(session, WEBHOOK_ENDPOINT, id, {
    operation: 'delete_webhook_endpoint',
    parameters: { endpointId: id },
    deleted: { endpointId: id },
  });
}
