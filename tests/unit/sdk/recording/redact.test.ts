// What a recording may not hold: secrets, private keys, ciphertexts and personal data, replaced by stable
// placeholders of the same form; everything else kept as it is.
import { IDENTIFIER_PLACEHOLDER, Redactor, redactionOfField, SECRET_PLACEHOLDER } from '@walletinfra/sdk/recording';

const KEY = new Uint8Array(32).fill(7);
const PRIVATE_KEY = '4f0c1b5f2a9e8d7c6b5a49382716f5e4d3c2b1a09f8e7d6c5b4a392817f6e5d4';

describe('by field name', () => {
  test.each([
    ['apiPrivateKey', 'secret'],
    ['privateKey', 'secret'],
    ['encryptedSecretApiKey', 'secret'],
    ['encryptedPrivateApiKey', 'secret'],
    ['exportBundle', 'secret'],
    ['credentialBundle', 'secret'],
    ['oidcToken', 'secret'],
    ['verificationToken', 'secret'],
    ['otpCode', 'secret'],
    ['mnemonic', 'secret'],
    ['signature', 'secret'],
    ['attestation', 'secret'],
    ['userEmail', 'email'],
    ['userPhoneNumber', 'phone'],
    ['userName', 'name'],
    ['authenticatorName', 'name'],
    ['contact', 'contact'],
    ['url', 'url'],
    ['redirectUrl', 'url'],
  ])('%s is redacted as %s', (field, as) => {
    expect(redactionOfField(field)).toBe(as);
  });

  test.each([
    'privateKeyId',
    'privateKeyIds',
    'privateKeyTags',
    'privateKeyTagName',
    'publicKey',
    'apiKeyName',
    'policyName',
    'name',
    'fingerprint',
    'organizationId',
  ])('%s is kept', (field) => {
    expect(redactionOfField(field)).toBeUndefined();
  });
});

