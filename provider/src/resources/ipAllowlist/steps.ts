// IpAllowlist's lifecycle (./spec.ts; docs.turnkey.com/reference/ip-allowlisting). There is no id
// from the service: a list is addressed by its scope (the organization, or one API key), and
// get_ip_allowlist answers an empty list for a scope without one. Every write is a whole-list
// set_ip_allowlist; delete is remove_ip_allowlist.
import { InvalidRequestError, NotFoundError, type RequestOf } from '@walletinfra/sdk';
import type { IpAllowlist as ServiceIpAllowlist } from '@walletinfra/sdk/schemas';
import type { OrgSession } from '../../session';
import { recordedIfFails } from '../../errors';
import type { ProviderContext } from '../../context';
import { sameValue } from '../common/diff';
import { adoptRequest, selectorOf } from '../common/inputs';
import { submitWrite } from '../common/write';
import { normalize, type InputsOf } from '../kind';
import { ipAllowlist as kind, ipAllowlistId, isEmptyAllowlist, scopeOfId } from './spec';
import type { CreateResult, KindSteps, ReadResult, UpdateResult, Values } from '../lifecycle';

type IpAllowlistInputs = InputsOf<typeof kind>;
type IpAllowlistOutputs = IpAllowlistInputs;

function ipAllowlistOutputsFromLive(
  live: ServiceIpAllowlist,
  state: Record<string, unknown> & { organizationId: string },
): IpAllowlistOutputs {
  return kind.fromLive(live, state) as IpAllowlistOutputs;
}

function normalizeIpAllowlistInputs(values: Record<string, unknown>): Record<string, unknown> {
  return normalize(kind, values);
}

function desiredOf(inputs: Record<string, unknown>): IpAllowlistInputs {
  return normalizeIpAllowlistInputs(inputs) as unknown as IpAllowlistInputs;
}

function scopeText(publicKey: string | undefined, organizationId: string): string {
  return publicKey === undefined ? `organization ${organizationId}` : `API key ${publicKey} in organization ${organizationId}`;
}

async function getLive(session: OrgSession, publicKey: string | undefined): Promise<ServiceIpAllowlist> {
  const { allowlist } = await session.client.getIpAllowlist(publicKey !== undefined ? { publicKey } : {});
  return allowlist;
}

function outputsOf(desired: IpAllowlistInputs, session: OrgSession): IpAllowlistOutputs {
  return { ...desired, organizationId: session.organizationId };
}

/** The whole list, as set_ip_allowlist takes it; `enabled` only at organization level. */
function setParameters(desired: IpAllowlistInputs): RequestOf<'set_ip_allowlist'> {
  return {
    ...(desired.publicKey !== undefined ? { publicKey: desired.publicKey } : { enabled: desired.enabled }),
    rules: desired.rules.map((r) => (r.label !== '' ? { cidr: r.cidr, label: r.label } : { cidr: r.cidr })),
    onEvaluationError: desired.onEvaluationError,
  };
}

function inSync(live: ServiceIpAllowlist, desired: IpAllowlistInputs, session: OrgSession): boolean {
  const current = ipAllowlistOutputsFromLive(live, { ...desired, organizationId: session.organizationId });
  return (
    sameValue(current.rules, desired.rules) &&
    current.enabled === desired.enabled &&
    current.onEvaluationError === desired.onEvaluationError
  );
}

/** Sets the whole list when the live one differs, or always with `always` (a new list reads like none). */
async function sync(session: OrgSession, live: ServiceIpAllowlist, desired: IpAllowlistInputs, always = false): Promise<void> {
  if (!always && inSync(live, desired, session)) return;
  await submitWrite(session, {
    operation: 'set_ip_allowlist',
    description: `set the IP allowlist of ${scopeText(desired.publicKey, session.organizationId)}`,
    parameters: setParameters(desired),
    // A lost response: the list as the service now holds it says whether the set took effect.
    evidence: async () => (inSync(await getLive(session, desired.publicKey), desired, session) ? {} : undefined),
  });
}

