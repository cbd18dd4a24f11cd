// Each package's public surface, as the TypeScript compiler reads it from the entry points of package.json
// `exports`, against the committed list (<package>/api/public-names.txt, written by `npm run api:names`): a
// public name may not disappear without a line naming it under `## Unreleased` in the package's CHANGELOG.md,
// and a new one must be listed. Entries and the barrels they re-export name what they export (no `export *`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface PublicName {
  entry: string;
  name: string;
  kind: string;
}

interface Unannounced extends PublicName {
  message: string;
}

interface Surface {
  PACKAGES: string[];
  collectSurfaces(): Record<string, PublicName[]>;
  diffSurface(
    dir: string,
    listed: PublicName[],
    current: PublicName[],
    unreleased: string,
  ): { unannounced: Unannounced[]; stale: string[] };
  readList(dir: string): PublicName[];
  unreleasedSection(dir: string): string;
  unannouncedMessage(dir: string, unannounced: Unannounced[]): string;
  staleMessage(dir: string, stale: string[]): string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the script is plain CommonJS, shared with `npm run api:names`
const surface = require('../../../../scripts/public-names.js') as Surface;

const ROOT = join(__dirname, '..', '..', '..', '..');
const current = surface.collectSurfaces();

describe.each(surface.PACKAGES)('the public names of %s', (dir) => {
  test('every listed name is still exported as listed, or its removal is announced in CHANGELOG.md', () => {
    const { unannounced } = surface.diffSurface(dir, surface.readList(dir), current[dir]!, surface.unreleasedSection(dir));
    if (unannounced.length > 0) throw new Error(surface.unannouncedMessage(dir, unannounced));
  });

  test('every exported name is listed', () => {
    const { stale } = surface.diffSurface(dir, surface.readList(dir), current[dir]!, surface.unreleasedSection(dir));
    if (stale.length > 0) throw new Error(surface.staleMessage(dir, stale));
  });
});

test('entries and the barrels they re-export name what they export: no `export *` in any package', () => {
  const stars: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && /^\s*export\s+(?:type\s+)?\*/m.test(readFileSync(path, 'utf8')))
        stars.push(relative(ROOT, path));
    }
  };
  for (const dir of surface.PACKAGES) walk(join(ROOT, dir, 'src'));
  expect(stars).toEqual([]);
});

test('the sdk lists its process entry, and the provider its runtime entry; bins are not entries', () => {
  const entries = (dir: string) => [...new Set(current[dir]!.map((n) => n.entry))];
  expect(entries('sdk')).toEqual([
    '.',
    './activity',
    './contracts',
    './crypto',
    './errors',
    './options',
    './pagination',
    './policy',
    './process',
    './recording',
    './rules',
    './schemas',
  ]);
  expect(entries('provider')).toEqual(['.', './dist/runtime', './drift', './export', './fleet', './policy-pack', './testing']);
  expect(entries('emulator')).toEqual(['.']);
  expect(current['sdk']!.filter((n) => n.entry === './process')).toEqual([
    { entry: './process', name: 'RECORDING_ENV', kind: 'const' },
    { entry: './process', name: 'installLazyZodLocales', kind: 'function' },
    { entry: './process', name: 'installRecordingFromEnv', kind: 'function' },
    { entry: './process', name: 'installWasmTieringHold', kind: 'function' },
  ]);
});

