// The shared create/read/update/delete of every listed kind: objects the service lists and addresses by id
// (../kind.ts `listing` and `writes`). A kind declares what differs (each write's request, its normal form,
// how a result names the object); the steps here are the same for all of them:
//
// - create: adopt the object `adopt` names, or submit the create through ./write.ts (an activity still
//   waiting is waited on, an earlier run's completed create adopted, a lost response resolved); a value
//   only one object may hold that a rename in the same update frees is waited for; the fields a create
//   cannot set are written right after it.
// - read: the live object from one coalesced list, or gone (a refresh then drops it).
// - update: against the live object, not the old state (this also repairs drift nobody refreshed), sending
//   only what differs.
// - delete: idempotent; an object another resource of this update adopted is left alone.
import { InvalidRequestError, NotFoundError } from '@walletinfra/sdk/errors';
import { recordedIfFails } from '../../errors';
import type { ProviderContext } from '../../context';
import type { OrgSession } from '../../session';
import { inputsOfOutputs, normalize, readListed, type AnyListedKind } from '../kind';
import type { CreateResult, ReadResult, Steps, UpdateResult } from '../lifecycle';
import { changedInPlace, findAdoptable, matchesDeclared } from './fields';
import { selectorOf } from './inputs';
import { isValueTaken, valueTaken } from './taken';
import { submitWrite } from './write';
import type { SubmitName } from '@walletinfra/sdk';
import type { Activity } from '@walletinfra/sdk/schemas';

type Values = Record<string, unknown>;
type Listed = AnyListedKind;

/** The object with id `id`, from the session's list (a fresh one with `fresh`); undefined when the service has none. */
export async function findListed(k: Listed, session: OrgSession, id: string, fresh = false): Promise<unknown> {
  return (await readListed(k.listing, session, fresh)).find((item) => k.listing.idOf(item) === id);
}

/** After a write of the kind, no read in this process sees the lists from before it. */
export function invalidate(k: Listed, session: OrgSession): void {
  session.invalidate(k.listing.list);
  for (const list of k.listing.alsoReads ?? []) session.invalidate(list);
}

/** The live object in the kind's normal form, placed like the desired state, for field-by-field comparison. */
function currentOf(k: Listed, live: unknown, desired: Values): Values {
  return k.fromLive(live, { organizationId: String(desired.organizationId) });
}

/** The fields a create cannot set (the field table's update-only ones): a write right after the create sets them. */
function updateOnlyFields(kind: Listed): string[] {
  return kind.table.fields.filter((f) => !f.onCreate).map((f) => f.field);
}

/** Does a live object have every value a create declares (those a create cannot set excepted)? */
function declaredOnCreate(k: Listed, live: unknown, desired: Values): boolean {
  return matchesDeclared(k.table, currentOf(k, live, desired), desired, updateOnlyFields(k));
}

/** The update's request for what differs from the live object, or undefined when nothing does. */
export function updateRequest(k: Listed, live: unknown, desired: Values): Values | undefined {
  const update = k.writes.update;
  if (update === undefined) return undefined;
  const current = currentOf(k, live, desired);
  if (update.toRequest !== undefined) return update.toRequest(live, desired, current);
  const changed = changedInPlace(k.table, current, desired);
  return Object.keys(changed).length === 0 ? undefined : k.table.updateParameters(k.listing.idOf(live), changed);
}

/** The create's request: the kind's own, or every create-intent field with a value ('' and absent left out). */
export function createRequest(k: Listed, desired: Values): Values {
  if (k.writes.create.toRequest !== undefined) return k.writes.create.toRequest(desired);
  const fields = Object.keys(k.table.create.shape);
  return Object.fromEntries(fields.filter((f) => desired[f] !== undefined && desired[f] !== '').map((f) => [f, desired[f]]));
}

function outputsOf(k: Listed, id: string, desired: Values, session: OrgSession): Values {
  return { ...desired, organizationId: session.organizationId, [k.idProperty]: id };
}

