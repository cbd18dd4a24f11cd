// R5: after a whole lifecycle through the real Pulumi CLI (up, preview, refresh, the drift command, an update,
// outputs, destroy), the secrets appear nowhere in plaintext: not in Pulumi state or stack config, not in any
// CLI output, not in the drift reports, not in the emulator's log, not in the emulator's data dir. The stack
// uses an API key of its own (a second root user), so the data dir — which holds the emulator's bootstrap
// credentials by design — must not contain it either.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDrift } from '../support/e2e/drift';
import { ONRAMP_SECRET, WEBHOOK_URL } from '../support/e2e/organization';
import { PulumiProject } from '../support/e2e/project';
import type { RunResult } from '../support/e2e/process';
import { configureProvider, startLoggedEmulator, type LoggedEmulator } from '../support/reliability/pulumi-org';
import { report, SOAK } from '../support/reliability/measure';

jest.setTimeout(3_600_000);

let dataDir: string;
let org: LoggedEmulator;
let project: PulumiProject;
let stackKey: { publicKey: string; privateKey: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'walletinfra-r5-'));
  org = await startLoggedEmulator({ dataDir });
  const user = await fetch(`${org.emulator.adminUrl}/users`, {
    method: 'POST',
    headers: org.adminHeaders,
    body: JSON.stringify({ userName: 'pulumi', root: true, generateApiKey: true }),
  });
  stackKey = ((await user.json()) as { apiKeys: Array<{ publicKey: string; privateKey: string }> }).apiKeys[0]!;
  project = await PulumiProject.create('r5');
  await configureProvider(project, org.emulator, stackKey);
  await project.setConfig('webhookUrl', WEBHOOK_URL);
  await project.setConfig('onRampSecretApiKey', ONRAMP_SECRET, true);
  // the stack's own user stays in the root quorum the baseline declares
  await project.setConfig('rootUserNames', JSON.stringify(['root', 'pulumi']));
});
afterAll(async () => {
  project?.remove();
  await org?.emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function filesText(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'node_modules') continue;
    if (statSync(path).isDirectory()) out.push(...filesText(path));
    else out.push([path, readFileSync(path, 'latin1')]);
  }
  return out;
}

test('R5: no plaintext secret in state, config, CLI output, drift reports, emulator logs or data dir after the lifecycle', async () => {
  // inside `npm test` the short lifecycle (up, drift, outputs, destroy); under soak every command
  const outputs: RunResult[] = [];
  outputs.push(await project.up());
  if (SOAK) {
    outputs.push(await project.pulumi(['preview', '--diff', '--stack', project.stack]));
    outputs.push(await project.pulumi(['refresh', '--yes', '--stack', project.stack]));
  }
  const drift = await runDrift(project, ['--stack', project.stack]);
  if (SOAK) {
    await project.setConfig('signingApprovals', '3');
    outputs.push(await project.up());
    outputs.push(await project.pulumi(['stack', 'export', '--stack', project.stack]));
    outputs.push(await project.pulumi(['config', '--stack', project.stack]));
  }
  outputs.push(await project.pulumi(['stack', 'output', '--json', '--stack', project.stack]));
  const stateAndConfig = filesText(project.dir);
  outputs.push(await project.pulumi(['destroy', '--yes', '--stack', project.stack]));
  const places: Array<[string, string]> = [
    ...stateAndConfig.map(([p, t]) => [`state/config ${p.slice(project.dir.length + 1)}`, t] as [string, string]),
    ...outputs.map((o, i) => [`CLI output #${i + 1}`, `${o.stdout}\n${o.stderr}`] as [string, string]),
    ['drift command output', `${drift.stdout}\n${drift.stderr}`],
    ['drift JSON report', JSON.stringify(drift.json ?? '')],
    ['drift Markdown report', drift.markdown ?? ''],
    ['emulator log', org.log.join('\n')],
    ...filesText(dataDir).map(([p, t]) => [`data dir ${p.slice(dataDir.length + 1)}`, t] as [string, string]),
  ];
  const secrets: Array<[string, string]> = [
    ['on-ramp secret API key', ONRAMP_SECRET],
    ["the stack's API private key", stackKey.privateKey],
  ];
  const found: string[] = [];
  for (const [where, text] of places) for (const [what, secret] of secrets) if (text.includes(secret)) found.push(`${what} in ${where}`);
  // the emulator's own bootstrap key lives in its data dir by design (credentials.json, 0600); anywhere else it is a leak
  for (const [where, text] of places)
    if (!where.startsWith('data dir') && text.includes(org.emulator.credentials.apiPrivateKey))
      found.push(`the emulator's root API private key in ${where}`);
  const fig = report({
    id: 'R5',
    what: `after the e2e lifecycle (${SOAK ? 'up, preview, refresh, drift command, update, export, config, outputs, destroy' : 'up, drift command, outputs, destroy'}): ${places.length} places scanned — Pulumi state and stack config, CLI output, drift reports, emulator log, emulator data dir`,
    goal: '0 plaintext secrets (fiat secrets, API private key)',
    figure: `${found.length} plaintext secrets found in ${places.length} places (${secrets.length + 1} secrets searched; drift exit ${drift.code})`,
    ok: found.length === 0 && (drift.code === 0 || drift.code === 2),
    count: places.length,
    file: 'tests/reliability/r5-secrets-at-rest.test.ts',
    notes: found,
  });
  expect({ found, driftExit: drift.code === 0 || drift.code === 2 ? 'ran' : `${drift.code}: ${drift.stderr.slice(0, 300)}` }).toEqual({
    found: [],
    driftExit: 'ran',
  });
  expect(fig.ok).toBe(true);
});
