// ApiKey through the provider's own methods against the emulator (seeded with two users and two tags made "by hand":
// tests/support/identity-organization.ts): check of the public key, create and read back from list_users, a key
// rotation that creates the new key before the old one is deleted, adoption by public key and by id, and delete.
import { generateApiKeyPair } from '@walletinfra/sdk';
import { checkAndCreate, checkedInputs, failure } from '../../support/provider-harness';
import { useIdentityOrganization } from '../../support/identity-organization';

const org = useIdentityOrganization();
const { h } = org;

describe('ApiKey', () => {
  let userId: string;
  let id: string;
  let outs: Record<string, unknown>;
  let inputs: Record<string, unknown>;
  const first = generateApiKeyPair();
  const second = generateApiKeyPair();

  beforeAll(async () => {
    userId = (await checkAndCreate(h.runtime.user, { userName: 'ci-keys' })).id;
  });

  test('check refuses a private key where the public key belongs, without quoting it', async () => {
    const result = await h.runtime.apiKey.check({}, { userId, apiKeyName: 'ci', publicKey: first.privateKey });
    expect(result.failures).toEqual([
      {
        property: 'publicKey',
        reason:
          'must be a compressed P-256 public key (66 hex characters); this value is 32 bytes, the length of a private key: give the public key, and keep the private key where it was made',
      },
    ]);
    expect(JSON.stringify(result.failures)).not.toContain(first.privateKey);
  });

  test('create: the public key, its name, curve and expiry; read back from list_users', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.apiKey, {
      userId,
      apiKeyName: 'ci',
      publicKey: first.publicKey.toUpperCase(),
      expirationSeconds: '86400',
    }));
    expect(outs).toEqual({
      userId,
      apiKeyName: 'ci',
      publicKey: first.publicKey,
      curveType: 'API_KEY_CURVE_P256',
      expirationSeconds: '86400',
      allowLockout: false,
      organizationId: h.org,
      apiKeyId: id,
    });
    h.resetRequests();
    const read = await h.newRuntime().apiKey.read(id, outs);
    expect(h.requests()).toEqual(['/public/v1/query/list_users']);
    expect(read).toEqual({ id, props: outs, inputs });
  });

  test('a new public key replaces, creating first; the same public key with a new name replaces deleting first', async () => {
    const rotated = await checkedInputs(h.runtime.apiKey, {
      userId,
      apiKeyName: 'ci',
      publicKey: second.publicKey,
      expirationSeconds: '86400',
    });
    expect(await h.runtime.apiKey.diff(id, outs, rotated)).toEqual({ changes: undefined, replaces: ['publicKey'] });
    // check gets the resource's inputs in the state: its own public key is no conflict
    const checked = await h.runtime.apiKey.check(inputs, {
      userId,
      apiKeyName: 'ci-2',
      publicKey: first.publicKey,
      expirationSeconds: '86400',
    });
    expect(checked.failures).toBeUndefined();
    const renamed = checked.inputs;
    expect(await h.runtime.apiKey.diff(id, outs, renamed)).toEqual({
      changes: undefined,
      replaces: ['apiKeyName'],
      deleteBeforeReplace: true,
    });
  });

  test('a public key another key already has is refused at preview, with the adopt line', async () => {
    const result = await h.runtime.apiKey.check({}, { userId, apiKeyName: 'again', publicKey: first.publicKey });
    expect(result.failures).toEqual([
      {
        property: 'publicKey',
        reason: `is already API key ${id} ("ci") of user ${userId} in organization ${h.org}, and a public key names one credential; add adopt: { id: '${id}' } to manage that key, or give another public key`,
      },
    ]);
  });

  test('adopt by public key takes over a hand-made key of a seeded user; by a missing id is NOT_FOUND', async () => {
    const aliceKeyId = (await org.liveUser(org.users.alice!)).apiKeys[0]!.apiKeyId;
    const adopted = await h.newRuntime().apiKey.create(
      await checkedInputs(h.runtime.apiKey, {
        userId: org.users.alice,
        apiKeyName: 'alice laptop',
        publicKey: org.aliceKey,
        adopt: { byPublicKey: true },
      }),
    );
    expect(adopted.id).toBe(aliceKeyId);
    expect(
      await failure(
        h
          .newRuntime()
          .apiKey.create(
            await checkedInputs(h.runtime.apiKey, { userId, apiKeyName: 'x', publicKey: second.publicKey, adopt: { id: 'nope' } }),
          ),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: `cannot adopt API key nope: organization ${h.org} has no API key with that id` });
  });

  test('delete names the user; a key already gone is no error', async () => {
    await h.newRuntime().apiKey.delete(id, outs);
    expect((await org.liveUser(userId)).apiKeys).toEqual([]);
    await h.newRuntime().apiKey.delete(id, outs);
  });
});
