// FiatOnRampCredential create/read/update/delete (docs/service-behaviour.md#fiat-on-ramp-credentials). Update is a full re-send (provider, keys),
// so every write encrypts the declared secrets afresh; the outputs keep the ciphertext the service holds
// and a salted fingerprint of each plaintext (./secrets.ts).
import {
  FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
  operations,
  type FiatOnRampCredential as ServiceCredential,
  type RequestOf,
  type SubmitName,
} from '@walletinfra/sdk';
import type * as pulumi from '@pulumi/pulumi';
import type { OrgSession } from '../../session';
import { recordedIfFails } from '../../errors';
import type { ProviderContext } from '../../runtime/context';
import { sameValue } from '../common/diff';
import { findAdoptable, type AdoptSpec } from '../common/fields';
import { liveForUpdate, readObject, type Reader } from '../common/gone';
import { placementOf, selectorOf } from '../common/inputs';
import { takeEarlierCreate } from '../common/interrupted';
import { deleteObject } from '../common/remove';
import { earlierObject, listedById } from '../common/listed';
import { comparable, intentOf, submitWrite, type WriteOutcome } from '../common/write';
import { changedSecrets } from './diff';
import { seal, sealedFromActivity, type Sealed } from './seal';
import {
  fiatInputsFromOutputs,
  fiatOutputsFromLive,
  FIAT_PLAIN_IN_PLACE,
  normalizeFiatInputs,
  SECRET_SLOTS,
  type FiatOnRampCredentialInputs,
  type FiatOnRampCredentialOutputs,
} from './types';

/** FiatOnRampCredential, as the shared steps know it (../common/listed.ts). */
const CREDENTIAL: AdoptSpec<'fiatOnRampCredentials', FiatOnRampCredentialInputs> & Reader<ServiceCredential, FiatOnRampCredentialOutputs> =
  {
    kind: 'fiatOnRampCredentials',
    noun: 'fiat on-ramp credential',
    idOf: (c) => c.fiatOnrampCredentialId,
    table: FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
    form: (c, _desired, session) => liveForm(c, session),
    find: (session, id) => listedById(session, CREDENTIAL, id),
    outputs: fiatOutputsFromLive,
    inputs: fiatInputsFromOutputs,
  };

function desiredOf(inputs: Record<string, unknown>): FiatOnRampCredentialInputs {
  return normalizeFiatInputs(inputs) as unknown as FiatOnRampCredentialInputs;
}

function outputsOf(id: string, desired: FiatOnRampCredentialInputs, sealed: Sealed, session: OrgSession): FiatOnRampCredentialOutputs {
  const out: FiatOnRampCredentialOutputs = {
    fiatOnrampCredentialId: id,
    onrampProvider: desired.onrampProvider,
    projectId: desired.projectId,
    publishableApiKey: desired.publishableApiKey,
    sandboxMode: desired.sandboxMode,
    encryptedSecretApiKey: sealed.encryptedSecretApiKey ?? '',
    ...placementOf({ ...desired, organizationId: session.organizationId }),
  };
  for (const slot of SECRET_SLOTS) {
    if (sealed[slot.encrypted] !== undefined) out[slot.encrypted] = sealed[slot.encrypted] ?? '';
    if (sealed[slot.fingerprint] !== undefined) out[slot.fingerprint] = sealed[slot.fingerprint];
  }
  return out;
}

/** The plain in-place fields (from the field table) and `extra`, '' and absent alike. */
function plainOf(values: object, extra: readonly string[] = []): unknown {
  const v = values as Record<string, unknown>;
  return comparable(Object.fromEntries([...FIAT_PLAIN_IN_PLACE, ...extra].map((k) => [k, v[k]])));
}

/**
 * Earlier activities are matched on everything but the ciphertexts, which are randomised (docs/service-behaviour.md#fiat-on-ramp-credentials)
 * and so differ on every run even for the same secret.
 */
function plainMatch(parameters: Record<string, unknown>, extra: readonly string[]) {
  return (intent: Record<string, unknown>) =>
    sameValue(plainOf(intent, extra), plainOf(parameters, extra)) &&
    (intent.encryptedPrivateApiKey !== undefined) === (parameters.encryptedPrivateApiKey !== undefined);
}

