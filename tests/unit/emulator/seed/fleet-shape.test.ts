// The fleet shape of `walletinfra-emulator seed-fleet`: what it accepts, and each refusal with the field named.
import { DEFAULT_FLEET_SHAPE, FleetShapeError, parseFleetShape } from '@walletinfra/emulator';
import { fill } from '@walletinfra/emulator/seed/fleet-shape';

const base = {
  rootUsers: [{ userName: 'end-user-{index}', userEmail: 'end-user-{index}@example.com' }],
  delegatedUser: { userName: 'Delegated Account', apiKeyName: 'backend' },
};

test("the default is the delegated-access guide's setup, and is a valid shape", () => {
  expect(parseFleetShape(DEFAULT_FLEET_SHAPE)).toEqual(DEFAULT_FLEET_SHAPE);
  expect(DEFAULT_FLEET_SHAPE.policies?.[0]?.consensus).toBe("approvers.any(user, user.id == '{user:Delegated Account}')");
});

test('a full shape: several root users, a quorum, tags with members, policies with placeholders', () => {
  const shape = {
    name: 'business-{index}',
    rootUsers: [
      { userName: 'owner', userEmail: 'owner-{index}@example.com', userPhoneNumber: '+1555{index}', verified: true },
      { userName: 'cfo' },
    ],
    rootQuorumThreshold: 2,
    delegatedUser: { userName: 'backend', apiKeyName: 'backend key' },
    userTags: [{ userTagName: 'approvers', members: ['owner', 'cfo'] }],
    policies: [
      {
        policyName: 'backend signs for {name}',
        effect: 'EFFECT_ALLOW',
        consensus: "approvers.any(user, user.id == '{user:backend}') && approvers.any(user, user.tags.contains('{tag:approvers}'))",
        condition: "activity.action == 'SIGN'",
        notes: 'sub-organization {index}',
      },
    ],
  };
  expect(parseFleetShape(shape)).toEqual(shape);
});

test.each<[string, unknown, string]>([
  ['not an object', 'shape', 'shape must be an object'],
  ['no root user', { ...base, rootUsers: [] }, 'shape.rootUsers must name at least one root user (the end user), got an empty array'],
  ['no delegated user', { rootUsers: base.rootUsers }, 'shape.delegatedUser is required'],
  ['delegated user without key name', { ...base, delegatedUser: { userName: 'd' } }, 'shape.delegatedUser.apiKeyName is required'],
  ['unknown field', { ...base, wallets: [] }, 'unknown shape field "wallets"'],
  ['empty user name', { ...base, rootUsers: [{ userName: ' ' }] }, 'shape.rootUsers[0].userName must not be empty, got " "'],
  [
    'bad email',
    { ...base, rootUsers: [{ userName: 'u', userEmail: 'u-{index}' }] },
    'shape.rootUsers[0].userEmail must be an email address, got "u-{index}"',
  ],
  [
    'bad phone number',
    { ...base, rootUsers: [{ userName: 'u', userPhoneNumber: '555' }] },
    'shape.rootUsers[0].userPhoneNumber must be a phone number in E.164 format (e.g. +1321456{index}), got "555"',
  ],
  [
    'threshold above root users',
    { ...base, rootQuorumThreshold: 3 },
    'shape.rootQuorumThreshold must be at most the number of rootUsers (1), got 3',
  ],
  [
    'the same user twice',
    { ...base, delegatedUser: { userName: 'end-user-{index}', apiKeyName: 'k' } },
    'shape.delegatedUser.userName must be unique among the shape\'s users (tags and policies name users by it), got "end-user-{index}" twice',
  ],
  [
    'a tag member who is no user of the shape',
    { ...base, userTags: [{ userTagName: 't', members: ['Delegated Account', 'ghost'] }] },
    'shape.userTags[0].members[1] must be the userName of a user of the shape (end-user-{index}, Delegated Account), got "ghost"',
  ],
  [
    'more tags than a sub-organization may hold',
    { ...base, userTags: Array.from({ length: 11 }, (_, i) => ({ userTagName: `t${i}`, members: [] })) },
    "shape.userTags must have at most 10 tags (the service's limit in a sub-organization)",
  ],
  [
    'a policy name twice',
    {
      ...base,
      policies: [
        { policyName: 'p', effect: 'EFFECT_DENY' },
        { policyName: 'p', effect: 'EFFECT_DENY' },
      ],
    },
    'shape.policies[1].policyName must be unique (policy names are unique in an organization), got "p" twice',
  ],
  [
    'a bad effect',
    { ...base, policies: [{ policyName: 'p', effect: 'ALLOW' }] },
    'shape.policies[0].effect must be one of EFFECT_ALLOW, EFFECT_DENY, got "ALLOW"',
  ],
  [
    'an unknown placeholder',
    { ...base, policies: [{ policyName: 'p', effect: 'EFFECT_ALLOW', condition: "wallet.id == '{wallet}'" }] },
    'shape.policies[0].condition has an unknown placeholder {wallet}: use {index}, {name}, {user:<userName>} or {tag:<userTagName>} of the shape, got "wallet.id == \'{wallet}\'"',
  ],
  [
    'a placeholder naming a tag the shape lacks',
    { ...base, policies: [{ policyName: 'p', effect: 'EFFECT_ALLOW', consensus: "approvers.any(user, user.tags.contains('{tag:ops}'))" }] },
    'shape.policies[0].consensus has an unknown placeholder {tag:ops}',
  ],
])('%s', (_, input, message) => {
  let thrown: unknown;
  try {
    parseFleetShape(input);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(FleetShapeError);
  expect((thrown as Error).message.startsWith(message)).toBe(true);
});

test('placeholders are filled per sub-organization; an unknown one is left as written', () => {
  const vars = { index: '00042', name: 'customer-00042', users: new Map([['da', 'u-1']]), tags: new Map([['t', 'tag-1']]) };
  expect(fill("{name}: user.id == '{user:da}' && tags.contains('{tag:t}') #{index} {other}", vars)).toBe(
    "customer-00042: user.id == 'u-1' && tags.contains('tag-1') #00042 {other}",
  );
});
