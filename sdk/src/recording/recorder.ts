// Writes a recording from the transport's exchange channel (../transport/channels.ts): every attempt of every
// request any sdk client of this process sends, redacted (./redact.ts), one JSON line each, appended with one
// write so the processes sharing the file never interleave within a line.
import { appendFileSync, writeFileSync } from 'node:fs';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type * as Operations from '../operations';
import { TRANSPORT_CHANNELS, type ExchangeMessage } from '../transport/channels';
import { requestIdOf, type RecordedExchange, type RecordingHeader } from './format';
import type { Redactor } from './redact';

export interface RecorderOptions {
  /** The recording file; lines are appended (write the header first with `writeRecordingHeader`). */
  file: string;
  /** Which process this is, written on every line: `runner`, `program`, `provider`. */
  process: string;
  redactor: Redactor;
  /** The step the process is in now, written on every line when given. */
  step?: () => string | undefined;
  /** Told every exchange as written. */
  onExchange?: (exchange: RecordedExchange) => void;
}

export interface Recorder {
  /** Stops recording (lines already written stay). */
  stop(): void;
}

let operationOfPath: Map<string, string> | undefined;

/** The operation's wire name from its path (`/public/v1/query/get_policy` -> `get_policy`), or the path. */
export function operationName(path: string): string {
  if (operationOfPath === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the registry's schemas load on the first exchange, not with a process's entry
    const { operations } = require('../operations') as typeof Operations;
    operationOfPath = new Map(Object.values(operations).map((op) => [op.path as string, op.name as string]));
  }
  return operationOfPath.get(path) ?? path;
}

function parsed(text: string | undefined): { json: unknown } | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** One exchange as a recording line, redacted. */
export function recordedExchange(
  message: ExchangeMessage,
  options: Pick<RecorderOptions, 'process' | 'redactor' | 'step'>,
): RecordedExchange {
  const { redactor } = options;
  const request = parsed(message.requestBody);
  const response = parsed(message.responseBody);
  const requestId = requestIdOf(message.responseHeaders);
  const step = options.step?.();
  return {
    type: 'exchange',
    process: options.process,
    ...(step !== undefined ? { step } : {}),
    operation: operationName(message.operation),
    method: message.method,
    path: message.operation,
    attempt: message.attempt,
    startedAt: message.startedAt,
    durationMs: message.durationMs,
    ...(request !== undefined ? { request: redactor.json(request.json) } : {}),
    ...(message.status !== undefined ? { status: message.status } : {}),
    ...(requestId !== undefined ? { requestId: redactor.text(requestId) } : {}),
    ...(response !== undefined ? { response: redactor.json(response.json) } : {}),
    ...(response === undefined && message.responseBody !== undefined && message.responseBody.trim() !== ''
      ? { responseBytes: Buffer.byteLength(message.responseBody) }
      : {}),
    ...(message.failure !== undefined ? { failure: message.failure } : {}),
  };
}

/** Starts a recording file with its header (any earlier content is replaced). */
export function writeRecordingHeader(file: string, header: Omit<RecordingHeader, 'type'>): void {
  writeFileSync(file, `${JSON.stringify({ type: 'header', ...header })}\n`, { mode: 0o600 });
}

/** Appends every exchange of this process to `options.file` until stopped. */
export function recordExchanges(options: RecorderOptions): Recorder {
  const onMessage = (message: unknown): void => {
    const line = recordedExchange(message as ExchangeMessage, options);
    appendFileSync(options.file, `${JSON.stringify(line)}\n`);
    options.onExchange?.(line);
  };
  subscribe(TRANSPORT_CHANNELS.exchange, onMessage);
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe(TRANSPORT_CHANNELS.exchange, onMessage);
    },
  };
}
