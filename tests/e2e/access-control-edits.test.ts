// Edits of the organization's access controls through the real engine (tests/e2e/programs/access-controls,
// one stack): new IP allowlist rules are one in-place update that sends the whole rule set (and a CIDR
// written with host bits is no change); a private-key tag's rename and new members are one in-place update
// whose add/remove sets the emulator records; a session profile's new scope is a replacement that leaves the
// old profile in the service and says so; destroy removes the lists and the tag and leaves the profiles;
// a second `up` adopts the profile destroy left and previews clean. The writes each step made are read back
// from the emulator's activity log.
import { join } from 'node:path';
import { configureStack, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { REPO_ROOT } from '../support/e2e/process';
import { PulumiProject, stepsByName, type PreviewStep } from '../support/e2e/project';

jest.setTimeout(600_000);

let org: TestOrganization;
let project: PulumiProject;
let keys: { k1: string; k2: string; k3: string };
let ciApiKey: string;

beforeAll(async () => {
  org = await startOrganization();
  org.emulator.seed({ privateKeys: [{ privateKeyName: 'k1' }, { privateKeyName: 'k2' }, { privateKeyName: 'k3' }] });
  const ids = new Map((await org.client.listPrivateKeys({})).privateKeys.map((k) => [k.privateKeyName, k.privateKeyId]));
  keys = { k1: ids.get('k1') as string, k2: ids.get('k2') as string, k3: ids.get('k3') as string };
  ciApiKey = (await org.client.getApiKeys({})).apiKeys.find((k) => k.apiKeyName === 'bob ci key')?.credential.publicKey as string;
  project = await PulumiProject.create('access-controls', 'e2e', {
    programDir: join(REPO_ROOT, 'tests', 'e2e', 'programs', 'access-controls'),
  });
  await configureStack(project, org);
  await project.setConfig('privateKeyIds', JSON.stringify(keys));
  await project.setConfig('ciApiKey', ciApiKey);
});

afterAll(async () => {
  await project?.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]);
  project?.remove();
  await org?.close();
});

type Write = [type: string, intent: unknown];

async function activityIds(): Promise<Set<string>> {
  return new Set((await org.client.listActivities({ paginationOptions: { limit: '100' } })).activities.map((a) => a.id));
}

/** The writes (activities) `step` caused, as [type, intent], sorted by type so concurrent writes compare alike. */
async function writesDuring<T>(step: () => Promise<T>): Promise<{ result: T; writes: Write[] }> {
  const before = await activityIds();
  const result = await step();
  const { activities } = await org.client.listActivities({ paginationOptions: { limit: '100' } });
  const writes = activities.filter((a) => !before.has(a.id)).map((a): Write => [a.type, Object.values(a.intent)[0]]);
  writes.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { result, writes };
}

async function rulesOf(publicKey?: string): Promise<Array<[string, string | undefined]>> {
  const { allowlist } = await org.client.getIpAllowlist(publicKey === undefined ? {} : { publicKey });
  return allowlist.rules.map((r) => [r.cidr, r.label]);
}

async function membersOf(tagId: string): Promise<string[]> {
  return (await org.client.listPrivateKeys({})).privateKeys
    .filter((k) => k.privateKeyTags.includes(tagId))
    .map((k) => k.privateKeyId)
    .sort();
}

async function readOnlyProfiles(): Promise<Array<[string, string]>> {
  const { sessionProfiles } = await org.client.getSessionProfiles({});
  return sessionProfiles
    .filter((p) => p.sessionProfileName === 'read-only')
    .map((p): [string, string] => [p.sessionProfileId, p.scope])
    .sort();
}

/** `pulumi preview`: the counts, the names of the resources it would change, and the step of `name`. */
async function preview(name: string): Promise<{ summary: Record<string, number> | undefined; changed: string[]; step: PreviewStep }> {
  const { digest } = await project.json(['preview']);
  const steps = stepsByName(digest);
  return {
    summary: digest.changeSummary,
    changed: Object.keys(steps).filter((n) => steps[n]?.op !== 'same'),
    step: steps[name] as PreviewStep,
  };
}

async function previewIsClean(): Promise<void> {
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
}

const outputText = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;
const leftInPlace = (id: string) => `session profile ${id} "read-only" was left in place in organization ${org.organizationId}`;

let tagId: string;
let firstProfileId: string;
let secondProfileId: string;

test('1. up: two allowlists set, the tag created with its members, the profile created', async () => {
  const { writes } = await writesDuring(() => project.up());
  expect(writes.map(([type]) => type)).toEqual([
    'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    'ACTIVITY_TYPE_CREATE_SESSION_PROFILE',
    'ACTIVITY_TYPE_SET_IP_ALLOWLIST',
    'ACTIVITY_TYPE_SET_IP_ALLOWLIST',
  ]);
  const outputs = await project.outputs();
  tagId = outputs.privateKeyTagId as string;
  firstProfileId = outputs.sessionProfileId as string;
  expect(await rulesOf()).toEqual([
    ['198.51.100.0/24', 'vpn'],
    ['203.0.113.0/24', 'office'],
  ]);
  expect(await rulesOf(ciApiKey)).toEqual([['192.168.1.0/24', 'runners']]);
  expect(await membersOf(tagId)).toEqual([keys.k1, keys.k2].sort());
  expect(await readOnlyProfiles()).toEqual([[firstProfileId, "activity.action != 'EXPORT'"]]);
  await previewIsClean();
});