function livePlainMatches(live: ServiceCredential, desired: FiatOnRampCredentialInputs): boolean {
  return sameValue(plainOf(live), plainOf(desired));
}

/** The live credential in the resource's normal form (`sandboxMode` false when absent). */
function liveForm(live: ServiceCredential, session: OrgSession): FiatOnRampCredentialOutputs {
  return fiatOutputsFromLive(live, { organizationId: session.organizationId });
}

/** update_fiat_on_ramp_credential re-sends every in-place field of the table (the service requires them). */
export function updateParameters(
  id: string,
  desired: FiatOnRampCredentialInputs,
  sealed: Sealed,
): RequestOf<'update_fiat_on_ramp_credential'> {
  const values: Record<string, unknown> = {
    onrampProvider: desired.onrampProvider,
    projectId: desired.projectId === '' ? undefined : desired.projectId,
    publishableApiKey: desired.publishableApiKey,
    encryptedSecretApiKey: sealed.encryptedSecretApiKey ?? '',
    encryptedPrivateApiKey: sealed.encryptedPrivateApiKey,
  };
  const inPlace = Object.fromEntries(FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE.inPlace.map((f) => [f, values[f]]));
  return FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE.updateParameters(id, inPlace) as RequestOf<'update_fiat_on_ramp_credential'>;
}

export function createParameters(desired: FiatOnRampCredentialInputs, sealed: Sealed): RequestOf<'create_fiat_on_ramp_credential'> {
  return {
    onrampProvider: desired.onrampProvider,
    ...(desired.projectId !== '' ? { projectId: desired.projectId } : {}),
    publishableApiKey: desired.publishableApiKey,
    encryptedSecretApiKey: sealed.encryptedSecretApiKey ?? '',
    ...(sealed.encryptedPrivateApiKey !== undefined ? { encryptedPrivateApiKey: sealed.encryptedPrivateApiKey } : {}),
    sandboxMode: desired.sandboxMode,
  };
}

/** A full re-send; `previous` is the state, used to recognise an update approved after an earlier run. */
async function write(
  ctx: ProviderContext,
  session: OrgSession,
  live: ServiceCredential,
  desired: FiatOnRampCredentialInputs,
  previous: Partial<FiatOnRampCredentialOutputs>,
): Promise<Sealed> {
  const id = live.fiatOnrampCredentialId;
  const sealed = seal(ctx, session, desired);
  const parameters = updateParameters(id, desired, sealed);
  const intentKey = operations.update_fiat_on_ramp_credential.intentKey;
  const outcome: WriteOutcome<'update_fiat_on_ramp_credential'> = await submitWrite(session, {
    operation: 'update_fiat_on_ramp_credential',
    description: `update ${CREDENTIAL.noun} ${id}`,
    parameters,
    matches: plainMatch(parameters, ['fiatOnrampCredentialId']),
    adoptCompleted: async (_r, activity) =>
      livePlainMatches(live, desired) &&
      live.encryptedSecretApiKey !== previous.encryptedSecretApiKey &&
      intentOf(activity, intentKey).encryptedSecretApiKey === live.encryptedSecretApiKey,
    // Ciphertexts are randomised, so the one this write sent proves it took effect.
    evidence: async () => {
      const now = await listedById(session, CREDENTIAL, id, true);
      return now !== undefined && livePlainMatches(now, desired) && now.encryptedSecretApiKey === sealed.encryptedSecretApiKey
        ? { fiatOnRampCredentialId: id }
        : undefined;
    },
  });
  session.invalidate(CREDENTIAL.kind);
  return heldSeal(sealed, outcome, intentKey);
}

/** The ciphertexts the service holds: this write's own, or those of the earlier run's activity it reused. */
function heldSeal(sealed: Sealed, outcome: WriteOutcome<SubmitName>, intentKey: string): Sealed {
  const own = outcome.via === 'submitted' || outcome.via === 'approved' || outcome.via === 'resolved';
  return own || outcome.activity === undefined ? sealed : sealedFromActivity(sealed, outcome.activity, intentKey);
}

