// FiatOnRampCredential's create and update (./spec.ts): every write is a full re-send (provider, keys), so
// each one encrypts the declared secrets afresh; the outputs keep the ciphertext the service holds and a
// salted fingerprint of each plaintext (./secrets.ts). Read and delete are the shared steps.
import { operations, type SubmitName } from '@walletinfra/sdk';
import type { FiatOnRampCredential as ServiceCredential } from '@walletinfra/sdk/schemas';
import { FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { recordedIfFails } from '../../errors';
import type { ProviderContext } from '../../context';
import type { OrgSession } from '../../session';
import { sameValue } from '../common/diff';
import { findAdoptable } from '../common/fields';
import { placementOf, selectorOf } from '../common/inputs';
import { deletedOutsidePulumi, earlierObject, findListed, invalidate } from '../common/listed';
import { comparable, intentOf, submitWrite, type WriteOutcome } from '../common/write';
import { normalize, readListed, type InputsOf } from '../kind';
import { seal, sealedFromActivity, type Sealed } from './seal';
import { changedSecrets, fiatOnRampCredential as kind, SECRET_SLOTS, type FiatOnRampCredentialOutputs } from './spec';
import type { CreateResult, KindSteps, UpdateResult, Values } from '../lifecycle';

type Desired = InputsOf<typeof kind>;

const CIPHERTEXTS: readonly string[] = SECRET_SLOTS.map((s) => s.encrypted);
/** The plain fields an update re-sends: the table's in-place fields, minus the ciphertexts. */
const PLAIN_IN_PLACE = FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE.inPlace.filter((f) => !CIPHERTEXTS.includes(f));

function outputsOf(id: string, desired: Desired, sealed: Sealed, session: OrgSession): FiatOnRampCredentialOutputs {
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
  return comparable(Object.fromEntries([...PLAIN_IN_PLACE, ...extra].map((k) => [k, v[k]])));
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

function livePlainMatches(live: ServiceCredential, desired: Desired): boolean {
  return sameValue(plainOf(live), plainOf(desired));
}

/** The live credential in the resource's normal form (`sandboxMode` false when absent). */
function liveForm(live: ServiceCredential, session: OrgSession): FiatOnRampCredentialOutputs {
  return kind.fromLive(live, { organizationId: session.organizationId }) as FiatOnRampCredentialOutputs;
}

/** update_fiat_on_ramp_credential re-sends every in-place field of the table (the service requires them). */
export function updateParameters(id: string, desired: Desired, sealed: Sealed): Record<string, unknown> {
  const values: Record<string, unknown> = {
    onrampProvider: desired.onrampProvider,
    projectId: desired.projectId === '' ? undefined : desired.projectId,
    publishableApiKey: desired.publishableApiKey,
    encryptedSecretApiKey: sealed.encryptedSecretApiKey ?? '',
    encryptedPrivateApiKey: sealed.encryptedPrivateApiKey,
  };
  const inPlace = Object.fromEntries(FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE.inPlace.map((f) => [f, values[f]]));
  return FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE.updateParameters(id, inPlace);
}

export function createParameters(desired: Desired, sealed: Sealed): Record<string, unknown> {
  return {
    onrampProvider: desired.onrampProvider,
    ...(desired.projectId !== '' ? { projectId: desired.projectId } : {}),
    publishableApiKey: desired.publishableApiKey,
    encryptedSecretApiKey: sealed.encryptedSecretApiKey ?? '',
    ...(sealed.encryptedPrivateApiKey !== undefined ? { encryptedPrivateApiKey: sealed.encryptedPrivateApiKey } : {}),
    sandboxMode: desired.sandboxMode,
  };
}

/** The ciphertexts the service holds: this write's own, or those of the earlier run's activity it reused. */
function heldSeal(sealed: Sealed, outcome: WriteOutcome<SubmitName>, intentKey: string): Sealed {
  const own = outcome.via === 'submitted' || outcome.via === 'approved' || outcome.via === 'resolved';
  return own || outcome.activity === undefined ? sealed : sealedFromActivity(sealed, outcome.activity, intentKey);
}

/** A full re-send; `previous` is the state, used to recognise an update approved after an earlier run. */
async function write(
  ctx: ProviderContext,
  session: OrgSession,
  live: ServiceCredential,
  desired: Desired,
  previous: Partial<FiatOnRampCredentialOutputs>,
): Promise<Sealed> {
  const id = live.fiatOnrampCredentialId;
  const sealed = seal(ctx, session, desired);
  const parameters = updateParameters(id, desired, sealed);
  const intentKey = operations.update_fiat_on_ramp_credential.intentKey;
  const outcome: WriteOutcome<SubmitName> = await submitWrite(session, {
    operation: 'update_fiat_on_ramp_credential',
    description: `update ${kind.noun} ${id}`,
    parameters: parameters as never,
    matches: plainMatch(parameters, ['fiatOnrampCredentialId']),
    adoptCompleted: (_r, activity) =>
      Promise.resolve(
        livePlainMatches(live, desired) &&
          live.encryptedSecretApiKey !== previous.encryptedSecretApiKey &&
          intentOf(activity, intentKey).encryptedSecretApiKey === live.encryptedSecretApiKey,
      ),
    // Ciphertexts are randomised, so the one this write sent proves it took effect.
    evidence: async () => {
      const now = (await findListed(kind, session, id, true)) as ServiceCredential | undefined;
      return now !== undefined && livePlainMatches(now, desired) && now.encryptedSecretApiKey === sealed.encryptedSecretApiKey
        ? { fiatOnRampCredentialId: id }
        : undefined;
    },
  });
  invalidate(kind, session);
  return heldSeal(sealed, outcome, intentKey);
}

async function adopt(ctx: ProviderContext, session: OrgSession, desired: Desired): Promise<CreateResult | undefined> {
  const live = await findAdoptable(session, desired, {
    noun: kind.noun,
    table: kind.table,
    items: () => readListed(kind.listing, session, true),
    idOf: (c: ServiceCredential) => c.fiatOnrampCredentialId,
    current: (c: ServiceCredential) => liveForm(c, session),
  });
  if (live === undefined) return undefined;
  const id = live.fiatOnrampCredentialId;
  // Secrets cannot be compared with what the service holds, so adoption always re-sends them.
  const sealed = await recordedIfFails(
    `adopted ${kind.noun} ${id}, but sending the declared keys failed`,
    id,
    liveForm(live, session),
    () => write(ctx, session, live, desired, {}),
  );
  return { id, outs: outputsOf(id, desired, sealed, session) };
}

async function create(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<CreateResult> {
  const desired = normalize(kind, inputs) as unknown as Desired;
  const session = ctx.session(selectorOf(desired));
  const adopted = await adopt(ctx, session, desired);
  if (adopted) return adopted;
  const sealed = seal(ctx, session, desired);
  const parameters = createParameters(desired, sealed);
  const intentKey = operations.create_fiat_on_ramp_credential.intentKey;
  const outcome = await submitWrite(session, {
    operation: 'create_fiat_on_ramp_credential',
    description: `create ${kind.noun} for ${desired.onrampProvider} (${desired.publishableApiKey})`,
    parameters: parameters as never,
    matches: plainMatch(parameters, ['sandboxMode']),
    // Every declared plain field matches, and the ciphertext is still the one the earlier activity sent.
    adoptCompleted: async (r, activity) => {
      const live = (await earlierObject(kind, session, r.fiatOnRampCredentialId, activity)) as ServiceCredential | undefined;
      if (live === undefined || !livePlainMatches(live, desired) || (live.sandboxMode ?? false) !== desired.sandboxMode) return false;
      if (intentOf(activity, intentKey).encryptedSecretApiKey !== live.encryptedSecretApiKey) return false;
      return ctx.ownership.adoptEarlierCreate(kind.type, r.fiatOnRampCredentialId);
    },
    evidence: async () => {
      const items = await readListed(kind.listing, session, true);
      const live = items.find((c) => c.encryptedSecretApiKey === sealed.encryptedSecretApiKey);
      return live === undefined ? undefined : { fiatOnRampCredentialId: live.fiatOnrampCredentialId };
    },
  });
  invalidate(kind, session);
  const id = outcome.result.fiatOnRampCredentialId;
  ctx.ownership.declare(kind.type, id);
  const live = heldSeal(sealed, outcome, intentKey);
  return { id, outs: outputsOf(id, desired, live, session) };
}

async function update(ctx: ProviderContext, id: string, olds: Values, news: Values): Promise<UpdateResult> {
  const desired = normalize(kind, news) as unknown as Desired;
  const previous = olds as Partial<FiatOnRampCredentialOutputs>;
  const session = ctx.session(selectorOf(desired));
  const live = (await findListed(kind, session, id)) as ServiceCredential | undefined;
  if (live === undefined) throw deletedOutsidePulumi(kind.noun, id, session.organizationId);
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

/**
 * The on-ramp credential's own create and update (every write seals the declared secrets afresh); read and delete
 * are the shared steps of a listed kind (../common/listed.ts).
 */
export const steps = { create, update } satisfies Partial<KindSteps>;