describe('a request and an answer with planted secrets and personal data', () => {
  const planted = {
    organizationId: 'org-1',
    parameters: {
      users: [{ userName: 'Ada Lovelace', userEmail: 'ada@analytical.example.org', userPhoneNumber: '+447700900123', apiKeys: [] }],
      encryptedSecretApiKey: 'hpke:0badc0ffee0badc0ffee',
      publishableApiKey: 'pk_live_visible',
      bundle: { encappedPublicKey: '04ab', ciphertext: 'cd' },
      url: 'https://hooks.example.net/T0123/secret-token?sig=abc',
      notes: `reach ada@analytical.example.org or +447700900123; the key is ${PRIVATE_KEY}`,
      privateKeyIds: ['pk-1'],
    },
  };

  test('none of the planted values is left, and the placeholders keep their form', () => {
    const redactor = new Redactor({ key: KEY, secrets: [PRIVATE_KEY] });
    const out = redactor.json(planted) as typeof planted;
    const text = JSON.stringify(out);
    for (const value of [
      'Ada Lovelace',
      'ada@analytical.example.org',
      '+447700900123',
      '0badc0ffee',
      PRIVATE_KEY,
      'T0123',
      'secret-token',
      'sig=abc',
      '04ab',
    ]) {
      expect([value, text.includes(value)]).toEqual([value, false]);
    }
    const user = out.parameters.users[0];
    expect(user?.userEmail).toMatch(/^redacted-[0-9a-f]{12}@example\.com$/);
    expect(user?.userPhoneNumber).toMatch(/^\+1555\d{7}$/);
    expect(user?.userName).toMatch(/^redacted-[0-9a-f]{12}$/);
    expect(out.parameters.encryptedSecretApiKey).toMatch(SECRET_PLACEHOLDER);
    expect(out.parameters.bundle).toMatch(SECRET_PLACEHOLDER);
    expect(out.parameters.url).toMatch(/^https:\/\/hooks\.example\.net\/redacted-[0-9a-f]{12}$/);
    // What is no secret stays.
    expect(out.organizationId).toBe('org-1');
    expect(out.parameters.publishableApiKey).toBe('pk_live_visible');
    expect(out.parameters.privateKeyIds).toEqual(['pk-1']);
  });

  test('the same value has the same placeholder everywhere under one key, another under another key', () => {
    const a = new Redactor({ key: KEY, secrets: [PRIVATE_KEY] });
    const out = a.json(planted) as typeof planted;
    const email = out.parameters.users[0]?.userEmail ?? '';
    const phone = out.parameters.users[0]?.userPhoneNumber ?? '';
    expect(out.parameters.notes).toBe(`reach ${email} or ${phone}; the key is ${a.placeholder('secret', PRIVATE_KEY)}`);
    expect(new Redactor({ key: KEY }).json(planted)).toEqual(new Redactor({ key: KEY }).json(planted));
    expect(JSON.stringify(new Redactor({ key: new Uint8Array(32).fill(8) }).json(planted))).not.toContain(email);
  });

  test('redacting a recording again changes nothing', () => {
    const redactor = new Redactor({ key: KEY, secrets: [PRIVATE_KEY] });
    const once = redactor.json(planted);
    expect(new Redactor({ key: new Uint8Array(32).fill(9) }).json(once)).toEqual(once);
  });

  test("JSON inside a string (a vote's signed message: the whole request body) is redacted by the same rules", () => {
    const vote = { votes: [{ message: JSON.stringify(planted), signature: '3045022100ab', publicKey: '02ab' }] };
    const out = new Redactor({ key: KEY, secrets: [PRIVATE_KEY] }).json(vote) as {
      votes: Array<{ message: string; signature: string; publicKey: string }>;
    };
    expect(JSON.parse(out.votes[0]?.message ?? '')).toEqual(new Redactor({ key: KEY, secrets: [PRIVATE_KEY] }).json(planted));
    expect(out.votes[0]?.signature).toMatch(SECRET_PLACEHOLDER);
    expect(out.votes[0]?.publicKey).toBe('02ab');
  });

  test('secrets named later in a run are removed too (a function is asked each time)', () => {
    const later: string[] = [];
    const redactor = new Redactor({ key: KEY, secrets: () => later });
    expect(redactor.text('sk_test_made_later_in_the_run')).toBe('sk_test_made_later_in_the_run');
    later.push('sk_test_made_later_in_the_run');
    expect(redactor.text('sk_test_made_later_in_the_run')).toMatch(SECRET_PLACEHOLDER);
  });

  test('identifiers asked to be hidden (the organization id) become one placeholder wherever they appear', () => {
    const organizationId = '2602d821-087d-4f44-b8cd-86d8dcdd79a8';
    const answer = {
      organizationId,
      activity: { organizationId, id: 'a-1' },
      message: `organization ${organizationId} has no policy`,
      suborgs: ['5f1c0000-0000-4000-8000-000000000001'],
    };
    const redactor = new Redactor({ key: KEY, identifiers: [organizationId] });
    const out = redactor.json(answer) as typeof answer;
    expect(JSON.stringify(out)).not.toContain(organizationId);
    const hidden = redactor.placeholder('identifier', organizationId);
    expect(hidden).toMatch(IDENTIFIER_PLACEHOLDER);
    expect(out).toEqual({
      organizationId: hidden,
      activity: { organizationId: hidden, id: 'a-1' },
      message: `organization ${hidden} has no policy`,
      suborgs: ['5f1c0000-0000-4000-8000-000000000001'],
    });
    // Stable, and kept when redacted again; without the option the id stays (it is not a secret).
    expect(redactor.text(organizationId)).toBe(hidden);
    expect(new Redactor({ key: new Uint8Array(32).fill(9), identifiers: [organizationId] }).json(out)).toEqual(out);
    expect(new Redactor({ key: KEY }).json(answer)).toEqual(answer);
  });
});
