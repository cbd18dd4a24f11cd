// The organization the identity kinds' integration tests run in (user, api-key, user-tag and root-quorum .test.ts
// in tests/integration/provider): an emulator seeded with two users and two tags made "by hand" (alice with an API
// key, bob in both tags), the ids they got, and two readings of the service the tests share.
import { generateApiKeyPair } from '@walletinfra/sdk';
import { useHarness, type Harness } from './provider-harness';

export interface IdentityOrganization {
  h: Harness;
  /** The public key of alice's hand-made API key. */
  aliceKey: string;
  /** User ids by name (`root`, `alice`, `bob`), read before the file's first test. */
  users: Record<string, string>;
  /** Tag ids by name (`approvers`, `operations`), read before the file's first test. */
  tags: Record<string, string>;
  /** The root user's id (the quorum's one member). */
  rootUserId: string;
  /** A user as the service has it now. */
  liveUser(userId: string): ReturnType<typeof readUser>;
  /** The users whose tags hold `tagId`, sorted. */
  membersOf(tagId: string): Promise<string[]>;
}

async function readUser(h: Harness, userId: string) {
  return (await h.client.getUser({ userId })).user;
}

/** Starts the seeded emulator for the file's tests (jest hooks) and reads the seeded ids before the first test. */
export function useIdentityOrganization(): IdentityOrganization {
  const aliceKey = generateApiKeyPair().publicKey;
  const h = useHarness({
    emulator: {
      seed: {
        userTags: ['approvers', 'operations'],
        users: [
          {
            userName: 'alice',
            userEmail: 'alice@acme.example',
            tags: ['approvers'],
            apiKeys: [{ apiKeyName: 'alice laptop', publicKey: aliceKey }],
          },
          { userName: 'bob', tags: ['approvers', 'operations'] },
        ],
      },
    },
  });
  const org: IdentityOrganization = {
    h,
    aliceKey,
    users: {},
    tags: {},
    rootUserId: '',
    liveUser: (userId) => readUser(h, userId),
    membersOf: async (tagId) =>
      (await h.client.listUsers({})).users
        .filter((u) => u.userTags.includes(tagId))
        .map((u) => u.userId)
        .sort(),
  };
  beforeAll(async () => {
    org.users = Object.fromEntries((await h.client.listUsers({})).users.map((u) => [u.userName, u.userId]));
    org.rootUserId = org.users.root as string;
    org.tags = Object.fromEntries((await h.client.listUserTags({})).userTags.map((t) => [t.tagName, t.tagId]));
  });
  return org;
}
