// A TypeScript program's stack config check (preflight) with `walletinfra:profiles` holding one key set with
// `--secret --path` and one without: Pulumi marks the whole value secret (pulumi.runtime.isConfigSecret says
// true), so the program reads the stack's config file to find the key stored in plain text, and refuses it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import { preflight, startNewProgram } from '@walletinfra/pulumi/program/process';

const project = mkdtempSync(join(tmpdir(), 'stack-file-'));
const program = join(project, 'src');
mkdirSync(join(project, 'stacks'));
mkdirSync(program);
writeFileSync(join(project, 'Pulumi.yaml'), 'name: infra\nruntime: nodejs\nmain: src\nstackConfigDir: stacks\n');
const file = join(project, 'stacks', 'Pulumi.dev.yaml');
const cwd = process.cwd();

const PROFILES = JSON.stringify({
  prod: { organizationId: '00000000-0000-4000-8000-000000000001', apiPublicKey: '02ab', apiPrivateKey: 'ab' },
  dev: { organizationId: '00000000-0000-4000-8000-000000000002', apiPublicKey: '02cd', apiPrivateKey: 'cd' },
});

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: {} }), call: () => ({}) },
    'infra',
    'acme/infra/dev',
  );
  // The program runs in `main` (src/), below the project's Pulumi.yaml.
  process.chdir(program);
  pulumi.runtime.setAllConfig({ 'walletinfra:profiles': PROFILES }, ['walletinfra:profiles']);
});
afterAll(() => {
  process.chdir(cwd);
  pulumi.runtime.setAllConfig({});
  rmSync(project, { recursive: true, force: true });
});
beforeEach(() => startNewProgram());

const secure = (name: string) => `    ${name}:\n      apiPrivateKey:\n        secure: v1:AAAA\n`;
const plain = (name: string) => `    ${name}:\n      apiPrivateKey: cd\n`;

test('the profile key stored in plain text beside an encrypted one is refused, naming it, the file and the fix', () => {
  writeFileSync(file, `config:\n  walletinfra:profiles:\n${secure('prod')}${plain('dev')}`);
  expect(() => preflight()).toThrow(
    `walletinfra configuration: stack config walletinfra:profiles.dev.apiPrivateKey holds an API private key in plain text in ${file} ` +
      '(Pulumi marks walletinfra:profiles secret as a whole because another of its keys is encrypted, but this one is not): ' +
      "encrypt it with `pulumi config set --secret --path 'walletinfra:profiles.dev.apiPrivateKey' <value>`, and rotate the key if the file was ever shared",
  );
});

test('every key encrypted: accepted', () => {
  writeFileSync(file, `config:\n  walletinfra:profiles:\n${secure('prod')}${secure('dev')}`);
  expect(() => preflight()).not.toThrow();
});
