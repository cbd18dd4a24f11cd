// What changes the dynamic-provider process, and where: only its entry (provider/src/runtime/index.ts) installs
// the stderr filter, the trace sinks and the WebAssembly tiering hold; the runtime's modules used as a library
// (report.ts, providers.ts) change nothing. The entry is loaded in a child process, as Pulumi loads it.
import { execFile } from 'node:child_process';
import { hasSubscribers } from 'node:diagnostics_channel';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { TRANSPORT_CHANNELS } from '@walletinfra/sdk/transport/channels';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';

import type * as ContextModule from '@walletinfra/pulumi/context';
import type * as StderrFilterModule from '@walletinfra/pulumi/runtime/process/stderr-filter';
import type * as TracesModule from '@walletinfra/pulumi/runtime/process/traces';
import type * as ProvidersModule from '@walletinfra/pulumi/runtime/providers';
import type * as ReportModule from '@walletinfra/pulumi/runtime/report';

type StderrFilter = typeof StderrFilterModule;
type Traces = typeof TracesModule;
type Report = typeof ReportModule;
type Context = typeof ContextModule;

/** A fresh copy of a module (its once-per-process state included). */
function fresh<T>(id: string): T {
  let loaded!: T;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module registry per test
    loaded = require(id) as T;
  });
  return loaded;
}

/** A console whose `error` records what reaches it. */
function fakeConsole(): { error: (...args: unknown[]) => void; printed: unknown[][] } {
  const printed: unknown[][] = [];
  return { printed, error: (...args: unknown[]) => void printed.push(args) };
}

describe('the stderr filter', () => {
  it("drops the shim's one copy of an error we reported, and passes everything else", () => {
    const { installStderrFilter, dropShimCopy } = fresh<StderrFilter>('@walletinfra/pulumi/runtime/process/stderr-filter');
    const target = fakeConsole();
    const printed = target.printed;
    installStderrFilter(target);
    dropShimCopy('ConfigurationError: walletinfra:baseUrl is not a URL');
    target.error('ConfigurationError: walletinfra:baseUrl is not a URL: ConfigurationError: walletinfra:baseUrl is not a URL\n    at f');
    target.error('ConfigurationError: walletinfra:baseUrl is not a URL: a second copy is not ours to drop');
    target.error('ConfigurationError: walletinfra:baseUrl is not a URL', 'with a second argument');
    target.error('something else');
    expect(printed).toEqual([
      ['ConfigurationError: walletinfra:baseUrl is not a URL: a second copy is not ours to drop'],
      ['ConfigurationError: walletinfra:baseUrl is not a URL', 'with a second argument'],
      ['something else'],
    ]);
  });

  it('keeps nothing before it is installed, and installs once', () => {
    const { installStderrFilter, dropShimCopy } = fresh<StderrFilter>('@walletinfra/pulumi/runtime/process/stderr-filter');
    dropShimCopy('named before the filter was installed');
    const target = fakeConsole();
    installStderrFilter(target);
    const wrapped = target.error;
    installStderrFilter(target);
    expect(target.error).toBe(wrapped);
    target.error('named before the filter was installed');
    expect(target.printed).toEqual([['named before the filter was installed']]);
  });
});

describe('the trace sinks', () => {
  it('print each trace on stderr when the user asked for traces, and deliver before an error goes out', async () => {
    const { installTraces, sendTrace, tracesDelivered } = fresh<Traces>('@walletinfra/pulumi/runtime/process/traces');
    const written: string[] = [];
    installTraces(['node', 'shim.js'], { WALLETINFRA_DEBUG: '1' }, { write: (text: string) => written.push(text) });
    sendTrace('walletinfra: failed\n    at f (/x.js:1:1)');
    await tracesDelivered();
    expect(written).toEqual(['walletinfra: failed\n    at f (/x.js:1:1)\n']);
  });

  it('send nothing when the user did not ask and no engine address was given, or before they are installed', async () => {
    const { installTraces, sendTrace, tracesDelivered } = fresh<Traces>('@walletinfra/pulumi/runtime/process/traces');
    sendTrace('before install');
    const written: string[] = [];
    installTraces(['node', 'shim.js'], {}, { write: (text: string) => written.push(text) });
    sendTrace('not asked for');
    await tracesDelivered();
    expect(written).toEqual([]);
  });
});

