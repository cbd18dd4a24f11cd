// The unmanaged-objects report writes its declarations in the stacks' own language: the project's runtime
// (Pulumi.yaml) says YAML, Python or Go, a Node.js stack's state says whether it is on the native provider. The
// declarations are the ones `walletinfra-export --language <it>` writes for the same objects (that program is
// run through Pulumi in tests/e2e/native-migration.test.ts, where it adopts every object).
import { main, type ChangeReport, type CliDeps, type UnmanagedReport } from '@walletinfra/pulumi/drift';
import { renderProject } from '@walletinfra/pulumi/export/render';
import { PROGRAM_FILE, type ProgramLanguage } from '@walletinfra/pulumi/native/examples';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  apiKeys,
  deployment,
  fakeReaders,
  ORG,
  policy,
  PUBLIC_KEY,
  privateKeyTag,
  resource,
  sessionProfile,
  stackConfig,
  stateRunner,
  user,
  type FakeOrganization,
} from '../../../support/drift-inventory';

const kind = (type: string): AnyKind => KINDS.find((k) => k.type === type) as AnyKind;
const POLICY = kind('Policy');

const ROOT_USER = user('u-root', 'root', [['k-root', 'bootstrap', PUBLIC_KEY]]);
const MALLORY = user('u-mallory', 'mallory', [['k-spare', 'spare key', `03${'c'.repeat(64)}`]]);
/** One declared policy; everything else made outside code: users and their keys, a policy, a tag, a session profile. */
const OBJECTS: Record<string, unknown[]> = {
  Policy: [policy('p-managed', 'allow signing'), policy('p-hand', 'allow exports', { condition: "activity.action == 'EXPORT'" })],
  User: [ROOT_USER, MALLORY],
  ApiKey: apiKeys([ROOT_USER, MALLORY]),
  PrivateKeyTag: [privateKeyTag('tag-1', 'cold-storage')],
  SessionProfile: [sessionProfile('sp-1', 'console login')],
};
const ORGANIZATION: FakeOrganization = { objects: OBJECTS, activities: [] };

