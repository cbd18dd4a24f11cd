// The shape of every sub-organization `walletinfra-emulator seed-fleet` makes (README "Seeding a fleet"): the
// end users (root), the root quorum, the delegated-access user and the user tags and policies that limit it,
// as the service's delegated-access guide sets them up
// (https://docs.turnkey.com/concepts/policies/delegated-access-backend). Text may hold placeholders, filled per
// sub-organization: `{index}` (its number, zero-padded), `{name}` (its name), `{user:NAME}` (the id of the
// shape's user NAME), `{tag:NAME}` (the id of the shape's tag NAME). Parsed by the sdk's option parser: a
// refusal names the field by its JSON path below `shape`.
import { EFFECTS } from '@walletinfra/sdk/schemas';
import { got, shown } from '@walletinfra/sdk/options';
import { z } from 'zod';
import { TAG_LIMIT } from '../handlers/tags';
import { USER_LIMIT } from '../handlers/users';
import { flag, intFrom, nonEmpty, oneOf, parseWith } from '../validation';
import { SeedError } from './schema';

/** A shape the emulator refuses: the field's path below `shape`, what it must be, and the value found. */
export class FleetShapeError extends SeedError {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;

const text = z.string({ error: got('must be a string') });

const RootUser = z.strictObject({
  userName: nonEmpty,
  /** an email address once placeholders are filled */
  userEmail: nonEmpty.optional(),
  /** E.164 once placeholders are filled */
  userPhoneNumber: nonEmpty.optional(),
  /** the email and phone number count as verified (`list_verified_suborgs`) */
  verified: flag.optional(),
  /**
   * a passkey (authenticator) of the user, as the service stores one after registration: its own credential id and
   * P-256 public key per sub-organization (no attestation: nobody holds its private key)
   */
  passkey: z.strictObject({ authenticatorName: nonEmpty }).optional(),
});

const DelegatedUser = z.strictObject({
  userName: nonEmpty,
  apiKeyName: nonEmpty,
});

const UserTag = z.strictObject({
  userTagName: nonEmpty,
  /** user names of the shape (the root users' and the delegated user's) */
  members: z.array(nonEmpty, { error: got('must be an array of user names') }),
});

const Policy = z.strictObject({
  policyName: nonEmpty,
  effect: oneOf(EFFECTS),
  condition: text.optional(),
  consensus: text.optional(),
  notes: text.optional(),
});

export const FleetShapeSchema = z
  .strictObject({
    /** default `customer-{index}` */
    name: nonEmpty.optional(),
    rootUsers: z
      .array(RootUser, { error: got('must be an array of users') })
      .min(1, { error: got('must name at least one root user (the end user)') })
      .max(USER_LIMIT - 1, { error: got(`must have at most ${USER_LIMIT - 1} users (the delegated user makes ${USER_LIMIT})`) }),
    /** default 1 */
    rootQuorumThreshold: intFrom(1, USER_LIMIT).optional(),
    delegatedUser: DelegatedUser,
    userTags: z
      .array(UserTag, { error: got('must be an array of tags') })
      .max(TAG_LIMIT.subOrganization, {
        error: got(`must have at most ${TAG_LIMIT.subOrganization} tags (the service's limit in a sub-organization)`),
      })
      .optional(),
    policies: z.array(Policy, { error: got('must be an array of policies') }).optional(),
  })
  .superRefine((shape, ctx) => crossChecks(shape, (path, message, input) => ctx.addIssue({ code: 'custom', path, input, message })));

export type FleetShape = z.output<typeof FleetShapeSchema>;

type Report = (path: (string | number)[], message: string, input: unknown) => void;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders in `value` that are not `{index}`, `{name}`, `{user:<a user of the shape>}`, `{tag:<a tag of the shape>}`. */
function unknownPlaceholders(value: string, users: ReadonlySet<string>, tags: ReadonlySet<string>): string[] {
  return [...value.matchAll(PLACEHOLDER)]
    .map((m) => m[1] as string)
    .filter((p) => {
      if (p === 'index' || p === 'name') return false;
      if (p.startsWith('user:')) return !users.has(p.slice(5));
      if (p.startsWith('tag:')) return !tags.has(p.slice(4));
      return true;
    });
}

function crossChecks(shape: FleetShape, report: Report): void {
  const users = new Set<string>();
  [
    ...shape.rootUsers.map((u, i) => ({ name: u.userName, path: ['rootUsers', i, 'userName'] })),
    { name: shape.delegatedUser.userName, path: ['delegatedUser', 'userName'] },
  ].forEach(({ name, path }) => {
    if (users.has(name))
      report(path, `must be unique among the shape's users (tags and policies name users by it), got ${shown(name)} twice`, name);
    users.add(name);
  });
  if ((shape.rootQuorumThreshold ?? 1) > shape.rootUsers.length) {
    report(
      ['rootQuorumThreshold'],
      `must be at most the number of rootUsers (${shape.rootUsers.length}), got ${shape.rootQuorumThreshold}`,
      shape.rootQuorumThreshold,
    );
  }
  const tags = new Set((shape.userTags ?? []).map((t) => t.userTagName));
  (shape.userTags ?? []).forEach((t, i) =>
    t.members.forEach((m, j) => {
      if (!users.has(m))
        report(['userTags', i, 'members', j], `must be the userName of a user of the shape (${[...users].join(', ')}), got ${shown(m)}`, m);
    }),
  );
  const names = new Set<string>();
  (shape.policies ?? []).forEach((p, i) => {
    if (names.has(p.policyName))
      report(
        ['policies', i, 'policyName'],
        `must be unique (policy names are unique in an organization), got ${shown(p.policyName)} twice`,
        p.policyName,
      );
    names.add(p.policyName);
  });
  const texts: Array<[(string | number)[], string | undefined]> = [
    [['name'], shape.name],
    ...shape.rootUsers.flatMap((u, i): Array<[(string | number)[], string | undefined]> => [
      [['rootUsers', i, 'userName'], u.userName],
      [['rootUsers', i, 'userEmail'], u.userEmail],
      [['rootUsers', i, 'userPhoneNumber'], u.userPhoneNumber],
      [['rootUsers', i, 'passkey', 'authenticatorName'], u.passkey?.authenticatorName],
    ]),
    ...(shape.policies ?? []).flatMap((p, i): Array<[(string | number)[], string | undefined]> => [
      [['policies', i, 'policyName'], p.policyName],
      [['policies', i, 'condition'], p.condition],
      [['policies', i, 'consensus'], p.consensus],
      [['policies', i, 'notes'], p.notes],
    ]),
  ];
  for (const [path, value] of texts) {
    if (value === undefined) continue;
    const unknown = unknownPlaceholders(value, users, tags);
    if (unknown.length > 0) {
      report(
        path,
        `has an unknown placeholder {${unknown[0]}}: use {index}, {name}, {user:<userName>} or {tag:<userTagName>} of the shape, got ${shown(value)}`,
        value,
      );
    }
  }
  shape.rootUsers.forEach((u, i) => {
    const sample = (v: string) => v.replace(PLACEHOLDER, '1');
    if (u.userEmail !== undefined && !EMAIL.test(sample(u.userEmail)))
      report(['rootUsers', i, 'userEmail'], `must be an email address, got ${shown(u.userEmail)}`, u.userEmail);
    if (u.userPhoneNumber !== undefined && !E164.test(u.userPhoneNumber.replace(PLACEHOLDER, '1234567'))) {
      report(
        ['rootUsers', i, 'userPhoneNumber'],
        `must be a phone number in E.164 format (e.g. +1321456{index}), got ${shown(u.userPhoneNumber)}`,
        u.userPhoneNumber,
      );
    }
  });
}

/** The shape from a parsed JSON file (or object), or a FleetShapeError naming the field. */
export function parseFleetShape(input: unknown): FleetShape {
  return parseWith(FleetShapeSchema, input, { path: ['shape'], noun: 'field' }, FleetShapeError);
}

/**
 * What `--shape` defaults to: the server-side delegated-access setup of the service's guide
 * (https://docs.turnkey.com/concepts/policies/delegated-access-backend) — one end user as the root user, the
 * "Delegated Account" with the backend's API key, a tag for it, and a policy letting it sign only to one address.
 * The end user logs in with a passkey, as the service's end users do.
 */
export const DEFAULT_FLEET_SHAPE: FleetShape = {
  name: 'customer-{index}',
  rootUsers: [
    { userName: 'end-user-{index}', userEmail: 'end-user-{index}@example.com', passkey: { authenticatorName: 'end-user-{index} passkey' } },
  ],
  rootQuorumThreshold: 1,
  delegatedUser: { userName: 'Delegated Account', apiKeyName: 'delegated-access' },
  userTags: [{ userTagName: 'delegated-access', members: ['Delegated Account'] }],
  policies: [
    {
      policyName: 'Delegated Account may sign to the payout address',
      effect: 'EFFECT_ALLOW',
      consensus: "approvers.any(user, user.id == '{user:Delegated Account}')",
      condition: "activity.resource == 'WALLET' && activity.action == 'SIGN' && eth.tx.to == '0x2f3a43a3e8a3b0c3d4e5f60718293a4b5c6d7e8f'",
      notes: 'delegated access: the backend signs payouts to one address only',
    },
  ],
};

/** Fills the placeholders of `value` for one sub-organization. */
export function fill(
  value: string,
  vars: { index: string; name: string; users: ReadonlyMap<string, string>; tags: ReadonlyMap<string, string> },
): string {
  return value.replace(PLACEHOLDER, (whole, p: string) => {
    if (p === 'index') return vars.index;
    if (p === 'name') return vars.name;
    if (p.startsWith('user:')) return vars.users.get(p.slice(5)) ?? whole;
    if (p.startsWith('tag:')) return vars.tags.get(p.slice(4)) ?? whole;
    return whole;
  });
}
