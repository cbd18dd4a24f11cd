// FiatOnRampCredential through the provider's own methods against the emulator: plain-text secrets
// encrypted to the emulator's on-ramp key (cross-checked with @turnkey/crypto's HPKE decryption), salted
// fingerprints instead of ciphertext comparison, in-place rotation, replacement on sandboxMode, drift of a
// secret changed outside Pulumi, deletion, adoption, already-encrypted inputs, and a scan of everything the
// provider returned for any secret.
import { decryptCredentialBundle } from '@turnkey/crypto';
import { encryptOnRampSecret } from '@walletinfra/sdk';
import type { FiatOnRampCredential as ServiceCredential } from '@walletinfra/sdk/schemas';
import { fingerprintMatches, SECRET_KEPT } from '@walletinfra/pulumi/resources/fiatOnRampCredential/secrets';
import { checkedInputs, failure, useHarness, present } from '../../support/provider-harness';

const h = useHarness();
let encryptionPrivateKey: string;
/**
 * Everything the provider handed back besides `check` (whose result is the inputs, secrets included, which
 * the engine stores as secret inputs): outputs, read results, errors. Scanned for secrets at the end.
 */
const returned: unknown[] = [];

beforeAll(async () => {
  encryptionPrivateKey = (JSON.parse(h.emulator.store.getMeta('emulatorKeys') as string) as { onRampEncryption: { privateKey: string } })
    .onRampEncryption.privateKey;
});

const SECRET = 'sk_live_first_0123456789abcdef';
const PRIVATE = 'pk_private_first_0123456789';
const ROTATED = 'sk_live_rotated_fedcba9876543210';
const BY_HAND = 'sk_live_by_hand_5555';
const DECLARED = {
  onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
  projectId: 'project-1',
  publishableApiKey: 'pk_live_publishable_1',
  secretApiKey: SECRET,
  privateApiKey: PRIVATE,
};

function decrypt(ciphertext: unknown): string {
  return Buffer.from(decryptCredentialBundle(ciphertext as string, encryptionPrivateKey), 'hex').toString('utf8');
}

async function live(): Promise<ServiceCredential[]> {
  return (await h.client.listFiatOnRampCredentials({})).fiatOnRampCredentials;
}

function checked(news: Record<string, unknown>): Promise<Record<string, unknown>> {
  return checkedInputs(h.runtime.fiatOnRampCredential, news);
}

