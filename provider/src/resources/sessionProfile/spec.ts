// SessionProfile: immutable in the service — no update and no delete activity exist
// (docs.turnkey.com/features/authentication/sessions/session-profiles). Every change of a field replaces
// the profile, `update` only records a new `profile` setting, and `delete` leaves the profile in the service
// and says so. The normal form writes unset `expirationSeconds` and `notes` as '' and `expirationSeconds` as
// a decimal string, as on the wire; `scope` goes through the sdk's policy-language checker (the one Policy
// uses for conditions), so a typo fails the preview.
import { z } from 'zod';
import { checkPolicyExpression } from '@walletinfra/sdk/policy';
import { SESSION_PROFILE_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { CreateSessionProfileIntent, type SessionProfile as ServiceSessionProfile } from '@walletinfra/sdk/schemas';
import { containsUnknown, isUnknown } from '../../wire';
import { describe, type CheckFailure } from '../common/check';
import { placementOf } from '../common/inputs';
import { defineKind } from '../kind';
import { SESSION_PROFILES } from '../../session/lists';

function expirationFailures(news: Record<string, unknown>): CheckFailure[] {
  const v = news.expirationSeconds;
  if (v === undefined || v === null || isUnknown(v)) return [];
  const text = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  if (typeof text !== 'string' || !/^[0-9]+$/.test(text)) {
    return [
      {
        property: 'expirationSeconds',
        reason: `must be a whole number of seconds, got ${typeof v === 'string' ? JSON.stringify(v) : describe(v)}`,
      },
    ];
  }
  if (BigInt(text) === 0n)
    return [{ property: 'expirationSeconds', reason: 'must be greater than zero; omit it for the service default (900)' }];
  return [];
}

function scopeFailures(news: Record<string, unknown>): CheckFailure[] {
  if (typeof news.scope !== 'string' || isUnknown(news.scope)) return [];
  const diagnostics = checkPolicyExpression(news.scope, 'scope');
  if (diagnostics.length === 0) return [];
  return [
    {
      property: 'scope',
      reason: diagnostics.map((d) => `${d.message} (line ${d.position.line}, column ${d.position.column})`).join('; '),
    },
  ];
}

const args = CreateSessionProfileIntent.extend({
  expirationSeconds: z.union([CreateSessionProfileIntent.shape.expirationSeconds.unwrap(), z.number().int()]).optional(),
});

export const sessionProfile = defineKind({
  type: 'SessionProfile',
  member: 'sessionProfile',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'session profile',
  plural: 'session profiles',
  description:
    'A session profile: the scope and longest life of sessions that login activities naming it create. The service can ' +
    'create profiles but not change or delete them.',
  table: SESSION_PROFILE_FIELD_TABLE,
  args,
  outputs: CreateSessionProfileIntent.required().extend({ sessionProfileId: z.string() }),
  idProperty: 'sessionProfileId',
  docs: {
    sessionProfileId: "The service's id of the profile (also the resource's `id`); login activities take it.",
    sessionProfileName: 'Becomes `session_type` in the session JWT.',
    scope: "Policy-language expression evaluated on every request of a session, e.g. `activity.action != 'EXPORT'`.",
    expirationSeconds:
      'Longest session life in seconds, as a decimal string; empty when unset (the service then applies its default, 900).',
    notes: 'Free text; empty when unset.',
  },
  defaults: { expirationSeconds: '', notes: '' },
  canonical: { expirationSeconds: (v) => (typeof v === 'number' && !containsUnknown(v) ? String(v) : v) },
  adopt: { flag: 'byName', doc: 'Take over a profile with the same name, scope, expiration and notes, or create one.' },
  replaceReason: 'no update exists; the old profile stays in the service',
  ownChecks: ['expirationSeconds'],
  check: { early: expirationFailures, late: scopeFailures },
  inventory: { governs: 'access', createdBy: ['ACTIVITY_TYPE_CREATE_SESSION_PROFILE'] },
  export: {
    name: (p: ServiceSessionProfile) => p.sessionProfileName,
    fallback: 'session-profile',
    note: 'Session profiles cannot change or be deleted: any edit creates a new profile, destroy leaves it in place.',
  },
  example: {
    name: 'read-only-sessions',
    properties: {
      sessionProfileName: 'read-only',
      scope: "activity.action != 'SIGN' && activity.action != 'EXPORT'",
      expirationSeconds: '3600',
      notes: 'Dashboard sessions',
    },
  },
  listing: { list: SESSION_PROFILES, idOf: (p: ServiceSessionProfile) => p.sessionProfileId },
  fromLive: (live: ServiceSessionProfile, state) => ({
    sessionProfileId: live.sessionProfileId,
    sessionProfileName: live.sessionProfileName,
    scope: live.scope,
    expirationSeconds: live.expirationSeconds ?? '',
    notes: live.notes ?? '',
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_session_profile',
      resultId: (r) => String(r.sessionProfileId),
      resultOf: (p: ServiceSessionProfile) => ({ sessionProfileId: p.sessionProfileId }),
      label: (d) => JSON.stringify(d.sessionProfileName),
    },
    leftInPlace: (id, props) => {
      const name = typeof props.sessionProfileName === 'string' ? ` "${props.sessionProfileName}"` : '';
      const org = typeof props.organizationId === 'string' ? ` in organization ${props.organizationId}` : '';
      return (
        `warning: session profile ${id}${name} was left in place${org}: the service cannot delete session profiles. ` +
        'Pulumi no longer manages it; login activities that name its id can still use it.'
      );
    },
  },
});
