// The main API listener: POST /public/v1/query/* and /public/v1/submit/* (routed through the sdk's operation
// registry), GET /public/v1/discovery/webhooks/jwks (public), and the loopback-only /__admin/ endpoints.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  earlierSubmitVersions,
  operationsByPath,
  submitVersionOf,
  type AnyOperation,
  type QueryName,
  type RequestOf,
  type SubmitOperation,
} from '@walletinfra/sdk';
import { submitActivity } from '../activities/engine';
import { voteOnActivity } from '../activities/votes';
import type { Core, RequestContext } from '../context';
import { invalidArgument, methodNotAllowed, notFound } from '../errors';
import { queryHandlerFor, submitHandlerFor } from '../handlers';
import { JWKS_CACHE_CONTROL, jwksDocument } from '../keys';
import { authenticate } from './auth';
import { bodyTooLarge, cors, declaresTooLarge, malformedTarget, pathOf, sendError } from './http-io';
import { applyFault, finish, respondWithError, runPipeline, validateBody, type ParsedRequest } from './pipeline';

export type AdminHandler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

export function createApiHandler(core: Core, admin: AdminHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const requestId = core.env.uuid();
    res.setHeader('X-Request-Id', requestId);
    const path = pathOf(req);
    if (path === undefined) return sendError(res, malformedTarget());
    const log = core.options.log;
    if (log !== undefined) {
      const started = Date.now();
      res.on('finish', () => log(`${req.method} ${path} ${res.statusCode} ${Date.now() - started}ms ${requestId}`));
    }
    void route(core, admin, req, res, path).catch((e: unknown) => respondWithError(core, res, e, path));
  };
}

async function route(core: Core, admin: AdminHandler, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  // a body past the limit is refused before anything else, whatever the path (the body is drained, not read)
  if (declaresTooLarge(req, core.options.maxBodyBytes)) return sendError(res, bodyTooLarge(core.options.maxBodyBytes));
  if (path.startsWith('/__admin/')) return admin(req, res, path);
  if (cors(req, res)) return;
  const op = operationsByPath.get(path);
  if (op === undefined || op.kind === 'proxy') {
    sendError(res, notFound(`unknown operation: ${path}`, { turnkeyErrorCode: 'UNSPECIFIED' }));
    return;
  }
  if (req.method !== op.method) {
    sendError(res, methodNotAllowed(`method ${req.method} is not allowed on ${path}; use ${op.method}`), { Allow: op.method });
    return;
  }
  if (op.kind === 'discovery') {
    const fault = core.faults.decide({ path });
    if (await applyFault(core, res, fault)) return;
    // docs/service-behaviour.md#limits-and-pagination: the exact Cache-Control of the discovery endpoint
    finish(res, fault, jwksDocument(core.keys), { 'Cache-Control': JWKS_CACHE_CONTROL });
    return;
  }
  await runPipeline(
    core,
    req,
    res,
    path,
    (raw, json) => authenticate(core, req.headers, raw, (json as Record<string, unknown>).organizationId),
    (parsed, auth) => handleOperation(core, op, parsed, res, auth),
  );
}

function handleOperation(
  core: Core,
  op: AnyOperation,
  parsed: ParsedRequest,
  res: ServerResponse,
  auth: ReturnType<typeof authenticate>,
): void {
  const ctx: RequestContext = { ...core, org: auth.org, caller: auth.caller };
  if (op.kind === 'query') {
    const body = validateBody(op.request, parsed.json);
    const handler = queryHandlerFor(op.name);
    if (handler === undefined) throw notFound(`unknown operation: ${parsed.path}`);
    finish(res, parsed.fault, handler(ctx, body as RequestOf<QueryName>));
    return;
  }
  if (op.kind !== 'submit') throw notFound(`unknown operation: ${parsed.path}`);
  // the body's `type` picks the version of the write (an earlier one has its own intent and result)
  const version = submitVersionOf(op, (parsed.json as { type?: unknown }).type) ?? refuseVersion(op, parsed.json);
  const envelope = validateBody(version.envelope, parsed.json);
  const input = { op: version, envelope: envelope as SubmitEnvelope, rawBody: parsed.rawText, fault: parsed.fault };
  if (op.name === 'approve_activity' || op.name === 'reject_activity') {
    finish(res, parsed.fault, voteOnActivity(ctx, input));
    return;
  }
  const handler = submitHandlerFor(version.name, version.activityType);
  if (handler === undefined) throw notFound(`unknown operation: ${parsed.path}`);
  finish(res, parsed.fault, submitActivity(ctx, input, handler));
}

/**
 * A write whose `type` is none of its versions: the newest version's schema names the type it takes (and every
 * other problem of the body); for a write with earlier versions, the message lists them all.
 */
function refuseVersion(op: SubmitOperation, json: unknown): SubmitOperation {
  const earlier = (earlierSubmitVersions as Partial<Record<string, readonly SubmitOperation[]>>)[op.name];
  const type = (json as { type?: unknown }).type;
  if (earlier === undefined || type === undefined) return op;
  const types = [op, ...earlier].map((v) => v.activityType).join(', ');
  throw invalidArgument(`invalid request body: type: must be one of ${types} (the versions of ${op.name}), got ${JSON.stringify(type)}`);
}

type SubmitEnvelope = { type: string; timestampMs: string; organizationId: string; parameters: Record<string, unknown> };