async function create(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<CreateResult> {
  const desired = desiredOf(inputs);
  const session = ctx.session(selectorOf(desired));
  const id = ipAllowlistId(desired.publicKey);
  const request = adoptRequest(desired.adopt);
  if (request !== undefined && 'id' in request && request.id !== id) {
    throw InvalidRequestError.fromIssues(`adopt the IP allowlist of ${scopeText(desired.publicKey, session.organizationId)}`, [
      {
        path: 'adopt.id',
        message: `is "${request.id}", but this resource declares the list "${id}"; use adopt: { id: "${id}" } or change publicKey`,
      },
    ]);
  }
  const live = await getLive(session, desired.publicKey);
  if (request === undefined && !isEmptyAllowlist(live, desired.publicKey !== undefined)) {
    // The resource owns the whole list: taking over rules someone wrote by hand must be asked for.
    throw InvalidRequestError.fromIssues(`create the IP allowlist of ${scopeText(desired.publicKey, session.organizationId)}`, [
      {
        path: 'adopt',
        message:
          `the scope already has a list (${live.rules.length} rule(s)${live.enabled === true ? ', enabled' : ''}${live.onEvaluationError === 'ALLOW' ? ', onEvaluationError ALLOW' : ''}) that this resource would replace; ` +
          `add adopt: { id: "${id}" } to manage it (the declared rules then replace the current ones)`,
      },
    ]);
  }
  // Without adopt the scope reads as having no list; a declared list without rules is still set, because
  // a key's own list, once present, overrides the organization's for that key (docs/service-behaviour.md#ip-allowlist).
  const write = () => sync(session, live, desired, request === undefined);
  if (request === undefined) await write();
  else {
    const properties = ipAllowlistOutputsFromLive(live, { ...desired, organizationId: session.organizationId });
    await recordedIfFails(`adopted the IP allowlist "${id}", but bringing it to the declared state failed`, id, properties, write);
  }
  return { id, outs: outputsOf(desired, session) };
}

/**
 * A list never disappears from the service (an emptied scope reads back as no rules), so a refresh never reports
 * it "gone". `pulumi import` reads with no state: the id names the scope, and a scope without a list has nothing
 * to import.
 */
async function read(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<ReadResult> {
  const importing = props.organizationId === undefined;
  const scope = importing ? scopeOfId(id) : {};
  if (scope === undefined) {
    throw InvalidRequestError.fromIssues('import an IP allowlist', [
      { path: 'id', message: `is "${id}": use organization for the organization's list or apiKey:<public key> for an API key's` },
    ]);
  }
  const session = ctx.session(selectorOf(props));
  const state = normalizeIpAllowlistInputs({ ...props, ...scope }) as unknown as IpAllowlistOutputs;
  const live = await getLive(session, state.publicKey);
  if (importing && isEmptyAllowlist(live, state.publicKey !== undefined)) return { id: '' };
  const outs = ipAllowlistOutputsFromLive(live, { ...state, organizationId: session.organizationId });
  // A per-key list takes no `enabled` (check refuses it); its output is false all the same.
  const { enabled: _enabled, ...perKey } = outs;
  return { id, props: outs, inputs: outs.publicKey === undefined ? outs : perKey };
}

async function update(ctx: ProviderContext, _id: string, _olds: Values, news: Values): Promise<UpdateResult> {
  const desired = desiredOf(news);
  const session = ctx.session(selectorOf(desired));
  await sync(session, await getLive(session, desired.publicKey), desired);
  return { outs: outputsOf(desired, session) };
}

async function remove(ctx: ProviderContext, _id: string, props: Record<string, unknown>): Promise<void> {
  const state = normalizeIpAllowlistInputs(props) as unknown as IpAllowlistOutputs;
  const session = ctx.session(selectorOf(state));
  try {
    await submitWrite(session, {
      operation: 'remove_ip_allowlist',
      description: `remove the IP allowlist of ${scopeText(state.publicKey, session.organizationId)}`,
      parameters: state.publicKey !== undefined ? { publicKey: state.publicKey } : {},
      evidence: async () => (isEmptyAllowlist(await getLive(session, state.publicKey), state.publicKey !== undefined) ? {} : undefined),
    });
  } catch (error) {
    // The API key itself was deleted: its list went with it.
    if (!(error instanceof NotFoundError)) throw error;
  }
}

/** The IP allowlist's four steps (./spec.ts: addressed by scope, so every step is its own). */
export const steps = { create, read, update, delete: remove } satisfies KindSteps;
