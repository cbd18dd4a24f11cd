// SessionProfile: immutable in the service — no update and no delete activity exist
// (docs.turnkey.com/features/authentication/sessions/session-profiles). The normal form writes unset
// `expirationSeconds` and `notes` as '' and `expirationSeconds` as a decimal string, as on the wire.
import type * as pulumi from '@pulumi/pulumi';
import type { SessionProfile as ServiceSessionProfile } from '@walletinfra/sdk';
import { SESSION_PROFILE_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { containsUnknown } from '../../unknown';
import { serviceFields } from '../common/fields';
import { COMMON_KEYS, placementOf, type CommonInputs, type Placement } from '../common/inputs';

export interface SessionProfileAdopt {
  /** Take over the profile with this id (its fields must equal the declared ones: they cannot change). */
  id?: string;
  /** Take over a profile with the same name, scope, expiration and notes, or create one. */
  byName?: boolean;
}

export interface SessionProfileArgs {
  /** Becomes `session_type` in the session JWT. */
  sessionProfileName: pulumi.Input<string>;
  /** Policy-language expression evaluated on every request of a session, e.g. `activity.action != 'EXPORT'`. */
  scope: pulumi.Input<string>;
  /** Longest session life in seconds (the service's default is 900). */
  expirationSeconds?: pulumi.Input<string | number>;
  notes?: pulumi.Input<string>;
  organizationId?: pulumi.Input<string>;
  profile?: pulumi.Input<string>;
  adopt?: pulumi.Input<SessionProfileAdopt>;
}

export interface SessionProfileInputs extends CommonInputs {
  sessionProfileName: string;
  scope: string;
  /** '' when unset. */
  expirationSeconds: string;
  notes: string;
  organizationId: string;
  adopt?: SessionProfileAdopt;
}

export interface SessionProfileOutputs extends SessionProfileInputs {
  sessionProfileId: string;
}

/** The service's fields, from the sdk's field table (the create intent). */
const SESSION_PROFILE_FIELDS = serviceFields(SESSION_PROFILE_FIELD_TABLE);
export const SESSION_PROFILE_KEYS = [...SESSION_PROFILE_FIELDS, ...COMMON_KEYS] as const;
export const SESSION_PROFILE_ADOPT_FLAGS = ['byName'] as const;

export function normalizeSessionProfileInputs(news: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...news };
  if (out.notes === undefined || out.notes === null) out.notes = '';
  if (out.expirationSeconds === undefined || out.expirationSeconds === null) out.expirationSeconds = '';
  else if (typeof out.expirationSeconds === 'number' && !containsUnknown(out.expirationSeconds))
    out.expirationSeconds = String(out.expirationSeconds);
  return out;
}

export function liveFields(
  live: ServiceSessionProfile,
): Pick<SessionProfileInputs, 'sessionProfileName' | 'scope' | 'expirationSeconds' | 'notes'> {
  return {
    sessionProfileName: live.sessionProfileName,
    scope: live.scope,
    expirationSeconds: live.expirationSeconds ?? '',
    notes: live.notes ?? '',
  };
}

export function sessionProfileOutputsFromLive(live: ServiceSessionProfile, state: Placement<SessionProfileAdopt>): SessionProfileOutputs {
  return { sessionProfileId: live.sessionProfileId, ...liveFields(live), ...placementOf(state) };
}

export function sessionProfileInputsFromOutputs(outs: SessionProfileOutputs): SessionProfileInputs {
  const { sessionProfileId: _id, ...inputs } = outs;
  return inputs;
}
