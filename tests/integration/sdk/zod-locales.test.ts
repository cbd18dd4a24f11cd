// zod's translated error messages load on first use in the processes the engine starts (sdk/src/process/zod-locales.ts,
// installed first by the provider runtime's entry and by the plugin's): zod's index would otherwise load all of its
// 60-odd locales at start. Each case runs in a child process (the module cache is Node's own, not jest's).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { localeFiles } from '@walletinfra/sdk/process/zod-locales';

const run = promisify(execFile);

interface Loaded {
  installed?: boolean;
  atStart: string[];
  afterFrench: string[];
  names: string[];
  sameInCore: boolean;
  french: string;
}

async function load(mode: 'eager' | 'lazy' | 'runtime' | 'plugin'): Promise<Loaded> {
  const { stdout } = await run(
    process.execPath,
    ['-r', join(__dirname, '..', '..', 'support', 'ts-register-src.js'), join(__dirname, 'zod-locales-child.js'), mode],
    { timeout: 50_000, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop() as string) as Loaded;
}

describe('zod locales in the processes the engine starts', () => {
  let eager: Loaded;
  beforeAll(async () => {
    eager = await load('eager');
  });

  it('zod alone loads every locale at start (what the install avoids)', () => {
    expect(eager.atStart.length).toBeGreaterThan(50);
    expect(eager.names).toContain('fr');
  });

  it('once installed, zod loads only its index and English, and z.locales offers the same locales, each working', async () => {
    const lazy = await load('lazy');
    expect(lazy.installed).toBe(true);
    expect(lazy.atStart).toEqual(['en.cjs', 'index.cjs']);
    expect(lazy.afterFrench).toEqual(['en.cjs', 'fr.cjs', 'index.cjs']);
    expect(lazy.names).toEqual(eager.names);
    expect(lazy.sameInCore).toBe(true);
    expect(lazy.french).toBe(eager.french);
    expect(lazy.french).toMatch(/^Entrée invalide/);
  });

  it.each(['runtime', 'plugin'] as const)('the %s entry installs it before anything loads zod', async (mode) => {
    const loaded = await load(mode);
    expect(loaded.atStart).toEqual(['en.cjs', 'index.cjs']);
    expect(loaded.names).toEqual(eager.names);
  });
});

describe('localeFiles', () => {
  it("reads every name and file of the installed zod's index", () => {
    const source = readFileSync(join(require.resolve('zod'), '..', 'v4', 'locales', 'index.cjs'), 'utf8');
    const files = localeFiles(source);
    expect(files?.get('frCA')).toBe('./fr-CA.cjs');
    expect(files?.get('en')).toBe('./en.cjs');
    expect(files?.size).toBe((source.match(/require\(/g) ?? []).length);
  });

  it('refuses an index of another shape, so zod is then left as it is', () => {
    expect(localeFiles('module.exports = require("./all.cjs");')).toBeUndefined();
    // a require that is not exported as a locale
    expect(
      localeFiles(
        'var a_js_1 = require("./a.cjs");\nvar b_js_1 = require("./b.cjs");\n' +
          'Object.defineProperty(exports, "a", { enumerable: true, get: function () { return __importDefault(a_js_1).default; } });',
      ),
    ).toBeUndefined();
  });
});