/** Brings an existing object to the desired state; no write when it already is. */
async function sync(k: Listed, session: OrgSession, live: unknown, desired: Values): Promise<void> {
  const update = k.writes.update;
  const parameters = updateRequest(k, live, desired);
  if (update === undefined || parameters === undefined) return;
  const id = k.listing.idOf(live);
  const writes = update.split?.(parameters) ?? [{ operation: update.operation, parameters }];
  for (const write of writes) {
    await submitWrite(session, {
      operation: write.operation as SubmitName,
      description: `update ${k.noun} ${k.writes.create.label(desired)} (${id})`,
      parameters: write.parameters,
      // A lost response: the object shows this write's effect when no write of the same activity is left to do.
      evidence: async () => {
        const now = await findListed(k, session, id, true);
        const rest = now === undefined ? undefined : updateRequest(k, now, desired);
        const left = rest === undefined ? [] : (update.split?.(rest) ?? [{ operation: update.operation, parameters: rest }]);
        return now !== undefined && !left.some((w) => w.operation === write.operation) ? update.resultOf(now) : undefined;
      },
    });
    invalidate(k, session);
  }
}

async function adopt(k: Listed, session: OrgSession, desired: Values): Promise<CreateResult | undefined> {
  const live: unknown = await findAdoptable(session, desired, {
    noun: k.noun,
    table: k.table,
    items: () => readListed(k.listing, session, true),
    idOf: (item) => k.listing.idOf(item),
    current: (item) => currentOf(k, item, desired),
  });
  if (live === undefined) return undefined;
  const id = k.listing.idOf(live);
  const properties = k.fromLive(live, { ...desired, organizationId: session.organizationId });
  await recordedIfFails(`adopted ${k.noun} ${id}, but bringing it to the declared state failed`, id, properties, () =>
    sync(k, session, live, desired),
  );
  return { id, outs: outputsOf(k, id, desired, session) };
}

/**
 * Object `id`, which the completed create `activity` of an earlier run made, read after the activity history
 * showed that create; undefined when it is gone. One list read after the history serves every create of the
 * process (ids are never reused, so an object it lacks is gone for good); an object it shows is read fresh
 * unless that list was read for this very question, or when the kind's live object joins several lists.
 */
export async function earlierObject(k: Listed, session: OrgSession, id: string, activity: Activity): Promise<unknown> {
  const census = session.listedAfter(k.listing.list, activity);
  const idsOf = k.listing.listedIds ?? ((item: unknown) => [k.listing.idOf(item)]);
  const listed = (await census.items).find((item) => idsOf(item).includes(id));
  if (listed === undefined) return undefined;
  return census.fresh && k.listing.read === undefined ? listed : findListed(k, session, id, true);
}

async function create(ctx: ProviderContext, k: Listed, inputs: Values): Promise<CreateResult> {
  const desired = normalize(k, inputs);
  const session = ctx.session(selectorOf(desired));
  const adopted = await adopt(k, session, desired);
  if (adopted !== undefined) return adopted;
  const { create: step } = k.writes;
  const submit = () =>
    submitWrite(session, {
      operation: step.operation as SubmitName,
      description: `create ${k.noun} ${step.label(desired)}`,
      parameters: createRequest(k, desired),
      adoptCompleted: async (result: Values, activity: Activity) => {
        const id = step.resultId(result);
        const live = await earlierObject(k, session, id, activity);
        return live !== undefined && declaredOnCreate(k, live, desired) && (await ctx.ownership.adoptEarlierCreate(k.type, id));
      },
      // A lost response: an object with every declared value that no other resource of this run took.
      evidence: async () => {
        const live: unknown = (await readListed(k.listing, session, true)).find(
          (item) => declaredOnCreate(k, item, desired) && !ctx.ownership.takenFromEarlierRun(k.type, k.listing.idOf(item)),
        );
        return live === undefined ? undefined : step.resultOf(live);
      },
    });
  const written = k.unique === undefined ? await submit() : await submitFreeingValue(ctx, session, k, desired, submit);
  invalidate(k, session);
  const result = written.result as Values;
  const id = step.resultId(result);
  ctx.ownership.declare(k.type, id);
  step.created?.(ctx, desired, id);
  const outs = outputsOf(k, id, desired, session);
  if (k.writes.update === undefined || updateOnlyFields(k).length === 0) return { id, outs };
  const created: unknown = step.liveOf?.(result, id) ?? (await findListed(k, session, id, true));
  if (created === undefined || updateRequest(k, created, desired) === undefined) return { id, outs };
  const what = step.secondWrite?.(desired) ?? `setting ${updateOnlyFields(k).join(', ')}`;
  const properties = k.fromLive(created, { ...desired, organizationId: session.organizationId });
  await recordedIfFails(`created ${k.noun} ${id}, but ${what} failed`, id, properties, () => sync(k, session, created, desired));
  return { id, outs };
}

