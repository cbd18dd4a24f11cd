// The emulator's "who can act" reads (emulator/src/identity.ts) that the voting engine and policies use: the
// root quorum, membership of it, and which user holds which API key or passkey.
import { p256 } from '@noble/curves/p256';
import { credentialHolder, credentialsOfUser, isRootQuorumMember, rootQuorumOf } from '@walletinfra/emulator/identity';
import { admin, useTestEmulator } from '../../support/emulator';

const emu = useTestEmulator();
beforeEach(() => emu.reset());

test('the root quorum and its members, as the store holds them', () => {
  const orgId = emu.credentials.organizationId;
  expect(rootQuorumOf(emu.store, orgId)).toEqual({ threshold: 1, userIds: [emu.credentials.userId] });
  expect(rootQuorumOf(emu.store, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  const org = emu.store.organizations.get(orgId)!;
  expect([isRootQuorumMember(org, emu.credentials.userId), isRootQuorumMember(org, 'someone else')]).toEqual([true, false]);
});

test('credentials of a user, and the holder of a key by id or public key', async () => {
  const passkey = Buffer.from(p256.getPublicKey(p256.utils.randomPrivateKey(), true)).toString('hex');
  const res = await admin(emu, 'POST', '/users', {
    userName: 'holder',
    generateApiKey: true,
    authenticators: [{ authenticatorName: 'yubikey', credentialId: 'Y3JlZC0x', publicKey: passkey }],
  });
  const orgId = emu.credentials.organizationId;
  const { userId } = res.json as { userId: string };
  const [key] = (res.json as { apiKeys: Array<{ apiKeyId: string; publicKey: string }> }).apiKeys;
  const [authenticatorId] = (res.json as { authenticatorIds: string[] }).authenticatorIds;
  const apiKey = { id: key!.apiKeyId, userId, type: 'CREDENTIAL_TYPE_API_KEY_P256', publicKey: key!.publicKey };
  const authenticator = {
    id: authenticatorId,
    userId,
    type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
    publicKey: passkey,
    credentialId: 'Y3JlZC0x',
  };
  expect(credentialsOfUser(emu.store, orgId, userId)).toEqual([apiKey, authenticator]);
  expect(credentialHolder(emu.store, orgId, key!.apiKeyId)).toEqual(apiKey);
  expect(credentialHolder(emu.store, orgId, key!.publicKey.toUpperCase())).toEqual(apiKey);
  expect(credentialHolder(emu.store, orgId, authenticatorId!)).toEqual(authenticator);
  expect(credentialHolder(emu.store, orgId, 'nobody')).toBeUndefined();
  // another organization's view: the key is not registered there
  expect(credentialHolder(emu.store, '00000000-0000-4000-8000-000000000000', key!.apiKeyId)).toBeUndefined();
});
