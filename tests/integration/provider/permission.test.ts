// An API key whose user is not a root user, under the emulator's policy enforcement: a resource's write
// that no policy allows (or that a policy denies) fails with one message naming the public key, the
// organization, the settings they came from and what to check. Reads are not subject to policies
// (docs/service-behaviour.md#transport), so a data source and the drift command's policy-impact reader
// still work with such a key.
import { AdminUser, generatedKey } from '../../support/emulator';
import { join } from 'node:path';
import { createDataSources } from '@walletinfra/pulumi/datasources';
import { clientReader } from '@walletinfra/pulumi/policy-review/organization';
import { resolveSettings } from '@walletinfra/pulumi/config';
import { createContext, type OwnedContext } from '@walletinfra/pulumi/context';
import { checkedInputs, failure, useHarness } from '../../support/provider-harness';

const h = useHarness({ emulator: { seed: join(__dirname, '..', '..', '..', 'emulator', 'seeds', 'example.json') } });
let org: string;
let user: { userId: string; publicKey: string; privateKey: string };
let keyConfig: Record<string, string>;
const contexts: OwnedContext[] = [];

beforeAll(async () => {
  org = h.org;
  const added = await h.admin('POST', '/users', { userName: 'ci-bot', generateApiKey: true });
  if (added.status !== 200) throw new Error(`admin users: ${JSON.stringify(added.json)}`);
  const parsed = AdminUser.parse(added.json);
  user = { userId: parsed.userId, ...generatedKey(parsed) };
  keyConfig = { 'walletinfra:apiPublicKey': user.publicKey, 'walletinfra:apiPrivateKey': user.privateKey };
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const policy = (policyName: string) => ({
  policyName,
  effect: 'EFFECT_ALLOW',
  condition: "activity.action == 'SIGN'",
  notes: 'permission',
});

/** The error of `create` of a policy by the non-root key, whose message starts with what every denial says. */
async function denied(policyName: string): Promise<{ code: unknown; message: string }> {
  const rt = h.newRuntime(keyConfig);
  const seen = await failure(rt.policy.create(await checkedInputs(rt.policy, policy(policyName))));
  const opening =
    `API key ${user.publicKey} (from stack config walletinfra:apiPublicKey) may not create_policy in organization ${org} ` +
    `(from stack config walletinfra:organizationId): `;
  const message = String(seen.message);
  expect(message.slice(0, opening.length)).toBe(opening);
  return { code: seen.code, message: message.slice(opening.length) };
}

const service = (said: string) =>
  `(the service said: /public/v1/submit/create_policy: request not authorized: ${said} (HTTP 403, REQUEST_NOT_AUTHORIZED))`;

test('no policy allows the key: the write names the key, the organization, both settings and the policies to check', async () => {
  expect(await denied('by a non-root key')).toEqual({
    code: 'POLICY_DENIED',
    message:
      `no policy of the organization allows it for the key's user, which is not a root user. Check the policies that would ` +
      `allow it (their consensus must approve this user or key, and their condition match the activity), or use the key of a ` +
      `root user (root users are not subject to policies) ` +
      service('No policies evaluated to outcome: Allow'),
  });
  expect((await h.client.listPolicies()).policies.filter((p) => p.policyName === 'by a non-root key')).toEqual([]);
});

test('a policy denies the key: the write names the denying policy', async () => {
  const { policyId } = (
    await h.client.createPolicy({
      policyName: 'no policy edits by ci-bot',
      effect: 'EFFECT_DENY',
      consensus: `approvers.any(user, user.id == '${user.userId}')`,
      condition: "activity.resource == 'POLICY'",
      notes: 'permission',
    })
  ).result;
  expect(await denied('denied for ci-bot')).toEqual({
    code: 'POLICY_DENIED',
    message:
      `policies ${policyId} deny it (a deny wins over every allow). Check those policies, or use the key of a root user ` +
      `(root users are not subject to policies) ` +
      service(`The following policies denied this action: ${policyId}`),
  });
});

test("a parent organization's key writing to a sub-organization: refused whatever the policies say, naming both and the way out", async () => {
  const ds = createDataSources(() => h.runtime.context);
  const [child] = (await ds.subOrganizations.promise({ filterType: 'NAME', filterValue: 'Customer 1001' })).organizationIds;
  const inputs = await checkedInputs(h.runtime.policy, { ...policy('in the sub-organization'), organizationId: child });
  expect(await failure(h.runtime.policy.create(inputs))).toEqual({
    code: 'PERMISSION_DENIED',
    message:
      `API key ${h.emulator.credentials.apiPublicKey} (from stack config walletinfra:apiPublicKey) may not create_policy in organization ` +
      `${child} (from the resource input organizationId), whatever the policies say: check that the key belongs to a user of that ` +
      `organization (a parent organization's key may only read its sub-organizations: write with the sub-organization's own key, ` +
      `e.g. through a profile in walletinfra:profiles) and that the operation is open to it (the service said: ` +
      `/public/v1/submit/create_policy: request not authorized: a parent organization has read-only access to its sub-organizations: ` +
      `the API key that signed this request belongs to user ${h.emulator.credentials.userId} of the parent organization ` +
      `${h.emulator.credentials.organizationId}; sign writes to sub-organization ${child} with an API key of one of its own users ` +
      `(such as its delegated-access user) (HTTP 403, REQUEST_NOT_AUTHORIZED))`,
  });
});

test('reads are not subject to policies: a data source and the drift policy-impact reader work with the same key', async () => {
  const config = { ...h.config, ...keyConfig };
  const ctx = createContext({ config: (k) => config[k], env: {}, now: h.clock.now });
  contexts.push(ctx);
  const policies = await createDataSources(() => ctx).policies.promise();
  expect(policies.policies.map((p) => p.policyName)).toContain('no policy edits by ci-bot');
  const reader = clientReader(resolveSettings({ config: (k) => config[k], env: {} }));
  expect((await reader.listPolicies()).map((p) => p.policyName)).toContain('no policy edits by ci-bot');
});
