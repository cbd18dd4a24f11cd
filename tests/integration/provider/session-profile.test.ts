// SessionProfile through the provider's own methods against the emulator: scope checked at preview,
// create, read, every field a replacement, adoption (by id must match; by name is a full match), and
// delete leaving the profile in place with a warning.
import { expect } from '@jest/globals';
import { checkAndCreate, checkedInputs, failure, useHarness } from '../../support/provider-harness';
import { createRuntime } from '@walletinfra/pulumi/runtime/providers';

const h = useHarness();

const DECLARED = { sessionProfileName: 'read-only', scope: "activity.action != 'EXPORT'", expirationSeconds: 1800 };

function checked(news: Record<string, unknown>): Promise<Record<string, unknown>> {
  return checkedInputs(h.runtime.sessionProfile, news);
}

test('check: the scope goes through the policy-language checker; expiration is whole seconds', async () => {
  const result = await h.runtime.sessionProfile.check(
    {},
    { sessionProfileName: 'p', scope: "activity.actoin != 'EXPORT'", expirationSeconds: '0' },
  );
  expect(result.failures).toEqual([
    { property: 'expirationSeconds', reason: 'must be greater than zero; omit it for the service default (900)' },
    {
      property: 'scope',
      reason: expect.stringMatching(/^unknown field 'actoin' of Activity; did you mean 'action'\? \(line 1, column 10\)$/),
    },
  ]);
  expect((await h.runtime.sessionProfile.check({}, { sessionProfileName: 'p', scope: 'true', expirationSeconds: 1.5 })).failures).toEqual([
    { property: 'expirationSeconds', reason: 'must be a whole number of seconds, got number 1.5' },
  ]);
});

describe('SessionProfile lifecycle', () => {
  let id: string;
  let inputs: Record<string, unknown>;
  let outs: Record<string, unknown>;

  test('create, then read equals the state', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.sessionProfile, DECLARED));
    expect(outs).toEqual({ ...DECLARED, expirationSeconds: '1800', notes: '', organizationId: h.org, sessionProfileId: id });
    expect(await h.newRuntime().sessionProfile.read(id, outs)).toEqual({ id, props: outs, inputs });
    expect(await h.runtime.sessionProfile.diff(id, outs, { ...DECLARED, organizationId: h.org })).toEqual({ changes: false });
  });

  test.each([
    ['sessionProfileName', 'read-only-2'],
    ['scope', 'true'],
    ['expirationSeconds', '60'],
    ['notes', 'now with notes'],
  ])('changing %s replaces the profile', async (field, value) => {
    expect(await h.runtime.sessionProfile.diff(id, outs, { ...inputs, [field]: value })).toEqual({ changes: undefined, replaces: [field] });
  });

  test('changing only the credentials profile is in place and calls nothing that writes', async () => {
    h.resetRequests();
    const creds = h.emulator.credentials;
    const profiles = JSON.stringify({ ops: { apiPublicKey: creds.apiPublicKey, apiPrivateKey: creds.apiPrivateKey } });
    const updated = await h.newRuntime({ 'walletinfra:profiles': profiles }).sessionProfile.update(id, outs, { ...inputs, profile: 'ops' });
    expect(updated.outs).toEqual({ ...outs, profile: 'ops' });
    expect(h.requests()).toEqual([]);
  });

  test('adopt by id must match every field; by name adopts only a full match', async () => {
    expect(await failure(h.newRuntime().sessionProfile.create(await checked({ ...DECLARED, scope: 'true', adopt: { id } })))).toEqual({
      code: 'INVALID_REQUEST',
      message: `invalid request for adopt session profile ${id}: scope: is "activity.action != 'EXPORT'" on the session profile and cannot be changed in place; declare the same scope, or remove \`adopt\` to create a new session profile`,
    });
    const byId = await h.newRuntime().sessionProfile.create(await checked({ ...DECLARED, adopt: { id } }));
    expect(byId.id).toBe(id);
    const byName = await h.newRuntime().sessionProfile.create(await checked({ ...DECLARED, adopt: { byName: true } }));
    expect(byName.id).toBe(id);
    const other = await h.newRuntime().sessionProfile.create(await checked({ ...DECLARED, notes: 'v2', adopt: { byName: true } }));
    expect(other.id).not.toBe(id);
    expect((await h.client.getSessionProfiles({})).sessionProfiles.map((p) => p.sessionProfileId).sort()).toEqual([id, other.id].sort());
  });

  test('delete leaves the profile in the service and says so', async () => {
    const lines: string[] = [];
    const rt = createRuntime({ config: (k) => h.config[k], env: {}, now: h.clock.now, warn: (l) => lines.push(l) });
    h.resetRequests();
    await rt.sessionProfile.delete(id, outs);
    await rt.context.close();
    expect(h.requests()).toEqual([]);
    expect(lines).toEqual([
      `warning: session profile ${id} "read-only" was left in place in organization ${h.org}: the service cannot delete session profiles. Pulumi no longer manages it; login activities that name its id can still use it.`,
    ]);
    expect((await h.client.getSessionProfile({ sessionProfileId: id })).sessionProfile.sessionProfileName).toBe('read-only');
  });
});
