// What a recording holds, line by line (JSON Lines): a header, then one line per HTTP exchange as the
// transport saw it (../transport/channels.ts), already redacted (./redact.ts). Several processes append to
// the same file (the acceptance run, the Pulumi program, the provider processes the engine starts), so a
// line stands on its own and the order of requests is their `startedAt`.
import { z } from 'zod';

export const RECORDING_FORMAT = 'walletinfra-recording';
export const RECORDING_VERSION = 1;

/** The first line: who recorded, against what, and the ids a replay maps onto a fresh emulator's own. */
export const RecordingHeader = z.strictObject({
  type: z.literal('header'),
  format: z.literal(RECORDING_FORMAT),
  version: z.literal(RECORDING_VERSION),
  /** ISO 8601 time the recording started. */
  startedAt: z.string(),
  /** The service's origin the requests went to (`https://api.turnkey.com`, or an emulator's loopback URL). */
  service: z.string(),
  /** The credentials' organization, user and API public key (public identifiers, never the private key). */
  identity: z.strictObject({
    organizationId: z.string(),
    userId: z.string().optional(),
    apiPublicKey: z.string(),
  }),
  /** What made the recording: `walletinfra acceptance`. */
  tool: z.string(),
  /** What was removed before writing, in words (./redact.ts). */
  redaction: z.string(),
});
export type RecordingHeader = z.infer<typeof RecordingHeader>;

/** One attempt of one request and its answer. */
export const RecordedExchange = z.strictObject({
  type: z.literal('exchange'),
  /** Which process sent it: `runner`, `program`, `provider`, or a command's name. */
  process: z.string(),
  /** The step of the run it belongs to, when the recording process was told one. */
  step: z.string().optional(),
  /** The operation's wire name (`create_policy`), or its path when the sdk does not know it. */
  operation: z.string(),
  method: z.enum(['GET', 'POST']),
  /** The operation's path (`/public/v1/submit/create_policy`). */
  path: z.string(),
  /** 1 for the first attempt; a retry resends the same body. */
  attempt: z.number().int().min(1),
  /** Epoch milliseconds when the attempt started, and how long it took. */
  startedAt: z.number(),
  durationMs: z.number(),
  /** The request body, redacted; absent for a GET. */
  request: z.unknown().optional(),
  /** The response status; absent when no response arrived. */
  status: z.number().int().optional(),
  /** The service's id of the request, from its response headers (docs/service-behaviour.md#transport). */
  requestId: z.string().optional(),
  /** The response body, redacted; absent when none arrived or it was not JSON. */
  response: z.unknown().optional(),
  /** A response body that was not JSON is not kept, only its size. */
  responseBytes: z.number().int().optional(),
  /** Why no response arrived: `timeout`, `aborted`, `refused`, ... */
  failure: z.string().optional(),
});
export type RecordedExchange = z.infer<typeof RecordedExchange>;

export const RecordingLine = z.discriminatedUnion('type', [RecordingHeader, RecordedExchange]);
export type RecordingLine = z.infer<typeof RecordingLine>;

/**
 * Response headers that name a request, first found wins. The emulator sends `x-request-id`; which header
 * the service sends is UNCONFIRMED (docs/service-behaviour.md#transport), so the common names are read.
 */
export const REQUEST_ID_HEADERS: readonly string[] = [
  'x-request-id',
  'x-turnkey-request-id',
  'request-id',
  'x-amzn-requestid',
  'x-trace-id',
];

/** The request id in a response's headers (lower-case names), if any. */
export function requestIdOf(headers: Readonly<Record<string, string>> | undefined): string | undefined {
  if (headers === undefined) return undefined;
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers[name];
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

/** A recording's text: the header and its exchanges; throws naming the first line that is not one. */
export function parseRecording(text: string, source = 'recording'): { header: RecordingHeader; exchanges: RecordedExchange[] } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  let header: RecordingHeader | undefined;
  const exchanges: RecordedExchange[] = [];
  lines.forEach((line, i) => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new Error(`${source}, line ${i + 1}: not JSON; a recording holds one JSON object a line`);
    }
    const parsed = RecordingLine.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
      throw new Error(`${source}, line ${i + 1}: not a recording line${at}: ${issue?.message ?? 'invalid'}`);
    }
    if (parsed.data.type === 'header') {
      if (header !== undefined) throw new Error(`${source}, line ${i + 1}: a second header; a recording has one, on its first line`);
      if (i !== 0) throw new Error(`${source}, line ${i + 1}: the header must be the first line`);
      header = parsed.data;
    } else {
      exchanges.push(parsed.data);
    }
  });
  if (header === undefined) throw new Error(`${source}: no header line; is this a recording made with --record?`);
  return { header, exchanges };
}
