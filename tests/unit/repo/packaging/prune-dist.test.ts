// prepack's pruning step: npm pack must never ship the output of a source file that was deleted or renamed.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pruneDist } = require('../../../../scripts/prune-dist.js') as { pruneDist: (dir: string) => string[] };

let pkg: string;
beforeEach(() => {
  pkg = mkdtempSync(join(tmpdir(), 'prune-dist-'));
  const files: Record<string, string> = {
    'src/index.ts': '',
    'src/rules/cidr.ts': '',
    'dist/index.js': '',
    'dist/index.d.ts': '',
    'dist/index.js.map': '',
    'dist/.tsbuildinfo': '{}',
    'dist/rules/cidr.js': '',
    'dist/rules/cidr.d.ts.map': '',
    'dist/webhookEndpoint/url.js': '',
    'dist/webhookEndpoint/url.d.ts': '',
    'dist/webhookEndpoint/url.d.ts.map': '',
    'dist/rules/old.js.map': '',
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(pkg, path, '..'), { recursive: true });
    writeFileSync(join(pkg, path), body);
  }
});
afterEach(() => rmSync(pkg, { recursive: true, force: true }));

test('removes exactly the outputs whose source is gone, and the folders they leave empty', () => {
  expect(pruneDist(pkg).sort()).toEqual([
    'dist/rules/old.js.map',
    'dist/webhookEndpoint/url.d.ts',
    'dist/webhookEndpoint/url.d.ts.map',
    'dist/webhookEndpoint/url.js',
  ]);
  expect(existsSync(join(pkg, 'dist/webhookEndpoint'))).toBe(false);
  for (const kept of [
    'dist/index.js',
    'dist/index.d.ts',
    'dist/index.js.map',
    'dist/.tsbuildinfo',
    'dist/rules/cidr.js',
    'dist/rules/cidr.d.ts.map',
  ]) {
    expect([kept, existsSync(join(pkg, kept))]).toEqual([kept, true]);
  }
});

test('a package without dist/ is left alone', () => {
  rmSync(join(pkg, 'dist'), { recursive: true });
  expect(pruneDist(pkg)).toEqual([]);
});
