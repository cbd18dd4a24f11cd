// walletinfra-export and API keys whose IP allowlist has no rules, against the emulator. Per the service's
// docs a key's own list, when present, overrides the organization-level list for that key, so a list without
// rules and no list may behave differently; but get_ip_allowlist answers both alike (no rules, DENY), so the
// export cannot see such a list and declares neither. A list without rules that reads otherwise
// (onEvaluationError ALLOW) is declared, and the provider adopts that declaration without a write. A program
// that declares a key's list without rules gets it set, since the read could not tell it was missing.
import { AdminUser, generatedKey } from '../../support/emulator';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISK, runExport } from '@walletinfra/pulumi/export/cli';
import { checkAndCreate, checkedInputs, present, useHarness } from '../../support/provider-harness';

const h = useHarness();
let out: string;
let rootKey: string;
let ciKey: string;

beforeAll(async () => {
  rootKey = h.emulator.credentials.apiPublicKey;
  ciKey = generatedKey(AdminUser.parse((await h.admin('POST', '/users', { userName: 'ci', generateApiKey: true })).json)).publicKey;
  out = mkdtempSync(join(tmpdir(), 'walletinfra-export-'));
});

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

async function exportedIndex(): Promise<string> {
  const env = {
    WALLETINFRA_ORGANIZATION_ID: h.config['walletinfra:organizationId'],
    WALLETINFRA_API_PUBLIC_KEY: h.config['walletinfra:apiPublicKey'],
    WALLETINFRA_API_PRIVATE_KEY: h.config['walletinfra:apiPrivateKey'],
    WALLETINFRA_BASE_URL: h.config['walletinfra:baseUrl'],
  };
  const stderr: string[] = [];
  const code = await runExport(['--out', out], {
    env,
    stdout: () => undefined,
    stderr: (t) => stderr.push(t),
    ...DISK,
    context: { now: h.clock.now },
    versions: { walletinfraPulumi: '0.1.0', pulumi: '3.248.0' },
  });
  expect([code, stderr.join('')]).toEqual([0, expect.stringContaining('walletinfra-export: wrote')]);
  return readFileSync(join(out, 'index.ts'), 'utf8');
}

async function readBack(publicKey: string) {
  const { allowlist } = await h.client.getIpAllowlist({ publicKey });
  return { rules: allowlist.rules, enabled: allowlist.enabled, onEvaluationError: allowlist.onEvaluationError };
}

test('a key whose list has no rules reads exactly like a key without a list, and neither is exported', async () => {
  const none = await readBack(ciKey);
  await h.client.setIpAllowlist({ publicKey: ciKey, rules: [] });
  expect(await readBack(ciKey)).toEqual(none);
  expect(none).toEqual({ rules: [], enabled: false, onEvaluationError: 'DENY' });
  expect(await exportedIndex()).not.toContain('new walletinfra.IpAllowlist(');
});

test('a list without rules that says ALLOW is exported, and the provider adopts it without a write', async () => {
  await h.client.setIpAllowlist({ publicKey: rootKey, rules: [], onEvaluationError: 'ALLOW' });
  const index = await exportedIndex();
  const declarations = index
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.includes('new walletinfra.IpAllowlist('));
  expect(declarations).toEqual([
    [
      'new walletinfra.IpAllowlist("api-key-emulator-root-key", {',
      `  publicKey: "${rootKey}",`,
      '  rules: [],',
      '  onEvaluationError: "ALLOW",',
      `  adopt: { id: "apiKey:${rootKey}" },`,
      '});',
    ].join('\n'),
  ]);

  h.resetRequests();
  const created = await checkAndCreate(h.newRuntime().ipAllowlist, {
    publicKey: rootKey,
    rules: [],
    onEvaluationError: 'ALLOW',
    adopt: { id: `apiKey:${rootKey}` },
  });
  expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual([]);
  const read = present(await h.newRuntime().ipAllowlist.read(created.id, created.outs));
  expect(await h.runtime.ipAllowlist.diff(created.id, read.props, created.inputs)).toEqual({ changes: false });
});

test('without adopt, a list that says ALLOW is not taken over silently', async () => {
  const inputs = await checkedInputs(h.runtime.ipAllowlist, { publicKey: rootKey, rules: [{ cidr: '198.51.100.7' }] });
  await expect(h.newRuntime().ipAllowlist.create(inputs)).rejects.toThrow(
    `the scope already has a list (0 rule(s), onEvaluationError ALLOW) that this resource would replace; add adopt: { id: "apiKey:${rootKey}" } to manage it`,
  );
  expect(await readBack(rootKey)).toEqual({ rules: [], enabled: false, onEvaluationError: 'ALLOW' });
});

test('a declared list without rules is set on create, though it reads like no list', async () => {
  await h.client.removeIpAllowlist({ publicKey: ciKey });
  h.resetRequests();
  await checkAndCreate(h.newRuntime().ipAllowlist, { publicKey: ciKey, rules: [] });
  expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual(['/public/v1/submit/set_ip_allowlist']);
  const activity = (await h.client.listActivities({ filterByType: ['ACTIVITY_TYPE_SET_IP_ALLOWLIST'] })).activities[0];
  expect(activity?.intent.setIpAllowlistIntent).toEqual({ publicKey: ciKey, rules: [], onEvaluationError: 'DENY' });
});