describe("the runtime's modules as a library", () => {
  it("neither replace console.error nor follow the transport's channels (no V8 flags), and still translate errors", async () => {
    const before = console.error;
    const { guarded } = fresh<Report>('@walletinfra/pulumi/runtime/report');
    fresh<typeof ProvidersModule>('@walletinfra/pulumi/runtime/providers');
    const { createContext } = fresh<Context>('@walletinfra/pulumi/context');
    const ctx = createContext({ env: {} });
    const failure = new ConfigurationError('walletinfra:baseUrl must be an absolute URL');
    await expect(guarded(ctx, {}, () => Promise.reject(failure))).rejects.toEqual(
      expect.objectContaining({ code: 'INVALID_CONFIGURATION', message: 'walletinfra:baseUrl must be an absolute URL' }),
    );
    expect(console.error).toBe(before);
    expect(Object.values(TRANSPORT_CHANNELS).map((name) => hasSubscribers(name))).toEqual([false, false, false, false]);
    await ctx.close();
  });
});

describe("the dynamic-provider process's entry", () => {
  // Loads the entry as Pulumi's shim does, fails a read the way a missing setting does, prints the shim's copy
  // of the error (`${e}: ${e.stack}`, cmd/dynamic-provider/index.js in @pulumi/pulumi) and another line, then
  // sends a request through the sdk and reports every V8 flag change.
  const script = `
    const http = require('node:http');
    const v8 = require('node:v8');
    const flagsSet = [];
    const setFlagsFromString = v8.setFlagsFromString;
    v8.setFlagsFromString = (flags) => { flagsSet.push(flags); setFlagsFromString.call(v8, flags); };
    const runtime = require(${JSON.stringify(join(__dirname, '..', '..', '..', '..', 'provider', 'src', 'runtime', 'index.ts'))});
    const { Transport } = require('@walletinfra/sdk');
    (async () => {
      const error = await runtime.policy.read('id', { policyName: 'p', effect: 'EFFECT_ALLOW' }).then(() => undefined, (e) => e);
      const shimCopy = error + ': ' + error.stack;
      console.error(shimCopy);
      console.error('something else');
      const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const transport = new Transport({ baseUrl: 'http://127.0.0.1:' + server.address().port });
      await transport.get({ path: '/health', operation: 'health' });
      await transport.close();
      server.close();
      const members = Object.keys(runtime).filter((k) => ['check', 'diff', 'create', 'read', 'update', 'delete'].every((m) => typeof runtime[k]?.[m] === 'function'));
      console.log(JSON.stringify({ message: error.message, shimCopy, flagsSet, members }));
    })();`;

  it("drops the shim's copy of our errors, prints traces when asked, and holds WebAssembly tiering around the first exchange", async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['-r', join(__dirname, '..', '..', '..', 'support', 'ts-register-src.js'), '-e', script],
      { timeout: 50_000, env: { ...process.env, NODE_OPTIONS: '', WALLETINFRA_DEBUG: '1' } },
    );
    const out = JSON.parse(stdout.trim().split('\n').pop() as string) as {
      message: string;
      shimCopy: string;
      flagsSet: string[];
      members: string[];
    };
    // What every serialized provider in every state calls: `require(...).<member>.<method>`, for every kind.
    expect(out.members.sort()).toEqual(KINDS.map((k) => k.member).sort());
    expect(out.message).toMatch(/^missing walletinfra settings for the default credentials: organizationId /);
    expect(out.flagsSet).toEqual(['--liftoff-only', '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering']);
    expect(stderr).not.toContain(out.shimCopy);
    expect(stderr.startsWith(`walletinfra: ${out.message}\nConfigurationError: ${out.message}\n    at `)).toBe(true);
    expect(stderr.endsWith('\nsomething else\n')).toBe(true);
  });
});
