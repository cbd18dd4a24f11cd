// What policies depend on, through the real Pulumi CLI, on one stack (tests/e2e/programs/policy-dependencies): the
// shipped policy pack run by `pulumi preview --policy-pack` on a program with one violation per lint rule (each
// reported on its resource, the preview failing under mandatory enforcement, the Policy checks' own warnings shown
// by the engine); then a SmartContractInterface, a VelocityControl and a Policy using both through up → drift
// (walletinfra-drift: clean, then a control deleted and made again by hand: deleted on its resource, the new one
// in the unmanaged-objects report; before that, `walletinfra-policy lint --stack` on a misspelled function name,
// which stops the preview) → walletinfra-export → up of the exported project,
// which adopts everything → `preview --expect-no-changes`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DISK, runExport } from '@walletinfra/pulumi/export/cli';
import { runDrift } from '../support/e2e/drift';
import { REPO_ROOT, run } from '../support/e2e/process';
import { PulumiProject } from '../support/e2e/project';
import { useTestStack } from '../support/e2e/stack';

jest.setTimeout(600_000);

const e2e = useTestStack('policy-dependencies', {
  program: 'policy-dependencies',
  config: { 'walletinfra-baseline:lintViolations': 'true' },
});

const PACK = join(REPO_ROOT, 'provider', 'policy-pack');
const TOKEN = '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48';

/** Each rule, and the resource of the program that violates it. */
const VIOLATIONS: Array<[string, string]> = [
  ['allow-shadowed-by-deny', 'shadowed-export'],
  ['allow-without-condition', 'allow-anything'],
  ['contract-call-interface', 'unknown-contract'],
  ['deny-never-matches', 'never-denies'],
  ['field-never-carried', 'wallets-on-chain'],
  ['management-without-consensus', 'policies-alone'],
  ['unsatisfiable-consensus', 'five-approvers'],
  ['unscoped-signing-or-export', 'sign-anything'],
];

test('1. the policy pack reports one violation per rule on its resource, and the mandatory pack fails the preview', async () => {
  const result = await e2e.project.pulumi(['preview', '--stack', e2e.project.stack, '--policy-pack', PACK], [1, 255]);
  const text = `${result.stdout}\n${result.stderr}`;
  expect(text).toContain('walletinfra@v0.1.0');
  const reported = [...text.matchAll(/\[mandatory\] {2}([a-z-]+) {2}\(pulumi-nodejs:dynamic\/walletinfra:Policy: ([a-z-]+)\)/g)].map(
    (m) => [m[1], m[2]],
  );
  expect(reported).toEqual(VIOLATIONS);
  // the violation's message: why, how to fix, how to silence
  expect(text).toContain(
    `policy "lint: sign with any key" condition: unscoped-signing-or-export: this ALLOW covers signing with any wallet or key: it names no wallet, private key, tag or address, so one compromised approver can move or export everything; scope it, e.g. wallet.id == '<WALLET_ID>' or eth.tx.to == '<CONTRACT_ADDRESS>' (to accept it for this policy, add 'lint-ignore: unscoped-signing-or-export' to its notes; see docs/policy-lint.md#unscoped-signing-or-export)`,
  );
  // the lint-ignore of "allow anything" silenced its unscoped signing
  expect(reported.filter(([, name]) => name === 'allow-anything')).toEqual([['allow-without-condition', 'allow-anything']]);
  // the Policy checks warned too (walletinfra:policyLint defaults to warn), as engine warnings
  expect(text).toContain(
    `warning: walletinfra: policy "lint: calls to a contract without its ABI" condition (line 1, column 125): contract-call-interface: eth.tx.function_name is read for calls to 0xdAC17F958D2ee523a2206206994597C13D831ec7, but no smart-contract interface (ABI) is declared for that address`,
  );
  // the policy using the planned interface and control has nothing to say
  expect(text).not.toContain('USDC transfers within the daily limit');
});

test('1b. walletinfra-policy lint --stack: a function name the ABI lacks stops the preview; the refusal is reported, exit 1', async () => {
  await e2e.project.setConfig('walletinfra-baseline:transferFunction', 'transfr');
  const bin = join(REPO_ROOT, 'provider', 'dist', 'policy-review', 'cli.js');
  const linted = await run(process.execPath, [bin, 'lint', '--stack', e2e.project.stack, '--cwd', e2e.project.dir], {
    cwd: e2e.project.dir,
    env: e2e.project.env,
  });
  expect(linted.code).toBe(1);
  expect(linted.stdout).toContain(
    `error: Policy usdc-transfers condition: refused by the preview: function 'transfr' is not in the interface uploaded for ${TOKEN}, so eth.tx.function_name never equals it; did you mean 'transfer'?`,
  );
  expect(linted.stdout).toMatch(/; 1 resource refused by the preview\n$/);
  expect(linted.stderr).toContain('[policy] the preview stopped: the provider refused usdc-transfers');
  await e2e.project.setConfig('walletinfra-baseline:transferFunction', 'transfer');
});

let ids: Record<string, string>;