describe('the check itself', () => {
  const listed: PublicName[] = [
    { entry: '.', name: 'PolicyInputs', kind: 'interface' },
    { entry: '.', name: 'Policy', kind: 'class' },
    { entry: './drift', name: 'USAGE', kind: 'const' },
    { entry: '.', name: 'RetryOptions', kind: 'type' },
  ];

  test('a name that disappears without a CHANGELOG line fails, saying exactly what to do', () => {
    const now = listed.filter((n) => n.name !== 'PolicyInputs' && n.name !== 'USAGE');
    const { unannounced } = surface.diffSurface('provider', listed, now, '### Changed\n\n- Something else about `Policy`.\n');
    expect(surface.unannouncedMessage('provider', unannounced)).toBe(
      [
        'provider/api/public-names.txt lists public names that the sources no longer export as listed:',
        '  - @walletinfra/pulumi no longer exports `PolicyInputs` (interface)',
        '  - @walletinfra/pulumi/drift no longer exports `USAGE` (const)',
        'Removing or changing a public name breaks the programs that use it. If that is intended, announce it:',
        '  1. add a line naming each one in backticks under `## Unreleased` in provider/CHANGELOG.md (create that',
        '     section above the latest release if there is none), saying what replaces it, for example',
        '       - Removed `PolicyInputs`: use `...` instead.',
        '  2. run `npm run api:names` and commit provider/api/public-names.txt with the change.',
        'If it is not intended, export the name again.',
      ].join('\n'),
    );
  });

  test('a CHANGELOG line naming it announces the removal; the list must then be regenerated', () => {
    const now = listed.filter((n) => n.name !== 'PolicyInputs');
    const unreleased = "### Removed\n\n- `PolicyInputs`: use `Policy`'s `inputs` instead.\n";
    const { unannounced, stale } = surface.diffSurface('provider', listed, now, unreleased);
    expect(unannounced).toEqual([]);
    expect(surface.staleMessage('provider', stale)).toBe(
      [
        'provider/api/public-names.txt does not match the sources:',
        '  - @walletinfra/pulumi no longer exports `PolicyInputs` (interface) (announced in CHANGELOG.md) but is still listed',
        'Run `npm run api:names` and commit provider/api/public-names.txt (review the added names: each is a promise to users).',
      ].join('\n'),
    );
  });

  test('a name that is only mentioned in prose, or in an earlier release, does not count as announced', () => {
    const now = listed.filter((n) => n.name !== 'USAGE');
    expect(surface.diffSurface('provider', listed, now, '- The USAGE text is shorter.\n').unannounced.map((u) => u.name)).toEqual([
      'USAGE',
    ]);
  });

  test('a name that loses what users rely on (a class that became an interface) counts as removed; another change of kind only needs listing', () => {
    const now = listed.map((n) =>
      n.name === 'Policy'
        ? { ...n, kind: 'interface' }
        : n.name === 'RetryOptions'
          ? { ...n, kind: 'const+type' }
          : n.name === 'PolicyInputs'
            ? { ...n, kind: 'type' }
            : n,
    );
    const { unannounced, stale } = surface.diffSurface('provider', listed, now, '');
    expect(unannounced.map((u) => u.message)).toEqual(['@walletinfra/pulumi exports `Policy` as interface, not class']);
    expect(stale).toEqual([
      '@walletinfra/pulumi: `PolicyInputs` is now type (listed as interface)',
      '@walletinfra/pulumi: `RetryOptions` is now const+type (listed as type)',
    ]);
  });

  test('a schema that loses its type alias counts as removed; a class that loses its merged interface does not', () => {
    const before: PublicName[] = [
      { entry: '.', name: 'Policy', kind: 'const+type' },
      { entry: '.', name: 'Store', kind: 'class+interface' },
    ];
    const now: PublicName[] = [
      { entry: '.', name: 'Policy', kind: 'const' },
      { entry: '.', name: 'Store', kind: 'class' },
    ];
    const { unannounced, stale } = surface.diffSurface('emulator', before, now, '');
    expect(unannounced.map((u) => u.message)).toEqual(['@walletinfra/emulator exports `Policy` as const, not const+type']);
    expect(stale).toEqual(['@walletinfra/emulator: `Store` is now class (listed as class+interface)']);
  });

  test('names moved to another entry are announced together by one line naming both entries', () => {
    const before = [...listed, { entry: '.', name: 'DriftReport', kind: 'interface' }];
    const now = [
      ...listed.filter((n) => n.name !== 'USAGE'),
      { entry: '.', name: 'USAGE', kind: 'const' },
      { entry: './drift', name: 'DriftReport', kind: 'interface' },
    ];
    const { unannounced } = surface.diffSurface('provider', before, now, '');
    expect(surface.unannouncedMessage('provider', unannounced)).toBe(
      [
        'provider/api/public-names.txt lists public names that the sources no longer export as listed:',
        '  - @walletinfra/pulumi/drift no longer exports `USAGE` (const); @walletinfra/pulumi does',
        '  - @walletinfra/pulumi no longer exports `DriftReport` (interface); @walletinfra/pulumi/drift does',
        'Removing or changing a public name breaks the programs that use it. If that is intended, announce it:',
        '  1. add a line naming each one in backticks under `## Unreleased` in provider/CHANGELOG.md (create that',
        '     section above the latest release if there is none), saying what replaces it, for example',
        '       - Removed `USAGE`: use `...` instead.',
        '     Names moved to another entry may be announced together, by one line naming both entries, for example',
        '       - Moved ... from `@walletinfra/pulumi/drift` to `@walletinfra/pulumi`: import them from `@walletinfra/pulumi`.',
        '  2. run `npm run api:names` and commit provider/api/public-names.txt with the change.',
        'If it is not intended, export the name again.',
      ].join('\n'),
    );
    const line =
      '### Changed\n\n- Moved the drift report from `@walletinfra/pulumi` to\n  `@walletinfra/pulumi/drift`: import it from there.\n';
    expect(surface.diffSurface('provider', before, now, line).unannounced).toEqual([]);
    // the entries named in two different items do not announce a move
    const apart = '- Added `@walletinfra/pulumi/drift`.\n- Changed `@walletinfra/pulumi`.\n';
    expect(surface.diffSurface('provider', before, now, apart).unannounced.map((u) => u.name)).toEqual(['USAGE', 'DriftReport']);
    // nor does it announce a name that lost, on the way, what users relied on (an interface that became a const)
    const asConst = now.map((n) => (n.name === 'DriftReport' ? { ...n, kind: 'const' } : n));
    expect(surface.diffSurface('provider', before, asConst, line).unannounced.map((u) => u.message)).toEqual([
      '@walletinfra/pulumi no longer exports `DriftReport` (interface)',
    ]);
  });

  test('a new name must be listed', () => {
    const now = [...listed, { entry: './testing', name: 'policyMatchers', kind: 'const' }];
    const { unannounced, stale } = surface.diffSurface('provider', listed, now, '');
    expect([unannounced, stale]).toEqual([[], ['@walletinfra/pulumi/testing: `policyMatchers` (const) is not listed']]);
  });
});