describe('FiatOnRampCredential lifecycle', () => {
  let id: string;
  let inputs: Record<string, unknown>;
  let outs: Record<string, unknown>;

  test('create encrypts both keys to the service key and keeps fingerprints, not plaintexts', async () => {
    inputs = await checked(DECLARED);
    const created = await h.newRuntime().fiatOnRampCredential.create(inputs);
    returned.push(created);
    id = created.id;
    outs = created.outs;
    const [credential] = await live();
    expect(credential!.fiatOnrampCredentialId).toBe(id);
    expect(outs).toEqual({
      fiatOnrampCredentialId: id,
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      projectId: 'project-1',
      publishableApiKey: 'pk_live_publishable_1',
      sandboxMode: false,
      organizationId: h.org,
      encryptedSecretApiKey: credential!.encryptedSecretApiKey,
      encryptedPrivateApiKey: credential!.encryptedPrivateApiKey,
      secretApiKeyFingerprint: outs.secretApiKeyFingerprint,
      privateApiKeyFingerprint: outs.privateApiKeyFingerprint,
    });
    expect([decrypt(outs.encryptedSecretApiKey), decrypt(outs.encryptedPrivateApiKey)]).toEqual([SECRET, PRIVATE]);
    expect(outs.secretApiKeyFingerprint).toMatch(/^hmac-sha256:[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect([fingerprintMatches(outs.secretApiKeyFingerprint, SECRET), fingerprintMatches(outs.privateApiKeyFingerprint, PRIVATE)]).toEqual([
      true,
      true,
    ]);
  });

  test('read equals what was created; its inputs hold a placeholder for the secrets it cannot recover', async () => {
    const read = present(await h.newRuntime().fiatOnRampCredential.read(id, outs));
    returned.push(read);
    const { secretApiKey: _s, privateApiKey: _p, ...plain } = inputs;
    expect(read).toEqual({ id, props: outs, inputs: { ...plain, secretApiKey: SECRET_KEPT, privateApiKey: SECRET_KEPT } });
  });

  test('no diff after create or read, although every encryption gives another ciphertext', async () => {
    const read = present(await h.newRuntime().fiatOnRampCredential.read(id, outs));
    expect(await h.runtime.fiatOnRampCredential.diff(id, outs, inputs)).toEqual({ changes: false });
    expect(await h.runtime.fiatOnRampCredential.diff(id, read.props, inputs)).toEqual({ changes: false });
    // a second refresh compares with the inputs the first one stored
    expect(await h.runtime.fiatOnRampCredential.diff(id, read.props, read.inputs)).toEqual({ changes: false });
    expect(encryptOnRampSecret(SECRET, h.emulator.onRampEncryptionPublicKey)).not.toBe(outs.encryptedSecretApiKey);
  });

  test('rotating the secret updates in place, re-sending everything', async () => {
    const news = await checked({ ...DECLARED, secretApiKey: ROTATED, publishableApiKey: 'pk_live_publishable_2' });
    expect(await h.runtime.fiatOnRampCredential.diff(id, outs, news)).toEqual({ changes: undefined });
    const updated = await h.newRuntime().fiatOnRampCredential.update(id, outs, news);
    returned.push(updated);
    const [credential] = await live();
    expect(updated.outs).toEqual({
      ...outs,
      publishableApiKey: 'pk_live_publishable_2',
      encryptedSecretApiKey: credential!.encryptedSecretApiKey,
      encryptedPrivateApiKey: credential!.encryptedPrivateApiKey,
      secretApiKeyFingerprint: updated.outs.secretApiKeyFingerprint,
      privateApiKeyFingerprint: updated.outs.privateApiKeyFingerprint,
    });
    expect([
      decrypt(credential!.encryptedSecretApiKey),
      decrypt(credential!.encryptedPrivateApiKey),
      credential!.publishableApiKey,
    ]).toEqual([ROTATED, PRIVATE, 'pk_live_publishable_2']);
    expect(fingerprintMatches(updated.outs.secretApiKeyFingerprint, ROTATED)).toBe(true);
    outs = updated.outs;
    inputs = news;
    expect(await h.runtime.fiatOnRampCredential.diff(id, outs, inputs)).toEqual({ changes: false });
  });

  test('a secret replaced outside Pulumi is detected by read, and `up` puts the declared one back', async () => {
    await h.client.updateFiatOnRampCredential({
      fiatOnrampCredentialId: id,
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      projectId: 'project-1',
      publishableApiKey: 'pk_live_publishable_2',
      encryptedSecretApiKey: encryptOnRampSecret(BY_HAND, h.emulator.onRampEncryptionPublicKey),
      encryptedPrivateApiKey: outs.encryptedPrivateApiKey as string,
    });
    const read = present(await h.newRuntime().fiatOnRampCredential.read(id, outs));
    returned.push(read);
    const [credential] = await live();
    expect(read.props).toEqual({
      ...outs,
      encryptedSecretApiKey: credential!.encryptedSecretApiKey,
      secretApiKeyFingerprint: 'changed-outside-pulumi',
    });
    expect(read.inputs).not.toHaveProperty('secretApiKey');
    expect(await h.runtime.fiatOnRampCredential.diff(id, read.props, inputs)).toEqual({ changes: undefined });
    expect(await h.runtime.fiatOnRampCredential.diff(id, read.props, read.inputs)).toEqual({ changes: undefined });
    const restored = await h.newRuntime().fiatOnRampCredential.update(id, read.props, inputs);
    returned.push(restored);
    expect(decrypt((await live())[0]!.encryptedSecretApiKey)).toBe(ROTATED);
    outs = restored.outs;
  });

  test('sandboxMode replaces', async () => {
    const news = await checked({ ...DECLARED, secretApiKey: ROTATED, publishableApiKey: 'pk_live_publishable_2', sandboxMode: true });
    expect(await h.runtime.fiatOnRampCredential.diff(id, outs, news)).toEqual({ changes: undefined, replaces: ['sandboxMode'] });
    const rt = h.newRuntime();
    const replacement = await rt.fiatOnRampCredential.create(news);
    await rt.fiatOnRampCredential.delete(id, outs);
    returned.push(replacement);
    expect((await live()).map((c) => [c.fiatOnrampCredentialId, c.sandboxMode])).toEqual([[replacement.id, true]]);
    id = replacement.id;
    outs = replacement.outs;
  });

  test('delete, and delete again', async () => {
    // `pulumi destroy` is a run of its own (a run that still declares the credential would keep it).
    await h.newRuntime().fiatOnRampCredential.delete(id, outs);
    expect(await live()).toEqual([]);
    await expect(h.newRuntime().fiatOnRampCredential.delete(id, outs)).resolves.toBeUndefined();
  });

  test('an out-of-band deletion reads as gone', async () => {
    const created = await h.newRuntime().fiatOnRampCredential.create(await checked(DECLARED));
    await h.client.deleteFiatOnRampCredential({ fiatOnrampCredentialId: created.id });
    expect(await h.newRuntime().fiatOnRampCredential.read(created.id, created.outs)).toEqual({ id: '' });
  });
});

describe('FiatOnRampCredential with already-encrypted keys', () => {
  test('the ciphertext is the input: kept as given, compared as given', async () => {
    const ciphertext = encryptOnRampSecret(SECRET, h.emulator.onRampEncryptionPublicKey);
    const inputs = await checked({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_moon',
      encryptedSecretApiKey: ciphertext,
    });
    const created = await h.newRuntime().fiatOnRampCredential.create(inputs);
    returned.push(created);
    expect(created.outs).toEqual({
      fiatOnrampCredentialId: created.id,
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      projectId: '',
      publishableApiKey: 'pk_moon',
      sandboxMode: false,
      organizationId: h.org,
      encryptedSecretApiKey: ciphertext,
    });
    const read = present(await h.newRuntime().fiatOnRampCredential.read(created.id, created.outs));
    expect(read).toEqual({ id: created.id, props: created.outs, inputs });
    expect(await h.runtime.fiatOnRampCredential.diff(created.id, read.props, inputs)).toEqual({ changes: false });
    await h.newRuntime().fiatOnRampCredential.delete(created.id, created.outs);
  });
});

describe('FiatOnRampCredential adoption', () => {
  afterEach(async () => {
    for (const c of await live()) await h.client.deleteFiatOnRampCredential({ fiatOnrampCredentialId: c.fiatOnrampCredentialId });
  });

  async function existing(sandboxMode: boolean): Promise<string> {
    const made = await h.client.createFiatOnRampCredential({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      publishableApiKey: DECLARED.publishableApiKey,
      encryptedSecretApiKey: encryptOnRampSecret('sk_old', h.emulator.onRampEncryptionPublicKey),
      sandboxMode,
    });
    return made.result.fiatOnRampCredentialId;
  }

  test('byPublishableApiKey takes it over and sends the declared keys', async () => {
    const id = await existing(false);
    const inputs = await checked({ ...DECLARED, adopt: { byPublishableApiKey: true } });
    const created = await h.newRuntime().fiatOnRampCredential.create(inputs);
    returned.push(created);
    expect(created.id).toBe(id);
    const all = await live();
    expect(
      all.map((c) => [c.fiatOnrampCredentialId, c.projectId, decrypt(c.encryptedSecretApiKey), decrypt(c.encryptedPrivateApiKey)]),
    ).toEqual([[id, 'project-1', SECRET, PRIVATE]]);
    expect(await h.runtime.fiatOnRampCredential.diff(id, created.outs, inputs)).toEqual({ changes: false });
  });

  test('byPublishableApiKey does not take over a credential with another sandboxMode', async () => {
    const id = await existing(true);
    const created = await h.newRuntime().fiatOnRampCredential.create(await checked({ ...DECLARED, adopt: { byPublishableApiKey: true } }));
    expect(created.id).not.toBe(id);
    expect((await live()).length).toBe(2);
  });

  test('by id with another sandboxMode is refused', async () => {
    const id = await existing(true);
    const inputs = await checked({ ...DECLARED, adopt: { id } });
    const error = await failure(h.newRuntime().fiatOnRampCredential.create(inputs));
    returned.push(error);
    expect(error).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `invalid request for adopt fiat on-ramp credential ${id}: sandboxMode: is true on the fiat on-ramp credential and cannot be changed ` +
        'in place; declare the same sandboxMode, or remove `adopt` to create a new fiat on-ramp credential',
    });
  });

  test('a failed key update after adopting reports the adopted id, with no secret in the error', async () => {
    const id = await existing(false);
    h.emulator.faults.set([
      { path: '/public/v1/submit/update_fiat_on_ramp_credential', status: 500, times: 1, message: 'storage offline' },
    ]);
    const error = await failure(h.newRuntime().fiatOnRampCredential.create(await checked({ ...DECLARED, adopt: { id } })), [
      'name',
      'id',
      'properties',
    ]);
    returned.push(error);
    const [credential] = await live();
    expect(error).toEqual({
      code: 'SERVER_ERROR',
      message: `adopted fiat on-ramp credential ${id}, but sending the declared keys failed: /public/v1/submit/update_fiat_on_ramp_credential: storage offline (HTTP 500, INTERNAL). Update fiat on-ramp credential ${id} did not take effect (the service has no activity with its fingerprint); running \`pulumi up\` again submits it`,
      name: 'PartialFailureError',
      id,
      properties: {
        fiatOnrampCredentialId: id,
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        projectId: '',
        publishableApiKey: DECLARED.publishableApiKey,
        sandboxMode: false,
        organizationId: h.org,
        encryptedSecretApiKey: credential!.encryptedSecretApiKey,
      },
    });
  });
});

describe('secrets never leak', () => {
  test('no plain-text secret, API private key or encryption private key in anything the provider returned', () => {
    const text = JSON.stringify(returned);
    expect(returned.length).toBe(10);
    for (const secret of [SECRET, PRIVATE, ROTATED, BY_HAND, 'sk_old', h.emulator.credentials.apiPrivateKey, encryptionPrivateKey]) {
      expect(text).not.toContain(secret);
    }
  });
});