/**
 * Submits a create of an object whose `unique` value (a policy's name) is taken: a rename in this same update
 * may free it (the renamed resource can be declared after this one), so the create waits for that rename to
 * land and tries once more; otherwise the refusal says who holds the value and how to proceed.
 */
async function submitFreeingValue<T>(
  ctx: ProviderContext,
  session: OrgSession,
  k: Listed,
  desired: Values,
  submit: () => Promise<T>,
): Promise<T> {
  const property = k.unique?.property as string;
  const value = String(desired[property]);
  try {
    return await submit();
  } catch (error) {
    if (!isValueTaken(error)) throw error;
    if (!(await ctx.ownership.renameFreeing(k.type, value))) {
      throw await valueTaken(ctx, session, k, value, error);
    }
    invalidate(k, session);
    try {
      return await submit();
    } catch (again) {
      throw isValueTaken(again) ? await valueTaken(ctx, session, k, value, again) : again;
    }
  }
}

export function deletedOutsidePulumi(noun: string, id: string, organizationId: string): NotFoundError {
  return new NotFoundError(
    `${noun} ${id} no longer exists in organization ${organizationId}; run \`pulumi refresh\` so Pulumi can recreate it`,
  );
}

/** `read` (refresh, import): the live object's outputs and the inputs they imply, or `{ id: '' }` when it is gone. */
async function read(ctx: ProviderContext, k: Listed, id: string, props: Values): Promise<ReadResult> {
  const session = ctx.session(selectorOf(props));
  const live = await findListed(k, session, id);
  if (live === undefined) return { id: '' };
  const outs = k.fromLive(live, { ...props, organizationId: session.organizationId }) as Values;
  return { id, props: outs, inputs: inputsOfOutputs(k, outs) };
}

async function update(ctx: ProviderContext, k: Listed, id: string, news: Values): Promise<UpdateResult> {
  const desired = normalize(k, news);
  const session = ctx.session(selectorOf(desired));
  // Only `profile` (which credentials later calls use) can change an object the service cannot update.
  if (k.writes.update === undefined) return { outs: outputsOf(k, id, desired, session) };
  const live = await findListed(k, session, id);
  if (live === undefined) throw deletedOutsidePulumi(k.noun, id, session.organizationId);
  try {
    await sync(k, session, live, desired);
  } catch (error) {
    const property = k.unique?.property;
    const renamed = property !== undefined && currentOf(k, live, desired)[property] !== desired[property];
    throw renamed && isValueTaken(error) ? await valueTaken(ctx, session, k, String(desired[property]), error) : error;
  }
  return { outs: outputsOf(k, id, desired, session) };
}

/** Deletes object `id` with the kind's delete activity; a lost response is resolved by whether the object is still listed. */
async function remove(ctx: ProviderContext, k: Listed, id: string, props: Values): Promise<void> {
  const step = k.writes.delete;
  if (step === undefined) {
    ctx.warn(k.writes.leftInPlace?.(id, props) ?? `warning: ${k.noun} ${id} was left in place: the service cannot delete it`);
    return;
  }
  const session = ctx.session(selectorOf(props));
  if (ctx.ownership.takenFromEarlierRun(k.type, id)) {
    session.log(`walletinfra: not deleting ${id}: another resource of this update adopted it as its own`);
    return;
  }
  const refused = await step.refuse?.(ctx, session, id, props);
  if (refused !== undefined) {
    throw new InvalidRequestError(refused, { operation: `/public/v1/submit/${step.operation}` });
  }
  const listed = async () => (await findListed(k, session, id, true)) !== undefined;
  try {
    await submitWrite(session, {
      operation: step.operation as SubmitName,
      description: `delete ${k.noun} ${id}`,
      parameters: step.toRequest(id, props),
      evidence: async () => ((await listed()) ? undefined : step.deleted(id)),
    });
  } catch (error) {
    if (error instanceof NotFoundError) return;
    if (await listed()) throw error;
  } finally {
    invalidate(k, session);
  }
}

/** The shared steps of a listed kind, over one provider context. */
export function listedSteps(ctx: ProviderContext, k: Listed): Steps {
  return {
    create: (inputs) => create(ctx, k, inputs),
    read: (id, props) => read(ctx, k, id, props),
    update: (id, _olds, news) => update(ctx, k, id, news),
    delete: (id, props) => remove(ctx, k, id, props),
  };
}