async function adopt(
  ctx: ProviderContext,
  session: OrgSession,
  desired: FiatOnRampCredentialInputs,
): Promise<pulumi.dynamic.CreateResult | undefined> {
  const live = await findAdoptable(session, desired, CREDENTIAL);
  if (live === undefined) return undefined;
  const id = live.fiatOnrampCredentialId;
  // Secrets cannot be compared with what the service holds, so adoption always re-sends them.
  const sealed = await recordedIfFails(
    `adopted ${CREDENTIAL.noun} ${id}, but sending the declared keys failed`,
    id,
    liveForm(live, session),
    () => write(ctx, session, live, desired, {}),
  );
  return { id, outs: outputsOf(id, desired, sealed, session) };
}

export async function createFiatOnRampCredential(
  ctx: ProviderContext,
  inputs: Record<string, unknown>,
): Promise<pulumi.dynamic.CreateResult> {
  const desired = desiredOf(inputs);
  const session = ctx.session(selectorOf(desired));
  const adopted = await adopt(ctx, session, desired);
  if (adopted) return adopted;
  const sealed = seal(ctx, session, desired);
  const parameters = createParameters(desired, sealed);
  const intentKey = operations.create_fiat_on_ramp_credential.intentKey;
  const outcome = await submitWrite(session, {
    operation: 'create_fiat_on_ramp_credential',
    description: `create ${CREDENTIAL.noun} for ${desired.onrampProvider} (${desired.publishableApiKey})`,
    parameters,
    matches: plainMatch(parameters, ['sandboxMode']),
    // Every declared plain field matches, and the ciphertext is still the one the earlier activity sent.
    adoptCompleted: async (r, activity) => {
      const live = await earlierObject(session, CREDENTIAL, r.fiatOnRampCredentialId, activity);
      if (live === undefined || !livePlainMatches(live, desired) || (live.sandboxMode ?? false) !== desired.sandboxMode) return false;
      if (intentOf(activity, intentKey).encryptedSecretApiKey !== live.encryptedSecretApiKey) return false;
      return takeEarlierCreate(ctx, session, CREDENTIAL, r.fiatOnRampCredentialId);
    },
    evidence: async () => {
      const live = (await session.relist(CREDENTIAL.kind)).find((c) => c.encryptedSecretApiKey === sealed.encryptedSecretApiKey);
      return live === undefined ? undefined : { fiatOnRampCredentialId: live.fiatOnrampCredentialId };
    },
  });
  session.invalidate(CREDENTIAL.kind);
  const id = outcome.result.fiatOnRampCredentialId;
  const live = heldSeal(sealed, outcome, intentKey);
  return { id, outs: outputsOf(id, desired, live, session) };
}

export function readFiatOnRampCredential(
  ctx: ProviderContext,
  id: string,
  props: Record<string, unknown>,
): Promise<pulumi.dynamic.ReadResult> {
  return readObject(ctx, id, props, CREDENTIAL);
}

export async function updateFiatOnRampCredential(
  ctx: ProviderContext,
  id: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.UpdateResult> {
  const desired = desiredOf(news);
  const previous = olds as Partial<FiatOnRampCredentialOutputs>;
  const session = ctx.session(selectorOf(desired));
  const live = await liveForUpdate(session, CREDENTIAL, id);
  const ciphertextsMoved = SECRET_SLOTS.some((s) => (live[s.encrypted] || undefined) !== previous[s.encrypted]);
  const needsWrite = !livePlainMatches(live, desired) || changedSecrets(olds, news).length > 0 || ciphertextsMoved;
  if (!needsWrite) {
    const kept: Sealed = { encryptedSecretApiKey: live.encryptedSecretApiKey };
    for (const slot of SECRET_SLOTS) {
      if (live[slot.encrypted]) kept[slot.encrypted] = live[slot.encrypted];
      if (previous[slot.fingerprint] !== undefined) kept[slot.fingerprint] = previous[slot.fingerprint];
    }
    return { outs: outputsOf(id, desired, kept, session) };
  }
  const sealed = await write(ctx, session, live, desired, previous);
  return { outs: outputsOf(id, desired, sealed, session) };
}

export async function deleteFiatOnRampCredential(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<void> {
  const session = ctx.session(selectorOf(props));
  await deleteObject(session, CREDENTIAL, id, {
    operation: 'delete_fiat_on_ramp_credential',
    parameters: { fiatOnrampCredentialId: id },
    deleted: { fiatOnRampCredentialId: id },
  });
}