/** The ids of the organization's interfaces, controls and policies. */
async function inventory(): Promise<string[][]> {
  const client = e2e.org.client;
  const [interfaces, controls, policies] = await Promise.all([
    client.listSmartContractInterfaces({}),
    client.listVelocityControls({}),
    client.listPolicies({}),
  ]);
  return [
    interfaces.smartContractInterfaces.map((i) => i.smartContractInterfaceId).sort(),
    controls.velocityControls.map((c) => c.velocityControlId).sort(),
    policies.policies.map((p) => p.policyId).sort(),
  ];
}

test('2. up creates the interface, the control and the policy reading both', async () => {
  await e2e.project.setConfig('walletinfra-baseline:lintViolations', 'false');
  await e2e.project.up();
  ids = (await e2e.project.outputs()) as Record<string, string>;
  const client = e2e.org.client;
  const sci = (await client.getSmartContractInterface({ smartContractInterfaceId: ids.interfaceId as string })).smartContractInterface;
  const abi = JSON.parse(sci.smartContractInterface) as Array<{ name: string }>;
  expect([sci.smartContractAddress, abi.map((f) => f.name)]).toEqual([TOKEN, ['transfer', 'approve']]);
  const control = (await client.getVelocityControl({ velocityControlId: ids.velocityControlId as string })).velocityControl;
  expect(control.identifier).toBe('daily_signatures');
  const policy = (await client.getPolicy({ policyId: ids.policyId as string })).policy;
  expect(policy.condition).toBe(
    `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfer' && controls.daily_signatures`,
  );
});

test('3. walletinfra-drift: clean; a control deleted and made again by hand: deleted on its resource, the new one unmanaged', async () => {
  const clean = await runDrift(e2e.project, ['--stack', e2e.project.stack]);
  expect(clean.code).toBe(0);
  expect(clean.json).toMatchObject({ mode: 'drift', summary: { drifted: 0, deletedOutsideCode: 0, clean: 3 } });

  const control = (await e2e.org.client.getVelocityControl({ velocityControlId: ids.velocityControlId as string })).velocityControl;
  await e2e.org.client.deleteVelocityControl({ velocityControlId: control.velocityControlId });
  // made again by hand (a new id), so the organization is whole again for the export
  const { dataSource, aggregation, name, identifier } = control;
  const remade = await e2e.org.client.createVelocityControl({ name, identifier, dataSource, aggregation } as Parameters<
    typeof e2e.org.client.createVelocityControl
  >[0]);
  const drift = await runDrift(e2e.project, ['--stack', e2e.project.stack]);
  expect(drift.code).toBe(2);
  expect(drift.json).toMatchObject({ summary: { drifted: 0, deletedOutsideCode: 1, clean: 2 } });
  expect(drift.markdown).toContain(`### VelocityControl\n\n#### daily-signatures (\`${control.velocityControlId}\`): deleted outside code`);
  const { unmanaged } = drift.json as {
    unmanaged: { organizations: Array<{ kinds: Array<{ type: string; objects: Array<{ id: string; name: string; status: string }> }> }> };
  };
  const unmanagedOf = (type: string) =>
    unmanaged.organizations[0]?.kinds.find((k) => k.type === type)?.objects.map((o) => [o.id, o.name, o.status]);
  expect(unmanagedOf('VelocityControl')).toEqual([[remade.result.velocityControlId, name, 'unmanaged']]);
  expect(unmanagedOf('SmartContractInterface')).toEqual([]);
});

test('4. walletinfra-export declares them; up of the exported project adopts everything; preview --expect-no-changes', async () => {
  const dir = join(e2e.project.dir, 'exported');
  const env = {
    WALLETINFRA_ORGANIZATION_ID: e2e.org.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: e2e.org.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: e2e.org.apiPrivateKey,
    WALLETINFRA_BASE_URL: e2e.org.baseUrl,
  };
  expect(await runExport(['--out', dir], { env, stdout: () => undefined, stderr: () => undefined, ...DISK })).toBe(0);
  const index = readFileSync(join(dir, 'index.ts'), 'utf8');
  expect(index).toContain('new walletinfra.SmartContractInterface("usdc", {');
  expect(index).toContain('new walletinfra.VelocityControl("signatures-per-day", {');
  expect(index).toContain('// ---- Smart-contract interfaces ----');

  const exported = await PulumiProject.open(dir);
  await exported.setConfig('walletinfra:organizationId', e2e.org.organizationId);
  await exported.setConfig('walletinfra:apiPublicKey', e2e.org.apiPublicKey);
  await exported.setConfig('walletinfra:apiPrivateKey', e2e.org.apiPrivateKey, true);
  await exported.setConfig('walletinfra:baseUrl', e2e.org.baseUrl);
  await exported.setConfig('walletinfra:allowLoopbackWebhookUrls', 'true');
  const before = await inventory();
  await exported.up();
  expect(await inventory()).toEqual(before);
  await exported.pulumi(['preview', '--expect-no-changes', '--stack', exported.stack]);
});