test('2. new allowlist rules: one in-place update sending the whole rule set; 192.168.1.100/24 equals 192.168.1.0/24', async () => {
  project.editProgram("{ cidr: '198.51.100.0/24', label: 'vpn' },", "{ cidr: '192.0.2.0/24', label: 'datacenter' },");
  project.editProgram("{ cidr: '192.168.1.0/24', label: 'runners' }", "{ cidr: '192.168.1.100/24', label: 'runners' }");
  const { summary, changed, step } = await preview('organization');
  // The rewritten per-key CIDR is no change: only the organization's list changes.
  expect([summary, changed]).toEqual([{ update: 1, same: 4 }, ['organization']]);
  expect([step.op, step.diffReasons, step.replaceReasons ?? []]).toEqual(['update', ['rules'], []]);

  const { writes } = await writesDuring(() => project.up());
  expect(writes).toEqual([
    [
      'ACTIVITY_TYPE_SET_IP_ALLOWLIST',
      {
        enabled: false,
        rules: [
          { cidr: '192.0.2.0/24', label: 'datacenter' },
          { cidr: '203.0.113.0/24', label: 'office' },
        ],
        onEvaluationError: 'DENY',
      },
    ],
  ]);
  expect(await rulesOf()).toEqual([
    ['192.0.2.0/24', 'datacenter'],
    ['203.0.113.0/24', 'office'],
  ]);
  expect(await rulesOf(ciApiKey)).toEqual([['192.168.1.0/24', 'runners']]);
  await previewIsClean();
});

test('3. a renamed tag with other members: one in-place update with add/remove sets', async () => {
  project.editProgram("privateKeyTagName: 'cold',", "privateKeyTagName: 'frozen',");
  project.editProgram('privateKeyIds: [keys.k1, keys.k2],', 'privateKeyIds: [keys.k2, keys.k3],');
  const { summary, changed, step } = await preview('cold-keys');
  expect([summary, changed]).toEqual([{ update: 1, same: 4 }, ['cold-keys']]);
  expect([step.op, [...(step.diffReasons ?? [])].sort(), step.replaceReasons ?? []]).toEqual([
    'update',
    ['privateKeyIds', 'privateKeyTagName'],
    [],
  ]);

  const { writes } = await writesDuring(() => project.up());
  expect(writes).toEqual([
    [
      'ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG',
      { privateKeyTagId: tagId, newPrivateKeyTagName: 'frozen', addPrivateKeyIds: [keys.k3], removePrivateKeyIds: [keys.k1] },
    ],
  ]);
  expect((await project.outputs()).privateKeyTagId).toBe(tagId);
  expect((await org.client.listPrivateKeyTags({})).privateKeyTags.filter((t) => t.tagId === tagId).map((t) => t.tagName)).toEqual([
    'frozen',
  ]);
  expect(await membersOf(tagId)).toEqual([keys.k2, keys.k3].sort());
  await previewIsClean();
});

test('4. a new session profile scope: a replacement; up creates a profile and says the old one stays', async () => {
  const scope = "activity.action != 'EXPORT' && activity.action != 'DELETE'";
  project.editProgram(`scope: "activity.action != 'EXPORT'",`, `scope: "${scope}",`);
  const { summary, changed, step } = await preview('read-only');
  expect([summary, changed]).toEqual([{ replace: 1, same: 4 }, ['read-only']]);
  expect([step.op, step.replaceReasons]).toEqual(['replace', ['scope']]);

  const { result, writes } = await writesDuring(() => project.up());
  expect(writes.map(([type]) => type)).toEqual(['ACTIVITY_TYPE_CREATE_SESSION_PROFILE']);
  expect(outputText(result)).toContain(leftInPlace(firstProfileId));
  secondProfileId = (await project.outputs()).sessionProfileId as string;
  expect(secondProfileId).not.toBe(firstProfileId);
  expect(await readOnlyProfiles()).toEqual(
    [
      [firstProfileId, "activity.action != 'EXPORT'"],
      [secondProfileId, scope],
    ].sort(),
  );
  await previewIsClean();
});

test('5. destroy removes both lists and the tag, leaves the session profiles and says so', async () => {
  const { result, writes } = await writesDuring(() => project.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]));
  expect(writes.map(([type]) => type)).toEqual([
    'ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS',
    'ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST',
    'ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST',
  ]);
  expect(outputText(result)).toContain(leftInPlace(secondProfileId));
  expect([await rulesOf(), await rulesOf(ciApiKey)]).toEqual([[], []]);
  expect((await org.client.listPrivateKeyTags({})).privateKeyTags.filter((t) => t.tagId === tagId)).toEqual([]);
  expect((await readOnlyProfiles()).map(([id]) => id)).toEqual([firstProfileId, secondProfileId].sort());
});

test('6. up again adopts the profile destroy left (no duplicate) and previews clean', async () => {
  const { writes } = await writesDuring(() => project.up());
  expect(writes.map(([type]) => type)).toEqual([
    'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    'ACTIVITY_TYPE_SET_IP_ALLOWLIST',
    'ACTIVITY_TYPE_SET_IP_ALLOWLIST',
  ]);
  expect((await project.outputs()).sessionProfileId).toBe(secondProfileId);
  expect((await readOnlyProfiles()).map(([id]) => id)).toEqual([firstProfileId, secondProfileId].sort());
  await previewIsClean();
});
