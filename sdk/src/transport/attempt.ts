// One HTTP exchange on an undici Dispatcher, with a per-attempt timeout, classified failures and the body
// read as text. No retries, no JSON, no error mapping here: the transport decides what a result means.
import type { Dispatcher } from 'undici';
import type { RetryErrorKind } from './retry';
import { sendRequest } from './undici';
import { announceAttemptSettled } from './channels';

export interface AttemptRequest {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface AttemptResponse {
  status: number;
  /** Lowercase names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

/** Why an attempt produced no response (see RetryErrorKind for what each network kind means). */
export type AttemptFailure =
  { type: 'aborted' } | { type: 'timeout' } | { type: 'network'; kind: Exclude<RetryErrorKind, 'timeout'>; code: string };

export class AttemptError extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(failure.type);
  }
}

// The connection was never established, so the request was certainly not sent, for a reason that may pass.
const CONNECT_CODES = new Set(['EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

// Certificate and protocol-negotiation failures are configuration problems; retrying cannot help.
function isTlsCode(code: string): boolean {
  return code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);
}

function errorCode(e: unknown): string {
  let current: unknown = e;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return 'UNKNOWN';
}

export function classifyNetworkError(e: unknown): AttemptFailure {
  const code = errorCode(e);
  // Nothing listens there, or the name does not resolve: a configuration problem, waiting cannot help.
  if (code === 'ECONNREFUSED') return { type: 'network', kind: 'refused', code };
  if (code === 'ENOTFOUND') return { type: 'network', kind: 'unknown-host', code };
  if (CONNECT_CODES.has(code)) return { type: 'network', kind: 'connect', code };
  if (isTlsCode(code)) return { type: 'network', kind: 'tls', code };
  return { type: 'network', kind: 'connection', code };
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export async function attempt(dispatcher: Dispatcher, req: AttemptRequest): Promise<AttemptResponse> {
  if (req.signal?.aborted) throw new AttemptError({ type: 'aborted' });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  timer.unref?.();
  const onAbort = (): void => controller.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  let status: number | undefined;
  try {
    const res = await sendRequest(dispatcher, {
      origin: req.origin,
      path: req.path,
      method: req.method,
      headers: req.headers,
      body: req.body ?? null,
      signal: controller.signal,
      // Our own timer bounds the whole attempt; undici's defaults (300 s) would only ever be later.
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    status = res.statusCode;
    const text = await res.body.text();
    return { status, headers: flattenHeaders(res.headers), text };
  } catch (e) {
    if (req.signal?.aborted) throw new AttemptError({ type: 'aborted' });
    if (timedOut) throw new AttemptError({ type: 'timeout' });
    const code = errorCode(e);
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') throw new AttemptError({ type: 'timeout' });
    throw new AttemptError(classifyNetworkError(e));
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
    // Settled, so undici has built its parser and parsed an answer with it (or will not on this attempt).
    announceAttemptSettled({ origin: req.origin, method: req.method, path: req.path, status });
  }
}
