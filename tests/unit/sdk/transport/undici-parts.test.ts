// The transport sends with undici's Agent, Dispatcher and request, required from undici's own files rather
// than its index (sdk/src/transport/undici.ts). These tests pin that the installed undici still has them
// where the sdk looks, that they are the very classes the index exports, that a missing file falls back to
// the index, and that a process sending requests never loads the rest of undici or Node.js's bundled copy.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type * as UndiciModule from 'undici';
import { loadUndici, undici, UNDICI_FILES } from '@walletinfra/sdk/transport/undici';

const sdkRequire = createRequire(join(dirname(require.resolve('@walletinfra/sdk')), 'transport', 'undici.ts'));

describe("undici's parts", () => {
  it("come from the installed undici's own files", () => {
    expect(undici.from).toBe('files');
    for (const id of Object.values(UNDICI_FILES)) expect(() => sdkRequire.resolve(id)).not.toThrow();
  });

  it("are the classes and the request call that undici's index exports", () => {
    const index = sdkRequire('undici') as typeof UndiciModule;
    expect(undici.Agent).toBe(index.Agent);
    expect(undici.Dispatcher).toBe(index.Dispatcher);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- compared by identity, never called
    expect(undici.request).toBe(index.Dispatcher.prototype.request);
  });

  it.each([
    ['a file is gone', 'MODULE_NOT_FOUND', UNDICI_FILES.request],
    ['an exports map closes the files', 'ERR_PACKAGE_PATH_NOT_EXPORTED', UNDICI_FILES.Agent],
  ])('fall back to the index when %s', (_why, code, missing) => {
    const asked: string[] = [];
    const parts = loadUndici((id) => {
      asked.push(id);
      if (id === missing) throw Object.assign(new Error(`Cannot load '${id}'`), { code });
      return sdkRequire(id);
    });
    expect(parts.from).toBe('index');
    expect(asked[asked.length - 1]).toBe('undici');
    const index = sdkRequire('undici') as typeof UndiciModule;
    expect(parts.Agent).toBe(index.Agent);
    expect(parts.Dispatcher).toBe(index.Dispatcher);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- compared by identity, never called
    expect(parts.request).toBe(index.Dispatcher.prototype.request);
  });

  it('fall back to the index when a file holds something else', () => {
    const parts = loadUndici((id) => (id === UNDICI_FILES.Dispatcher ? { Dispatcher: class {} } : sdkRequire(id)));
    expect(parts.from).toBe('index');
    expect(parts.Dispatcher).toBe((sdkRequire('undici') as typeof UndiciModule).Dispatcher);
  });

  it('any other load failure is not hidden by the fallback', () => {
    const broken = new SyntaxError('Unexpected token');
    expect(() =>
      loadUndici(() => {
        throw broken;
      }),
    ).toThrow(broken);
  });

  it("a process that sends requests through the sdk, with the tiering hold installed as the provider's runtime does, loads neither undici's index nor Node.js's bundled undici", async () => {
    const script = `
      const http = require('node:http');
      require('@walletinfra/sdk/process').installWasmTieringHold();
      const { Transport, LimitedDispatcher, ConcurrencyLimit } = require('@walletinfra/sdk');
      const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
      server.listen(0, '127.0.0.1', async () => {
        const baseUrl = 'http://127.0.0.1:' + server.address().port;
        const own = new Transport({ baseUrl });
        const limited = new Transport({ baseUrl, dispatcher: new LimitedDispatcher(new ConcurrencyLimit(2)) });
        const answers = [await own.get({ path: '/a', operation: 'a' }), await limited.get({ path: '/b', operation: 'b' })];
        await own.close();
        server.close();
        const undiciFiles = Object.keys(require.cache).filter((f) => f.includes('node_modules/undici/'));
        console.log(JSON.stringify({
          answers: answers.map((a) => a.json),
          bundledUndici: process.moduleLoadList.some((m) => m.includes('deps/undici')),
          index: undiciFiles.some((f) => f.endsWith('node_modules/undici/index.js')),
          fetch: undiciFiles.some((f) => f.includes('/lib/web/')),
        }));
        process.exit(0);
      });`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', join(__dirname, '..', '..', '..', 'support', 'ts-register-src.js'), '-e', script],
      {
        timeout: 50_000,
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    expect(JSON.parse(stdout.trim().split('\n').pop() as string)).toEqual({
      answers: [{ ok: true }, { ok: true }],
      bundledUndici: false,
      index: false,
      fetch: false,
    });
  });
});
