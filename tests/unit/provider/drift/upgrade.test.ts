// What a scheduled drift job sees after upgrading from 0.1.0: the unmanaged-objects report turns a green job
// red with nothing changed at the service. The CHANGELOG says so under `### Breaking` and names the one flag
// that keeps 0.1.0's exit codes; this test takes the flag from the CHANGELOG's own words and runs it, so the
// entry and the behaviour cannot part. The workflow example and the READMEs name the flag too.
import { main, type CliDeps, type EngineEventLike, type StackRunner } from '@walletinfra/pulumi/drift';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployment, fakeReaders, ORG, policy, resource, stackConfig, type FakeOrganization } from '../../../support/drift-inventory';

const ROOT = join(__dirname, '..', '..', '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const events = (name: string): EngineEventLike[] => JSON.parse(read(`tests/fixtures/drift/${name}.json`)) as EngineEventLike[];
const POLICY = KINDS.find((k) => k.type === 'Policy') as AnyKind;

/** The `### Breaking` subsection of `## Unreleased`. */
function breakingSection(changelog: string): string {
  const unreleased = changelog.split(/^## /m).find((s) => s.startsWith('Unreleased')) ?? '';
  return unreleased.split(/^### /m).find((s) => s.startsWith('Breaking\n')) ?? '';
}

const changelog = read('provider/CHANGELOG.md');
const entry = breakingSection(changelog)
  .split(/^- /m)
  .find((e) => e.includes('`walletinfra-drift`'));
/** The flag the entry says keeps 0.1.0's exit codes. */
const flag = /To keep 0\.1\.0's exit codes, add\s+`(--[a-z-]+)`/.exec(entry ?? '')?.[1];

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'drift-upgrade-'));
  writeFileSync(join(project, 'Pulumi.yaml'), 'name: baseline\nruntime: nodejs\n');
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** A stack declaring one policy, in an organization that also holds one made in the dashboard. */
function check(script: 'refresh-clean' | 'refresh-drift', organization: FakeOrganization | undefined, extra: string[]) {
  const runner: StackRunner = {
    run: (_mode, _stack, _dir, onEvent) => Promise.resolve(events(script).forEach(onEvent)),
    pulumiVersion: () => Promise.resolve('3.248.0'),
    stackConfig: () => Promise.resolve(stackConfig()),
    exportStack: () => Promise.resolve(deployment([resource(POLICY, 'signing', 'p-managed')])),
  };
  const deps: CliDeps = {
    runner,
    now: () => new Date(Date.UTC(2026, 10, 22, 6, 0, 0)),
    stdout: () => undefined,
    stderr: () => undefined,
    writeFile: () => undefined,
    env: {},
    makeInventoryReader: fakeReaders(organization === undefined ? {} : { [ORG]: organization }),
  };
  return main(['--stack', 'prod', '--cwd', project, '--json-out', 'r.json', ...extra], deps);
}

const handMade: FakeOrganization = {
  objects: { Policy: [policy('p-managed', 'allow signing'), policy('p-hand', 'made in the dashboard')] },
  activities: [],
};

describe('upgrading a scheduled drift job from 0.1.0', () => {
  test('the CHANGELOG says it under ### Breaking and names one flag that keeps the old exit codes', () => {
    expect(entry).toContain('exits `2` when one of them is not acknowledged');
    expect(flag).toBe('--no-unmanaged');
  });

  // 0.1.0: 0 clean, 2 drift in what the stacks declare, 1 error; it never listed the organization.
  test.each([
    ['nothing drifted, an object made in the dashboard', 2, 0, 'refresh-clean', handMade],
    ['a declared object drifted', 2, 2, 'refresh-drift', handMade],
    ['the organization cannot be listed', 1, 0, 'refresh-clean', undefined],
  ] as const)('%s: exits %i now, and %i as 0.1.0 did with the CHANGELOG flag', async (_what, now, old, script, org) => {
    expect(await check(script, org, [])).toBe(now);
    expect(await check(script, org, [flag as string])).toBe(old);
  });

  test('the scheduled workflow and the READMEs that describe its exit codes name the flag', () => {
    for (const file of ['examples/drift-ci/drift-check.yml', 'examples/drift-ci/README.md', 'examples/README.md', 'provider/README.md'])
      expect([file, read(file).includes(`${flag} `) || read(file).includes(`\`${flag}\``)]).toEqual([file, true]);
  });
});
