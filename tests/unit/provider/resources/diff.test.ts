// diff: both sides normalised the same way; `changes: false` when nothing changed, otherwise
// `changes: undefined` (engine computes per-property diffs) with `replaces` listing changed immutables.
import {
  CHANGED_OUTSIDE_PULUMI,
  fingerprintMatches,
  SECRET_KEPT,
  secretFingerprint,
} from '@walletinfra/pulumi/resources/fiatOnRampCredential/secrets';
import { sameValue, toDiffResult } from '@walletinfra/pulumi/resources/common/diff';
import { fiatOnRampCredential } from '@walletinfra/pulumi/resources/fiatOnRampCredential/spec';
import { policy } from '@walletinfra/pulumi/resources/policy/spec';
import { webhookEndpoint } from '@walletinfra/pulumi/resources/webhookEndpoint/spec';
import { diffKind } from '@walletinfra/pulumi/runtime/lifecycles';
import { UNKNOWN } from '@walletinfra/pulumi/wire';

type Values = Record<string, unknown>;
const diffPolicy = (olds: Values, news: Values) => diffKind(policy, olds, news);
const diffWebhookEndpoint = (olds: Values, news: Values) => diffKind(webhookEndpoint, olds, news);
const diffFiatOnRampCredential = (olds: Values, news: Values) => diffKind(fiatOnRampCredential, olds, news);

const policyOuts = {
  policyId: 'pol-1',
  policyName: 'allow-treasury',
  effect: 'EFFECT_ALLOW',
  condition: "activity.resource == 'WALLET'",
  consensus: '',
  notes: '',
  time: '',
  organizationId: 'org-1',
};

describe('toDiffResult', () => {
  test('no change, in-place change, replacement', () => {
    expect(toDiffResult({ changed: [], replaces: [] })).toEqual({ changes: false });
    expect(toDiffResult({ changed: ['notes'], replaces: [] })).toEqual({ changes: undefined });
    expect(toDiffResult({ changed: ['subscriptions', 'name'], replaces: ['subscriptions'] })).toEqual({
      changes: undefined,
      replaces: ['subscriptions'],
    });
    expect(toDiffResult({ changed: ['sandboxMode'], replaces: ['sandboxMode'] }, true)).toEqual({
      changes: undefined,
      replaces: ['sandboxMode'],
      deleteBeforeReplace: true,
    });
  });
});

describe('Policy diff', () => {
  const news = {
    policyName: 'allow-treasury',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'WALLET'",
    organizationId: 'org-1',
    __provider: 'x',
  };

  test('absent and empty optional fields are the same (docs/service-behaviour.md#policies)', () => {
    expect(diffPolicy(policyOuts, news)).toEqual({ changed: [], replaces: [] });
  });

  test('every field updates in place', () => {
    expect(
      diffPolicy(policyOuts, {
        ...news,
        policyName: 'n2',
        effect: 'EFFECT_DENY',
        condition: '',
        consensus: 'approvers.count() >= 2',
        notes: 'n',
        time: 'true',
      }),
    ).toEqual({
      changed: ['policyName', 'effect', 'condition', 'consensus', 'notes', 'time'],
      replaces: [],
    });
  });

  test('another organization replaces; an unknown one too', () => {
    expect(diffPolicy(policyOuts, { ...news, organizationId: 'org-2' })).toEqual({
      changed: ['organizationId'],
      replaces: ['organizationId'],
    });
    expect(diffPolicy(policyOuts, { ...news, organizationId: UNKNOWN })).toEqual({
      changed: ['organizationId'],
      replaces: ['organizationId'],
    });
  });

  test('a profile change is an in-place change (outputs must record it for read and delete)', () => {
    expect(diffPolicy(policyOuts, { ...news, profile: 'eu' })).toEqual({ changed: ['profile'], replaces: [] });
  });

  test('adopt is inert after creation', () => {
    expect(diffPolicy(policyOuts, { ...news, adopt: { byName: true } })).toEqual({ changed: [], replaces: [] });
  });
});

