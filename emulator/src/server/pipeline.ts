// The request pipeline shared by both listeners, as a visible chain (stripe-mock's server.go):
// request id -> size limit -> parse JSON -> authenticate -> fault injection -> validate with the sdk's
// schemas -> handler -> serialize. Every failure is written in the service's error shape; a thrown bug is a
// 500 "internal server error (<uuid>)" and is logged, never the user's fault.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatIssueList } from '@walletinfra/sdk';
import { toValidationIssues } from '@walletinfra/sdk/schemas';
import type { Core } from '../context';
import { internalError, invalidArgument, isServiceError, statusError, type ServiceError } from '../errors';
import type { FaultDecision } from '../faults';
import { readBody, sendError, sendJson } from './http-io';

/** What a route gets once the body is read and parsed. */
export interface ParsedRequest {
  req: IncomingMessage;
  path: string;
  raw: Buffer;
  rawText: string;
  json: unknown;
  fault: FaultDecision | undefined;
}

/**
 * 400 "invalid request body: a.b: is required; ...; and N more" from a zod error: the first few problems and a
 * count, so the answer stays small however many items are bad; never echoes values.
 */
export function invalidBody(error: Parameters<typeof toValidationIssues>[0]): ServiceError {
  const issues = toValidationIssues(error)
    // zod says "must be of type string, got undefined" for a missing field: say "is required"
    .map((i) => ({ ...i, message: /^must be of type \w+, got undefined$/.test(i.message) ? 'is required' : i.message }));
  return invalidArgument(`invalid request body: ${formatIssueList(issues)}`);
}

/** What a body too deeply nested for the validator's recursion gets: a 400 naming the problem, not a 500. */
export const TOO_DEEP_MESSAGE = 'invalid request body: nested too deeply or too large to validate';

/** A stack overflow while working on a request is the request's doing (deep nesting, huge arrays). */
function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack size/i.test(e.message);
}

/** `schema.safeParse(json)` as data, or the 400 the request deserves: a validator that throws never makes a 500. */
export function validateBody<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof toValidationIssues>[0] } },
  json: unknown,
): T {
  let result;
  try {
    result = schema.safeParse(json);
  } catch (e) {
    if (isStackOverflow(e)) throw invalidArgument(TOO_DEEP_MESSAGE);
    throw e;
  }
  if (!result.success) throw invalidBody(result.error);
  return result.data;
}

// Keeps a leading byte order mark in the text (the body as sent, which fingerprints and votes record); JSON
// parsing skips it.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body as sent (text) and parsed (a JSON object), or the 400 it deserves. */
export function parseBody(raw: Buffer): { text: string; json: unknown } {
  let text: string;
  try {
    text = STRICT_UTF8.decode(raw);
  } catch {
    throw invalidArgument('invalid request body: not valid UTF-8');
  }
  return { text, json: parseJsonObject(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
}

export function parseJson(raw: Buffer): unknown {
  return parseBody(raw).json;
}

function parseJsonObject(text: string): unknown {
  if (text.trim() === '') throw invalidArgument('invalid request body: empty body, expected a JSON object');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's own message quotes the body, which may hold a secret: say only what is wrong.
    throw invalidArgument('invalid request body: not valid JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw invalidArgument('invalid request body: expected a JSON object');
  return json;
}

/** Applies the delay and status parts of a fault decision; returns true when the request was answered. */
export async function applyFault(core: Core, res: ServerResponse, fault: FaultDecision | undefined): Promise<boolean> {
  if (fault === undefined) return false;
  if (fault.delayMs !== undefined && fault.delayMs > 0) await core.options.sleep(fault.delayMs);
  if (fault.status === undefined) return false;
  const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
  sendError(res, statusError(fault.status, fault.message ?? 'injected fault'), headers);
  return true;
}

/** Sends a success, or drops the connection when the fault says "commit then drop". */
export function finish(res: ServerResponse, fault: FaultDecision | undefined, body: unknown, headers: Record<string, string> = {}): void {
  if (fault?.dropResponse === true) {
    res.socket?.destroy();
    return;
  }
  sendJson(res, 200, body, headers);
}

/**
 * Runs the shared steps around a route: read (size limit), parse, `authenticate` (route-specific: a stamp on
 * the API, the config id header on the proxy), fault injection, then `route` with what authenticate returned.
 */
export async function runPipeline<A>(
  core: Core,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  authenticate: (raw: Buffer, json: unknown) => A,
  route: (parsed: ParsedRequest, auth: A) => Promise<void> | void,
): Promise<void> {
  try {
    const raw = await readBody(req, core.options.maxBodyBytes);
    const { text, json } = parseBody(raw);
    const auth = authenticate(raw, json);
    const organizationId = (json as { organizationId?: unknown }).organizationId;
    const fault = core.faults.decide({ path, ...(typeof organizationId === 'string' ? { organizationId } : {}) });
    if (await applyFault(core, res, fault)) return;
    await route({ req, path, raw, rawText: text, json, fault }, auth);
  } catch (e) {
    respondWithError(core, res, e, path);
  }
}

export function respondWithError(core: Core, res: ServerResponse, e: unknown, path: string): void {
  let error: ServiceError;
  if (isServiceError(e)) error = e;
  else if (isStackOverflow(e)) {
    // deep input overflowed a recursive step past validation (a parser, a renderer): still the request's fault
    error = invalidArgument(TOO_DEEP_MESSAGE);
    core.options.log?.(`stack overflow on ${path}, answered 400`);
  } else {
    error = internalError(core.env.uuid());
    core.options.log?.(`${error.message} on ${path}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  if (res.headersSent) {
    res.socket?.destroy();
    return;
  }
  sendError(res, error);
}
