// The parts of undici the transport sends with: Agent, Dispatcher and the `request` call. They are required
// from undici's own files, not from its index: the npm package `undici`'s index.js also loads fetch,
// WebSocket, EventSource, cookies, the mock agents and the caches (about 85 modules and 100 ms), and through
// them Node.js's own bundled copy of undici, which compiles a second llhttp WebAssembly parser as it loads.
// With the tiering hold of ../process/wasm-tiering.ts, leaving them out took a provider's peak memory in a refresh
// from 199 to 156 MiB (bench/README.md, "Where the provider's remaining cost goes"). A request needs none
// of that. Should a later undici move these files, the index is loaded
// instead: the same classes, at the old cost. tests/unit/sdk/transport/undici-parts.test.ts checks which one is in use.
import type * as UndiciModule from 'undici';
import type { Agent as AgentClass, Dispatcher as DispatcherClass } from 'undici';
import { announcePoolOpen } from './channels';

type RequestFn = (this: DispatcherClass, options: DispatcherClass.RequestOptions) => Promise<DispatcherClass.ResponseData>;

export interface UndiciParts {
  Agent: typeof AgentClass;
  Dispatcher: typeof DispatcherClass;
  request: RequestFn;
  /** `files`: undici's own modules; `index`: its whole package, because the files were not where expected. */
  from: 'files' | 'index';
}

/** Where each part lives in undici (checked against the installed version by the tests). */
export const UNDICI_FILES = {
  Agent: 'undici/lib/dispatcher/agent.js',
  Dispatcher: 'undici/lib/dispatcher/dispatcher.js',
  request: 'undici/lib/api/api-request.js',
} as const;

// A file that is gone, or that a later package.json `exports` map no longer lets us require.
const NOT_THERE = new Set(['MODULE_NOT_FOUND', 'ERR_PACKAGE_PATH_NOT_EXPORTED']);

export function loadUndici(load: (id: string) => unknown = require): UndiciParts {
  let parts: Record<keyof typeof UNDICI_FILES, unknown>;
  try {
    parts = { Agent: load(UNDICI_FILES.Agent), Dispatcher: load(UNDICI_FILES.Dispatcher), request: load(UNDICI_FILES.request) };
  } catch (e) {
    if (!NOT_THERE.has((e as { code?: unknown }).code as string)) throw e;
    parts = { Agent: undefined, Dispatcher: undefined, request: undefined };
  }
  // Each file must still hold what its name says: a class, a class, a function.
  if (Object.values(parts).every((part) => typeof part === 'function')) {
    return {
      Agent: parts.Agent as typeof AgentClass,
      Dispatcher: parts.Dispatcher as typeof DispatcherClass,
      request: parts.request as RequestFn,
      from: 'files',
    };
  }
  const index = load('undici') as typeof UndiciModule;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- taken off the prototype on purpose: sendRequest calls it with the dispatcher as `this`
  return { Agent: index.Agent, Dispatcher: index.Dispatcher, request: index.Dispatcher.prototype.request, from: 'index' };
}

export const undici = loadUndici();

/** The base class of the sdk's own dispatchers. */
export const Dispatcher = undici.Dispatcher;

/**
 * A keep-alive pool of the sdk's own, announced before it opens: undici builds its WebAssembly parser on a
 * pool's first connection, and a process may want to choose how V8 compiles it (`@walletinfra/sdk/process`).
 */
export function openAgent(options: AgentClass.Options): AgentClass {
  announcePoolOpen({ connections: options.connections ?? undefined });
  return new undici.Agent(options);
}

/** `dispatcher.request(options)`, also for a dispatcher whose class got no `request` from undici's index. */
export function sendRequest(dispatcher: DispatcherClass, options: DispatcherClass.RequestOptions): Promise<DispatcherClass.ResponseData> {
  const own = (dispatcher as { request?: unknown }).request;
  return typeof own === 'function' ? (own as RequestFn).call(dispatcher, options) : undici.request.call(dispatcher, options);
}