describe('WebhookEndpoint diff', () => {
  const outs = {
    endpointId: 'wh-1',
    url: 'https://hooks.example.com/a',
    name: 'ops',
    isActive: true,
    subscriptions: [
      { eventType: 'ACTIVITY_UPDATES', isActive: true },
      { eventType: 'BALANCE_CONFIRMED_UPDATES', filtersJson: '{"a":1,"b":2}', isActive: true },
    ],
    organizationId: 'org-1',
  };

  test('subscription order, default isActive and filter formatting are not changes', () => {
    const news = {
      url: 'https://hooks.example.com/a',
      name: 'ops',
      organizationId: 'org-1',
      subscriptions: [{ eventType: 'BALANCE_CONFIRMED_UPDATES', filtersJson: '{ "b": 2, "a": 1 }' }, { eventType: 'ACTIVITY_UPDATES' }],
    };
    expect(diffWebhookEndpoint(outs, news)).toEqual({ changed: [], replaces: [] });
  });

  test('url, name and isActive update in place', () => {
    expect(diffWebhookEndpoint(outs, { ...outs, url: 'https://hooks.example.com/b', name: 'ops2', isActive: false })).toEqual({
      changed: ['url', 'name', 'isActive'],
      replaces: [],
    });
  });

  test('subscriptions replace (update cannot change them, docs/service-behaviour.md#webhook-endpoints)', () => {
    expect(diffWebhookEndpoint(outs, { ...outs, name: 'x', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] })).toEqual({
      changed: ['name', 'subscriptions'],
      replaces: ['subscriptions'],
    });
    expect(diffWebhookEndpoint(outs, { ...outs, subscriptions: UNKNOWN })).toEqual({
      changed: ['subscriptions'],
      replaces: ['subscriptions'],
    });
  });
});

describe('FiatOnRampCredential diff', () => {
  const salt = new Uint8Array(16).fill(7);
  const outs = {
    fiatOnrampCredentialId: 'fc-1',
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
    projectId: '',
    publishableApiKey: 'pk_1',
    sandboxMode: false,
    encryptedSecretApiKey: 'cipher-1',
    secretApiKeyFingerprint: secretFingerprint('sk_1', salt),
    organizationId: 'org-1',
  };
  const news = {
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
    publishableApiKey: 'pk_1',
    secretApiKey: 'sk_1',
    organizationId: 'org-1',
  };

  test('the same plaintext secret is no change, whatever the ciphertext', () => {
    expect(diffFiatOnRampCredential(outs, news)).toEqual({ changed: [], replaces: [] });
  });

  test('a new secret, a new private key, an unknown secret', () => {
    expect(diffFiatOnRampCredential(outs, { ...news, secretApiKey: 'sk_2' })).toEqual({ changed: ['secretApiKey'], replaces: [] });
    expect(diffFiatOnRampCredential(outs, { ...news, privateApiKey: 'pr_1' })).toEqual({ changed: ['privateApiKey'], replaces: [] });
    expect(diffFiatOnRampCredential(outs, { ...news, secretApiKey: UNKNOWN })).toEqual({ changed: ['secretApiKey'], replaces: [] });
  });

  test('a secret changed outside Pulumi (read recorded it) is a change', () => {
    expect(diffFiatOnRampCredential({ ...outs, secretApiKeyFingerprint: CHANGED_OUTSIDE_PULUMI }, news)).toEqual({
      changed: ['secretApiKey'],
      replaces: [],
    });
  });

  test('inputs a refresh reconstructed (SECRET_KEPT) are no change while the fingerprint holds', () => {
    expect(diffFiatOnRampCredential(outs, { ...news, secretApiKey: SECRET_KEPT })).toEqual({ changed: [], replaces: [] });
    expect(
      diffFiatOnRampCredential({ ...outs, secretApiKeyFingerprint: CHANGED_OUTSIDE_PULUMI }, { ...news, secretApiKey: SECRET_KEPT }),
    ).toEqual({
      changed: ['secretApiKey'],
      replaces: [],
    });
  });

  test('already-encrypted secrets compare as given', () => {
    const encOuts = { ...outs, secretApiKeyFingerprint: undefined };
    const encNews = { ...news, secretApiKey: undefined, encryptedSecretApiKey: 'cipher-1' };
    expect(diffFiatOnRampCredential(encOuts, encNews)).toEqual({ changed: [], replaces: [] });
    expect(diffFiatOnRampCredential(encOuts, { ...encNews, encryptedSecretApiKey: 'cipher-2' })).toEqual({
      changed: ['encryptedSecretApiKey'],
      replaces: [],
    });
    // switching from plain text to an encrypted input is a change (we cannot tell whether it is the same secret)
    expect(diffFiatOnRampCredential(outs, encNews)).toEqual({ changed: ['encryptedSecretApiKey'], replaces: [] });
  });

  test('removing the private key is a change', () => {
    expect(diffFiatOnRampCredential({ ...outs, encryptedPrivateApiKey: 'c' }, news)).toEqual({
      changed: ['encryptedPrivateApiKey'],
      replaces: [],
    });
  });

  test('sandboxMode replaces; the provider, project and publishable key update in place', () => {
    expect(diffFiatOnRampCredential(outs, { ...news, sandboxMode: true })).toEqual({ changed: ['sandboxMode'], replaces: ['sandboxMode'] });
    expect(
      diffFiatOnRampCredential(outs, {
        ...news,
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
        projectId: 'p',
        publishableApiKey: 'pk_2',
      }),
    ).toEqual({
      changed: ['onrampProvider', 'projectId', 'publishableApiKey'],
      replaces: [],
    });
  });
});