/** A resource on the native provider, as its stack's state holds it. */
const native = (k: AnyKind, name: string, id: string) => ({
  ...resource(k, name, id),
  type: k.nativeToken,
  urn: `urn:pulumi:dev::baseline::${k.nativeToken}::${name}`,
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The drift check of a project whose Pulumi.yaml says `pulumiYaml`, its stack holding `state`. */
async function check(pulumiYaml: string, state = deployment([native(POLICY, 'signing', 'p-managed')])) {
  const project = mkdtempSync(join(tmpdir(), 'drift-language-'));
  dirs.push(project);
  writeFileSync(join(project, 'Pulumi.yaml'), pulumiYaml);
  const files: Record<string, string> = {};
  const deps: CliDeps = {
    runner: stateRunner({ dev: { config: stackConfig(), state } }),
    now: () => new Date(Date.UTC(2026, 10, 22, 6, 0, 0)),
    stdout: () => undefined,
    stderr: () => undefined,
    writeFile: (p, t) => (files[p] = t),
    env: {},
    makeInventoryReader: fakeReaders({ [ORG]: ORGANIZATION }),
  };
  const code = await main(['--stack', 'dev', '--cwd', project, '--json-out', 'r.json', '--md-out', 'r.md'], deps);
  const report = (JSON.parse(files['r.json'] ?? '{}') as ChangeReport).unmanaged as Extract<UnmanagedReport, { status: 'evaluated' }>;
  const declarations = report.organizations.flatMap((o) => o.kinds.flatMap((k) => k.objects.map((x) => x.declaration)));
  return { code, report, declarations, markdown: files['r.md'] ?? '' };
}

/** What `walletinfra-export --language <language>` writes for the objects no stack declares. */
function exported(language: ProgramLanguage): string {
  const objects = { ...OBJECTS, Policy: OBJECTS.Policy!.filter((p) => (p as { policyId: string }).policyId !== 'p-managed') };
  const result = renderProject({ organizationId: ORG, objects }, { language, versions: { walletinfraPulumi: '0.1.0', pulumi: '3.248.0' } });
  return result.files[PROGRAM_FILE[language]] ?? '';
}

/** A declaration without the comment lines the kind's notes make (the exported program has them elsewhere). */
const code = (declaration: string, comment: string): string =>
  declaration
    .split('\n')
    .filter((l) => !l.startsWith(`${comment} `))
    .join('\n');

/** The fenced block of the folded declarations in the Markdown, with its info string. */
function declarationsBlock(markdown: string): { info: string; code: string } {
  const m = /<summary>Declarations that adopt them<\/summary>\n\n(`{3,})(\w*)\n([\s\S]*?)\n\1\n/.exec(markdown);
  if (m === null) throw new Error(`no declarations block in:\n${markdown}`);
  return { info: m[2] ?? '', code: m[3] ?? '' };
}

describe('the declarations are in the stack language', () => {
  test('YAML (runtime: yaml): entries under resources:, the same as walletinfra-export --language yaml writes', async () => {
    const { code, report, declarations, markdown } = await check('name: org\nruntime: yaml\n');
    expect(code).toBe(2);
    expect(report.declarations).toEqual({ language: 'yaml', provider: 'native', from: "the project's runtime yaml" });
    expect(declarations).toHaveLength(7);
    expect(declarations).toContain(
      [
        'allow-exports:',
        '  type: walletinfra:index:Policy',
        '  properties:',
        '    policyName: allow exports',
        '    effect: EFFECT_ALLOW',
        "    condition: activity.action == 'EXPORT'",
        '    adopt:',
        '      id: p-hand',
      ].join('\n'),
    );
    // The folded block is one YAML document: its resources are exactly the exported program's.
    const block = declarationsBlock(markdown);
    expect(block.info).toBe('yaml');
    const program = parse(exported('yaml')) as { resources: Record<string, unknown> };
    expect(parse(block.code)).toEqual({ resources: program.resources });
    expect(markdown).toContain(
      '`walletinfra-export --language yaml` writes them all) and run `pulumi up`. ' +
        "The declarations are YAML on the native provider (the project's runtime yaml). ",
    );
  });

  test('Python (runtime: { name: python, options }): each declaration as walletinfra-export --language python writes it', async () => {
    const { report, declarations, markdown } = await check(
      'name: org\nruntime:\n  name: python\n  options:\n    toolchain: pip\n    virtualenv: venv\n',
    );
    expect(report.declarations).toEqual({ language: 'python', provider: 'native', from: "the project's runtime python" });
    expect(declarations).toContain(
      [
        'allow_exports = walletinfra.Policy(',
        '    "allow-exports",',
        '    policy_name="allow exports",',
        '    effect=walletinfra.PolicyEffect.ALLOW,',
        '    condition="activity.action == \'EXPORT\'",',
        '    adopt=walletinfra.PolicyAdoptArgs(',
        '        id="p-hand",',
        '    ),',
        ')',
      ].join('\n'),
    );
    const program = exported('python');
    expect(declarations.map((d) => code(d, '#')).filter((d) => !program.includes(d))).toEqual([]);
    // The kind's notes come first, as comments: a user's declaration says where its tags and keys are declared.
    expect(declarations.filter((d) => d.startsWith('# Tag membership is declared on the user tags'))).toHaveLength(2);
    expect(declarationsBlock(markdown).info).toBe('python');
  });

  test('Go (runtime: go): statements as walletinfra-export --language go writes them, de-indented', async () => {
    const { report, declarations } = await check('name: org\nruntime: go\n');
    expect(report.declarations?.language).toBe('go');
    const program = exported('go');
    const indented = (d: string) =>
      code(d, '//')
        .split('\n')
        .filter((l) => !l.startsWith('_ = '))
        .map((l) => `\t\t${l}`)
        .join('\n');
    expect(declarations.filter((d) => !program.includes(indented(d)))).toEqual([]);
    expect(declarations.every((d) => /\n_ = \w+$/.test(d))).toBe(true);
  });

  test('Node.js: the native SDK when the state holds native resources, else the dynamic classes', async () => {
    const onNative = await check('name: org\nruntime: nodejs\n');
    expect(onNative.report.declarations).toEqual({
      language: 'typescript',
      provider: 'native',
      from: "the project's runtime nodejs and the native resources in its state",
    });
    expect(onNative.declarations).toContain(
      [
        'const allowExports = new walletinfra.Policy("allow-exports", {',
        '  policyName: "allow exports",',
        '  effect: walletinfra.PolicyEffect.Allow,',
        '  condition: "activity.action == \'EXPORT\'",',
        '  adopt: {',
        '    id: "p-hand",',
        '  },',
        '});',
      ].join('\n'),
    );
    expect(onNative.markdown).toContain('`walletinfra-export --native` writes them all');
    const onDynamic = await check('name: org\nruntime: nodejs\n', deployment([resource(POLICY, 'signing', 'p-managed')]));
    expect(onDynamic.report.declarations?.provider).toBe('dynamic');
    expect(onDynamic.declarations).toContain(
      'new walletinfra.Policy("allow-exports", {\n  policyName: "allow exports",\n  effect: "EFFECT_ALLOW",\n  condition: "activity.action == \'EXPORT\'",\n  adopt: { id: "p-hand" },\n});',
    );
    expect(onDynamic.markdown).not.toContain('The declarations are');
  });

  test('a runtime without declarations here (.NET) gets TypeScript, and the report says why', async () => {
    const { report, markdown } = await check('name: org\nruntime: dotnet\n');
    expect(report.declarations).toEqual({
      language: 'typescript',
      provider: 'dynamic',
      from: 'TypeScript: declarations are not written for the runtime dotnet',
    });
    expect(markdown).toContain(
      'The declarations are TypeScript on the dynamic classes of `@walletinfra/pulumi` (TypeScript: declarations are not written for the runtime dotnet).',
    );
  });
});
