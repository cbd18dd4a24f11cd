// One object, one owner, for every resource with an id from the service: a create whose values match an
// earlier run's completed create (an interrupted run's object is adopted rather than duplicated) must not take
// that object when another resource of the same update still holds it. Here the resource that holds it is
// edited away from those values (a rename, or a change that replaces), and the new resource with the old values
// is declared first, so the engine diffs the holder only while the create already waits (DECLARATION_WAIT_MS on the
// harness's clock). The IP allowlist is left out: it has no create activity to adopt (its id is its scope).
import { DECLARATION_WAIT_MS } from '@walletinfra/pulumi/context';
import type { KindMember } from '@walletinfra/pulumi/resources/kinds';
import type { DynamicProvider } from '@walletinfra/pulumi/runtime/providers';
import { checkedInputs, useHarness } from '../../support/provider-harness';

const h = useHarness({ emulator: { seed: { privateKeys: [{ privateKeyName: 'k1' }] } } });
let keyId: string;
beforeAll(async () => {
  keyId = (await h.client.listPrivateKeys({})).privateKeys[0]!.privateKeyId;
});

interface Row {
  member: KindMember;
  /** What the first run declares, and the second declares again for the new resource. */
  declared: () => Record<string, unknown>;
  /** The holder's values in the second run. */
  edited: () => Record<string, unknown>;
  /** The edit is made in place (an update follows the diff) rather than by replacement. */
  inPlace: boolean;
}

const ROWS: Row[] = [
  {
    member: 'policy',
    declared: () => ({ policyName: 'owned-p', effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT'", notes: 'one owner' }),
    edited: () => ({ policyName: 'owned-p2', effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT'", notes: 'one owner' }),
    inPlace: true,
  },
  {
    member: 'webhookEndpoint',
    declared: () => ({ url: 'https://hooks.example.com/owned', name: 'owned-w', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] }),
    edited: () => ({ url: 'https://hooks.example.com/owned', name: 'owned-w2', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] }),
    inPlace: true,
  },
  {
    member: 'fiatOnRampCredential',
    declared: () => ({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      projectId: 'owned-1',
      publishableApiKey: 'pk_owned',
      secretApiKey: 'sk_owned_0123456789',
    }),
    edited: () => ({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      projectId: 'owned-2',
      publishableApiKey: 'pk_owned',
      secretApiKey: 'sk_owned_0123456789',
    }),
    inPlace: true,
  },
  {
    member: 'privateKeyTag',
    declared: () => ({ privateKeyTagName: 'owned-t', privateKeyIds: [keyId] }),
    edited: () => ({ privateKeyTagName: 'owned-t2', privateKeyIds: [keyId] }),
    inPlace: true,
  },
  {
    member: 'sessionProfile',
    declared: () => ({ sessionProfileName: 'owned-s', scope: 'true', notes: 'one owner' }),
    edited: () => ({ sessionProfileName: 'owned-s2', scope: 'true', notes: 'one owner' }),
    inPlace: false,
  },
];

test.each(ROWS)(
  '$member: a create with the values another resource of the update is edited away from waits for its diff and creates its own object',
  async ({ member, declared, edited, inPlace }) => {
    const first = await h.runtime[member].create(await checkedInputs(h.runtime[member], declared()));
    // The second run: the first resource is edited, a new one declares its old values and is created first.
    const rt = h.newRuntime();
    const resource: DynamicProvider = rt[member];
    const olds = { ...first.outs };
    const news = await checkedInputs(resource, edited());
    const waits: number[] = [];
    h.onSleep.hook = async (ms) => {
      waits.push(ms);
      if (waits.length > 1) return;
      // The update lands before the diff is announced, so a unique name is free when the create goes on.
      if (inPlace) await resource.update(first.id, olds, news);
      await resource.diff(first.id, olds, news);
    };
    const before = h.clock.now();
    let second;
    try {
      second = await resource.create(await checkedInputs(resource, declared()));
    } finally {
      h.onSleep.hook = undefined;
    }
    // It waited for the holder's diff (once, within the budget), then made its own object.
    expect(waits).toEqual([DECLARATION_WAIT_MS]);
    expect(h.clock.now() - before).toBe(DECLARATION_WAIT_MS);
    expect(second.id).not.toBe(first.id);
    expect((await rt[member].read(second.id, second.outs)).id).toBe(second.id);
    expect((await rt[member].read(first.id, first.outs)).id).toBe(first.id);
  },
);

// Two identical resources whose creates were both interrupted after the service committed: each takes one of
// the two objects, also when both creates run at once (as the engine runs them) and wait on the same one.
test('two identical webhook endpoints, both interrupted: each takes its own earlier object', async () => {
  const declared = { url: 'https://hooks.example.com/twins', name: 'twins', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] };
  // One run makes both (a run never adopts its own creates); a second later, so the bodies differ.
  const earlier: string[] = [];
  for (const _ of [1, 2]) {
    h.clock.advance(1000);
    earlier.push((await h.runtime.webhookEndpoint.create(await checkedInputs(h.runtime.webhookEndpoint, declared))).id);
  }
  expect(new Set(earlier).size).toBe(2);
  const rt = h.newRuntime();
  const inputs = await checkedInputs(rt.webhookEndpoint, declared);
  // Both creates wait on the same earlier object, and their waits end together.
  let release!: () => void;
  const both = new Promise<void>((resolve) => (release = resolve));
  let waiting = 0;
  h.onSleep.hook = async () => {
    if (++waiting === 2) release();
    await both;
  };
  let taken;
  try {
    taken = await Promise.all([rt.webhookEndpoint.create(inputs), rt.webhookEndpoint.create(inputs)]);
  } finally {
    h.onSleep.hook = undefined;
  }
  expect(waiting).toBe(3);
  expect(taken.map((t) => t.id).sort()).toEqual([...earlier].sort());
  expect((await h.client.listWebhookEndpoints({})).webhookEndpoints.filter((e) => e.name === 'twins').length).toBe(2);
});