describe('secret fingerprints', () => {
  test('salted HMAC-SHA256, recognised only for the same plaintext', () => {
    const fp = secretFingerprint('sk_1', new Uint8Array(16).fill(1));
    // known answer: HMAC-SHA256 keyed by sixteen 0x01 bytes over "sk_1"
    expect(fp).toBe('hmac-sha256:01010101010101010101010101010101:2a5f57b195c4fecaafbbae50fcbd9ad934fbd402db8013edb81fda41e141569d');
    expect(fp).not.toContain('sk_1');
    expect(fingerprintMatches(fp, 'sk_1')).toBe(true);
    expect(fingerprintMatches(fp, 'sk_2')).toBe(false);
    expect(secretFingerprint('sk_1', new Uint8Array(16).fill(2))).not.toBe(fp);
    expect([
      fingerprintMatches(undefined, 'x'),
      fingerprintMatches('hmac-sha256:zz:00', 'x'),
      fingerprintMatches(CHANGED_OUTSIDE_PULUMI, 'x'),
    ]).toEqual([false, false, false]);
  });
});

describe('sameValue', () => {
  test('structural, with absent and undefined keys equal', () => {
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue([{ a: [1, 2] }], [{ a: [1, 2] }])).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
  });

  test('answers as deep-equal (strict) on the wire values for every pair, scalars included', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const deepEqual = require('deep-equal') as (a: unknown, b: unknown, o: { strict: boolean }) => boolean;
    const wire = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
    const values: unknown[] = [
      ...[undefined, null, '', 'a', '1', 1, 0, -0, 1.5, NaN, Infinity, true, false, {}, [], { a: 1 }, [1], { a: undefined }],
      // the same value with its keys in another order (different JSON text), and near misses
      ...[
        { a: 1, b: [{ c: 'x', d: 2 }] },
        { b: [{ d: 2, c: 'x' }], a: 1 },
        { a: 1, b: [{ c: 'x', d: 3 }] },
        [{ c: 'x', d: 2 }],
        [{ d: 2, c: 'x' }],
      ],
    ];
    for (const a of values) {
      for (const b of values) expect([a, b, sameValue(a, b)]).toEqual([a, b, deepEqual(wire(a), wire(b), { strict: true })]);
    }
  });
});
