// The fleet options file: strict, every error naming the field, the file and line it came from, and the fix.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fieldPath, loadOptionsFile } from '@walletinfra/pulumi/fleet/options';
import { parentSettings, resolveFleet } from '@walletinfra/pulumi/fleet/resolve';

const KEY = `02${'ab'.repeat(32)}`;
const dir = mkdtempSync(join(tmpdir(), 'fleet-options-'));
mkdirSync(join(dir, 'template'));
writeFileSync(join(dir, 'template', 'Pulumi.yaml'), 'name: tpl\nruntime: yaml\n');
const ENV = { WALLETINFRA_ORGANIZATION_ID: 'org-parent', WALLETINFRA_API_PUBLIC_KEY: KEY, WALLETINFRA_API_PRIVATE_KEY: 'cd'.repeat(32) };

function problem(text: string, file = 'fleet.yaml'): string {
  writeFileSync(join(dir, file), text);
  try {
    loadOptionsFile(file, dir);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
}

const GOOD = ['name: wallets', 'template: ./template', 'delegated:', `  apiPublicKey: "${KEY}"`].join('\n');

test('a good file is read with its defaults', () => {
  writeFileSync(join(dir, 'fleet.yaml'), GOOD);
  expect(loadOptionsFile('fleet.yaml', dir).options).toEqual({
    name: 'wallets',
    template: './template',
    delegated: { apiPublicKey: KEY },
    concurrency: 8,
    evaluation: 'auto',
  });
});

test('unknown keys list the known ones, at their line', () => {
  expect(problem(`${GOOD}\nconcurency: 4\n`)).toBe(
    'fleet.yaml:5: unknown field "concurency"; known: name, template, selector, parent, delegated, config, concurrency, retryBudgetMs, backend, evaluation, unmanaged, up',
  );
  expect(problem(`${GOOD}\nselector:\n  namez: [a]\n`)).toBe(
    'fleet.yaml:6: unknown selector field "namez"; known: all, names, ids, exclude',
  );
});

test('a wrong value names the field, what it must be and what it got, at its line', () => {
  expect(problem(`${GOOD}\nconcurrency: 0\n`)).toBe('fleet.yaml:5: concurrency must be a whole number from 1 to 64, got 0');
  expect(problem(`${GOOD}\nselector:\n  names: ["a", ""]\n`)).toBe('fleet.yaml:6: selector.names[1] must not be empty');
  expect(problem(`${GOOD}\nevaluation: sometimes\n`)).toBe(
    'fleet.yaml:5: evaluation must be auto or per-sub-organization, got "sometimes"',
  );
  expect(problem(`${GOOD}\nunmanaged:\n  kinds: [Users]\n`)).toContain(
    'fleet.yaml:6: unmanaged.kinds[0] must be a resource kind: Policy, WebhookEndpoint',
  );
  expect(problem(`${GOOD}\nunmanaged:\n  ignore:\n    - { kind: User }\n`)).toBe('fleet.yaml:7: unmanaged.ignore[0].reason is required');
  expect(problem(GOOD.replace(KEY, '02ab'))).toBe(
    'fleet.yaml:4: delegated.apiPublicKey must be a compressed P-256 public key in hex (66 characters, starting 02 or 03), got "02ab"',
  );
});

test('a missing field says what it holds', () => {
  expect(problem('name: wallets\ndelegated: { apiPublicKey: "x" }\n')).toBe(
    "fleet.yaml: template is required: the path of the template's Pulumi project directory, relative to this file, e.g. template: ./template",
  );
  expect(problem('name: wallets\ntemplate: ./t\ndelegated: {}\n')).toBe(
    'fleet.yaml:3: delegated names no key: give apiPublicKey (the delegated API key’s public half, hex), a profile whose environment holds it, or both',
  );
});

test('not YAML, not a map, no file', () => {
  expect(problem('name: [unclosed\n')).toMatch(/^fleet\.yaml:\d+: not valid YAML or JSON: /);
  expect(problem('- a\n- b\n')).toBe(
    'fleet.yaml: must be a map of options (name, template, delegated, ...); docs/fleet.md, "The options file"',
  );
  expect(() => loadOptionsFile('nope.yaml', dir)).toThrow(
    'nope.yaml: no such file; write the fleet\'s options there (docs/fleet.md, "The options file"), or pass --options FILE',
  );
});

test('JSON is YAML too', () => {
  expect(problem(JSON.stringify({ name: 'w', template: 't', delegated: { apiPublicKey: KEY }, extra: 1 }), 'fleet.json')).toMatch(
    /^fleet\.json:1: unknown field "extra"; known: /,
  );
});

test('the field of a message', () => {
  expect(fieldPath('selector.names[1] must not be empty')).toEqual(['selector', 'names', 1]);
  expect(fieldPath('unknown selector field "namez"; known: a')).toEqual(['selector', 'namez']);
  expect(fieldPath('unknown field "x"; known: a')).toEqual(['x']);
});

test('flags override the file; a bad flag value is named by the flag', () => {
  writeFileSync(
    join(dir, 'fleet.yaml'),
    `${GOOD}\nselector:\n  names: ["acme-*"]\n  exclude: ["acme-test"]\nconfig:\n  recipient: "0x1"\n`,
  );
  const fleet = resolveFleet('fleet.yaml', { names: ['globex-*'], concurrency: 3 }, dir, ENV);
  expect(fleet.selector.selector).toEqual({ names: ['globex-*'], exclude: ['acme-test'] });
  expect(fleet.selectorSource).toBe('--select-name/--select-id/--exclude');
  expect(fleet.concurrency).toBe(3);
  expect(fleet.config).toEqual({ 'tpl:recipient': '0x1' });
  expect(fleet.unmanagedKinds.map((k) => k.type)).toEqual([
    'UserTag',
    'User',
    'ApiKey',
    'RootQuorum',
    'Policy',
    'PrivateKeyTag',
    'SmartContractInterface',
    'VelocityControl',
  ]);
  expect(() => resolveFleet('fleet.yaml', { names: [''] }, dir, ENV)).toThrow(
    '--select-name/--select-id/--exclude: selector.names[0] must not be empty',
  );
  expect(() => resolveFleet('fleet.yaml', { template: 'nowhere' }, dir, ENV)).toThrow(
    `--template: template nowhere: no such directory (relative to ${dir}); point it at the template's Pulumi project`,
  );
});

test('the parent credentials: every variable a missing one may come from, and the fix', () => {
  expect(() => parentSettings(undefined, 'fleet.yaml', { WALLETINFRA_ORGANIZATION_ID: 'o' })).toThrow(
    'the parent credentials: WALLETINFRA_API_PUBLIC_KEY or TURNKEY_API_PUBLIC_KEY, WALLETINFRA_API_PRIVATE_KEY or TURNKEY_API_PRIVATE_KEY are not set; ' +
      'set the parent organization\'s id and a read-only API key of one of its users in the environment (docs/fleet.md, "Quick start")',
  );
  expect(() => parentSettings('parent', 'fleet.yaml:9', {})).toThrow(
    'the parent credentials (profile "parent", fleet.yaml:9): WALLETINFRA_PROFILE_PARENT_ORGANIZATION_ID, WALLETINFRA_PROFILE_PARENT_API_PUBLIC_KEY, ' +
      'WALLETINFRA_PROFILE_PARENT_API_PRIVATE_KEY are not set;',
  );
  expect(() => parentSettings(undefined, 'fleet.yaml', { ...ENV, WALLETINFRA_API_PUBLIC_KEY: 'zz' })).toThrow(
    'the parent credentials: apiPublicKey from environment variable WALLETINFRA_API_PUBLIC_KEY must be a hex string',
  );
  expect(parentSettings(undefined, 'fleet.yaml', ENV)).toMatchObject({ organizationId: 'org-parent', apiPublicKey: KEY });
});

test('the delegated key: from the file or its profile, and they must agree', () => {
  writeFileSync(join(dir, 'fleet.yaml'), 'name: w\ntemplate: ./template\ndelegated:\n  profile: delegated\n');
  expect(() => resolveFleet('fleet.yaml', {}, dir, ENV)).toThrow(
    "fleet.yaml:4: WALLETINFRA_PROFILE_DELEGATED_API_PUBLIC_KEY is not set; set the delegated API key's public half there, or as delegated.apiPublicKey",
  );
  expect(
    resolveFleet('fleet.yaml', {}, dir, { ...ENV, WALLETINFRA_PROFILE_DELEGATED_API_PUBLIC_KEY: KEY.toUpperCase() }).delegatedPublicKey,
  ).toBe(KEY);
  writeFileSync(join(dir, 'fleet.yaml'), `name: w\ntemplate: ./template\ndelegated:\n  apiPublicKey: "${KEY}"\n  profile: delegated\n`);
  expect(() =>
    resolveFleet('fleet.yaml', {}, dir, { ...ENV, WALLETINFRA_PROFILE_DELEGATED_API_PUBLIC_KEY: `03${'11'.repeat(32)}` }),
  ).toThrow(
    'fleet.yaml:4: delegated.apiPublicKey and WALLETINFRA_PROFILE_DELEGATED_API_PUBLIC_KEY name different keys; keep one, or make them the same',
  );
});
