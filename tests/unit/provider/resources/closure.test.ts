// The serialized provider (`__provider` in state) of each resource: small, free of credentials, the same
// text across serializations and across two builds, and nothing but a delegation to the installed package.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import * as ts from 'typescript';
import { fiatOnRampCredentialProvider } from '@walletinfra/pulumi/resources/fiatOnRampCredential/provider';
import { policyProvider } from '@walletinfra/pulumi/resources/policy/provider';
import { webhookEndpointProvider } from '@walletinfra/pulumi/resources/webhookEndpoint/provider';

const SECRETS = {
  TURNKEY_API_PRIVATE_KEY: 'a1'.repeat(32),
  WALLETINFRA_API_PRIVATE_KEY: 'b2'.repeat(32),
  WALLETINFRA_PROFILE_EU_API_PRIVATE_KEY: 'c3'.repeat(32),
};
const RESOURCES = [
  ['policy', policyProvider],
  ['webhookEndpoint', webhookEndpointProvider],
  ['fiatOnRampCredential', fiatOnRampCredentialProvider],
] as const;
const METHODS = ['configure', 'check', 'diff', 'create', 'read', 'update', 'delete'] as const;

/** What @pulumi/pulumi's dynamic.Resource stores: serializeFunction(() => provider) (docs/service-behaviour.md#request-stamps). */
async function serialize(provider: pulumi.dynamic.ResourceProvider): Promise<{ text: string; containsSecrets: boolean }> {
  const sf = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  return { text: sf.text, containsSecrets: sf.containsSecrets };
}

/** Compiles a provider.ts the way `tsc -b` does (the package's compiler options) and loads it. */
function build(dir: string): Record<string, pulumi.dynamic.ResourceProvider> {
  const file = path.join(__dirname, '../../../../provider/src/resources', dir, 'provider.ts');
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, strict: true },
    fileName: file,
  });
  const mod = { exports: {} as Record<string, pulumi.dynamic.ResourceProvider> };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the compiled provider.ts, loaded as Node would
  new Function('exports', 'require', 'module', outputText)(mod.exports, require, mod);
  return mod.exports;
}

let saved: NodeJS.ProcessEnv;
beforeAll(() => {
  saved = { ...process.env };
  Object.assign(process.env, SECRETS);
});
afterAll(() => {
  process.env = saved;
});

describe.each(RESOURCES)('%s provider', (member, provider) => {
  test('is small, holds no secret and no credential', async () => {
    const { text, containsSecrets } = await serialize(provider);
    expect(containsSecrets).toBe(false);
    expect(text.length).toBeLessThan(2500);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/process\.env|apiPrivateKey|WALLETINFRA_|TURNKEY_/);
  });

  test('the same text across serializations and across two builds', async () => {
    const dir = member;
    const first = (await serialize(provider)).text;
    const second = (await serialize(provider)).text;
    const buildA = Object.values(build(dir))[0]!;
    const buildB = Object.values(build(dir))[0]!;
    expect(second).toBe(first);
    expect((await serialize(buildA)).text).toBe(first);
    expect((await serialize(buildB)).text).toBe(first);
  });

  // Behaviour, not the serializer's text: loaded with a recording `require`, the provider asks for nothing but
  // the installed runtime and hands every call to it unchanged.
  test('requires only the installed runtime and delegates every method to it', async () => {
    const { text } = await serialize(provider);
    const calls: unknown[][] = [];
    const recorder =
      (name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        return Promise.resolve(`${name}-result`);
      };
    const fakeRuntime: Record<string, unknown> = { configure: recorder('configure') };
    fakeRuntime[member] = Object.fromEntries(METHODS.slice(1).map((m) => [m, recorder(`${member}.${m}`)]));
    const required: string[] = [];
    const fakeRequire = (id: string) => {
      required.push(id);
      return fakeRuntime;
    };
    const mod = { exports: {} as { handler: () => pulumi.dynamic.ResourceProvider } };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the serialized text, loaded as the engine would
    new Function('exports', 'require', 'module', text)(mod.exports, fakeRequire, mod);
    const loaded = mod.exports.handler() as Required<pulumi.dynamic.ResourceProvider>;
    const config = { get: () => undefined, require: () => '' };
    const results = await Promise.all([
      loaded.configure({ config }),
      loaded.check({ a: 1 }, { a: 2 }),
      loaded.diff('id-1', { a: 1 }, { a: 2 }),
      loaded.create({ a: 2 }),
      loaded.read('id-1', { a: 1 }),
      loaded.update('id-1', { a: 1 }, { a: 2 }),
      loaded.delete('id-1', { a: 1 }),
    ]);
    expect(results).toEqual(['configure-result', ...METHODS.slice(1).map((m) => `${member}.${m}-result`)]);
    expect(calls).toEqual([
      ['configure', { config }],
      [`${member}.check`, { a: 1 }, { a: 2 }],
      [`${member}.diff`, 'id-1', { a: 1 }, { a: 2 }],
      [`${member}.create`, { a: 2 }],
      [`${member}.read`, 'id-1', { a: 1 }],
      [`${member}.update`, 'id-1', { a: 1 }, { a: 2 }],
      [`${member}.delete`, 'id-1', { a: 1 }],
    ]);
    expect([...new Set(required)]).toEqual(['@walletinfra/pulumi/dist/runtime']);
  });
});

test('the three providers differ only in the resource they delegate to', async () => {
  const [p, w, f] = await Promise.all(RESOURCES.map(([, provider]) => serialize(provider)));
  expect(w!.text).toBe(p!.text.replaceAll('.policy.', '.webhookEndpoint.'));
  expect(f!.text).toBe(p!.text.replaceAll('.policy.', '.fiatOnRampCredential.'));
});
