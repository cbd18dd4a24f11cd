// What the transport announces about its connection pools and attempts, on Node.js diagnostics channels
// (https://nodejs.org/api/diagnostics_channel.html). The library changes nothing in the process itself; a
// process that wants to act on these moments subscribes (`installWasmTieringHold` in
// `@walletinfra/sdk/process`, or its own metrics). With no subscriber, an announcement costs one check.
// Channels are named process-wide, so every copy of the sdk a process loads announces on the same ones.
import { channel } from 'node:diagnostics_channel';

/** The names of the transport's diagnostics channels. */
export const TRANSPORT_CHANNELS = Object.freeze({
  /** The sdk opens a connection pool of its own (undici builds its HTTP parser on the pool's first connection). */
  poolOpen: 'walletinfra:transport:pool-open',
  /** One HTTP exchange settled: its response was read, or it failed. */
  attemptSettled: 'walletinfra:transport:attempt-settled',
  /** A transport was closed. */
  closed: 'walletinfra:transport:closed',
  /**
   * One attempt of a request, in full: the body sent and the answer read (what a recording keeps, after
   * redaction: `@walletinfra/sdk/recording`). Carries secrets as they travel; subscribers must redact.
   */
  exchange: 'walletinfra:transport:exchange',
} as const);

/** Published on `walletinfra:transport:pool-open`. */
export interface PoolOpenMessage {
  /** Keep-alive connections per origin (undici's default when undefined). */
  connections: number | undefined;
}

/** Published on `walletinfra:transport:attempt-settled`. */
export interface AttemptSettledMessage {
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  /** The response's status; undefined when none arrived (timeout, abort, network failure). */
  status: number | undefined;
}

/** Published on `walletinfra:transport:closed`. */
export interface TransportClosedMessage {
  /** The main API URL of the transport. */
  baseUrl: string;
}

/** Published on `walletinfra:transport:exchange`, once per attempt. */
export interface ExchangeMessage {
  origin: string;
  method: 'GET' | 'POST';
  /** The path as sent (a base URL's path prefix included). */
  path: string;
  /** The operation's own path, as the client names it: `/public/v1/query/get_policy`. */
  operation: string;
  /** 1 for the first attempt of a request; a retry resends the same body. */
  attempt: number;
  /** The exact body sent; undefined for a GET. */
  requestBody: string | undefined;
  /** The transport's clock when the attempt started, and how long it took. */
  startedAt: number;
  durationMs: number;
  /** The response's status; undefined when none arrived. */
  status: number | undefined;
  /** Lower-case names; undefined when no response arrived. */
  responseHeaders: Readonly<Record<string, string>> | undefined;
  /** The body read; undefined when no response arrived. */
  responseBody: string | undefined;
  /** Why no response arrived: `timeout`, `aborted`, or the network failure's kind (`refused`, ...). */
  failure?: string;
}

const poolOpen = channel(TRANSPORT_CHANNELS.poolOpen);
const attemptSettled = channel(TRANSPORT_CHANNELS.attemptSettled);
const closed = channel(TRANSPORT_CHANNELS.closed);
const exchange = channel(TRANSPORT_CHANNELS.exchange);

export function announcePoolOpen(message: PoolOpenMessage): void {
  if (poolOpen.hasSubscribers) poolOpen.publish(message);
}

export function announceAttemptSettled(message: AttemptSettledMessage): void {
  if (attemptSettled.hasSubscribers) attemptSettled.publish(message);
}

export function announceClosed(message: TransportClosedMessage): void {
  if (closed.hasSubscribers) closed.publish(message);
}

/** Whether anyone listens for whole exchanges (the message is only built then). */
export function exchangeObserved(): boolean {
  return exchange.hasSubscribers;
}

export function announceExchange(message: ExchangeMessage): void {
  if (exchange.hasSubscribers) exchange.publish(message);
}
