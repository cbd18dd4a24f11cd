// The generic half of the client: validate, serialise once, send, validate the answer, wait for activities.
// The typed one-method-per-operation half is in ./index.ts.
import { activityFingerprint } from '../crypto/fingerprint';
import { InvalidRequestError } from '../errors';
import { waitForActivity, type WaitForConsensus } from '../activity';
import {
  isOperationName,
  operations,
  operationsByActivityType,
  type DiscoveryName,
  type ProxyName,
  type QueryName,
  type RequestOf,
  type ResponseOf,
  type ResultOf,
  type SubmitName,
  type SubmitOperation,
} from '../operations';
import { ActivityResponse, type Activity } from '../schemas/activity';
import { validateRequest, validateResponse } from '../schemas/validate';
import { createTransport } from './transport';
import { resolveClientOptions, type ClientTransport, type ResolvedClientOptions, type WalletInfraClientOptions } from './options';

/** A query body: `organizationId` may be left out when the client has a default. */
export type QueryBody<N extends QueryName> = Omit<RequestOf<N>, 'organizationId'> & { organizationId?: string };

export interface CallOptions {
  signal?: AbortSignal;
}

export interface SubmitOptions extends CallOptions {
  /** Overrides the client's default organization. */
  organizationId?: string;
  /** Overrides `String(clock.now())`; a new value makes a new activity (docs/service-behaviour.md#idempotency-and-fingerprints). */
  timestampMs?: string;
  /** Ask the service for app proofs (docs/service-behaviour.md#transport). */
  generateAppProofs?: boolean;
  /** Keep polling through CONSENSUS_NEEDED (see activity.ts). */
  waitForConsensus?: WaitForConsensus;
}

export interface WaitOptions extends CallOptions {
  waitForConsensus?: WaitForConsensus;
}

/** What every write resolves with: the COMPLETED activity and its typed result. */
export interface SubmitResult<N extends SubmitName> {
  activity: Activity;
  result: ResultOf<N>;
}

/** A submit body ready to send: the exact bytes, and their fingerprint (docs/service-behaviour.md#idempotency-and-fingerprints). */
export interface PreparedSubmit<N extends SubmitName = SubmitName> {
  name: N;
  body: string;
  fingerprint: string;
}

function unknownOperation(kind: string, name: unknown): InvalidRequestError {
  return InvalidRequestError.fromIssues(String(name), [{ path: '', message: `is not a known ${kind} operation` }]);
}

export class ClientCore {
  protected readonly transport: ClientTransport;
  protected readonly config: ResolvedClientOptions;

  constructor(options: WalletInfraClientOptions = {}) {
    this.config = resolveClientOptions(options);
    this.transport = options.transport ?? createTransport(this.config);
  }

  /** The default organization, if one was configured. */
  get organizationId(): string | undefined {
    return this.config.organizationId;
  }

  /** Any query by name. The body is checked strictly before it is sent. */
  async query<N extends QueryName>(name: N, body: QueryBody<N>, options: CallOptions = {}): Promise<ResponseOf<N>> {
    if (!isOperationName(name) || operations[name].kind !== 'query') throw unknownOperation('query', name);
    const op = operations[name];
    const where = { operationName: name, operationPath: op.path };
    const parsed = validateRequest(op.request, this.withDefaultOrganization(body), where);
    const json = await this.transport.post({ path: op.path, body: JSON.stringify(parsed), operation: op.path, ...signalOf(options) });
    return validateResponse(op.response, json, where) as ResponseOf<N>;
  }

  /** Either auth-proxy call (docs/service-behaviour.md#auth-proxy): no stamp, `X-Auth-Proxy-Config-Id` instead. */
  async proxy<N extends ProxyName>(name: N, body: RequestOf<N>, options: CallOptions = {}): Promise<ResponseOf<N>> {
    if (!isOperationName(name) || operations[name].kind !== 'proxy') throw unknownOperation('proxy', name);
    const op = operations[name];
    const where = { operationName: name, operationPath: op.path };
    const parsed = validateRequest(op.request, body, where);
    const json = await this.transport.post({
      target: 'authProxy',
      path: op.path,
      body: JSON.stringify(parsed),
      operation: op.path,
      ...signalOf(options),
    });
    return validateResponse(op.response, json, where) as ResponseOf<N>;
  }

  /** The unauthenticated discovery GET (docs/service-behaviour.md#verification-keys). */
  async discover<N extends DiscoveryName>(name: N, options: CallOptions = {}): Promise<ResponseOf<N>> {
    if (!isOperationName(name) || operations[name].kind !== 'discovery') throw unknownOperation('discovery', name);
    const op = operations[name];
    const response = await this.transport.get({ path: op.path, operation: op.path, ...signalOf(options) });
    return validateResponse(op.response, response.json, { operationName: name, operationPath: op.path }) as ResponseOf<N>;
  }

  /**
   * Builds and checks the body of a write WITHOUT sending it: fills `type`, `timestampMs` and
   * `organizationId`, validates strictly, serialises once. Send it with `submitRaw` (now or after a crash:
   * the same bytes return the same activity, docs/service-behaviour.md#idempotency-and-fingerprints).
   */
  prepareSubmit<N extends SubmitName>(name: N, parameters: RequestOf<N>, options: SubmitOptions = {}): PreparedSubmit<N> {
    if (!isOperationName(name) || operations[name].kind !== 'submit') throw unknownOperation('submit', name);
    const op = operations[name] as SubmitOperation;
    const envelope = {
      type: op.activityType,
      timestampMs: options.timestampMs ?? String(this.config.clock.now()),
      organizationId: options.organizationId ?? this.config.organizationId,
      parameters,
      ...(options.generateAppProofs !== undefined ? { generateAppProofs: options.generateAppProofs } : {}),
    };
    const parsed = validateRequest(op.envelope, envelope, { operationName: name, operationPath: op.path });
    const body = JSON.stringify(parsed);
    return { name, body, fingerprint: activityFingerprint(body) };
  }

  /** Any write by name: prepare, send, wait for a terminal status, return the typed result. */
  async submit<N extends SubmitName>(name: N, parameters: RequestOf<N>, options: SubmitOptions = {}): Promise<SubmitResult<N>> {
    const prepared = this.prepareSubmit(name, parameters, options);
    return await this.submitRaw(prepared.body, options);
  }

  /**
   * Sends an exact submit body (a string, sent byte for byte, or an envelope object, serialised once). The
   * operation is found from its `type`; the body is still checked strictly before it is sent.
   */
  async submitRaw(envelope: string | object, options: WaitOptions = {}): Promise<SubmitResult<SubmitName> & { name: SubmitName }> {
    const body = typeof envelope === 'string' ? envelope : JSON.stringify(envelope);
    const op = this.operationOfBody(body);
    const where = { operationName: op.name, operationPath: op.path };
    validateRequest(op.envelope, JSON.parse(body) as unknown, where);
    const json = await this.transport.post({ path: op.path, body, operation: op.path, ...signalOf(options) });
    const submitted = validateResponse(ActivityResponse, json, where).activity;
    const activity = await this.waitForActivity(submitted, { ...options, operation: op.path, fingerprint: activityFingerprint(body) });
    return { name: op.name as SubmitName, activity, result: this.resultOf(op, activity) as ResultOf<SubmitName> };
  }

  /**
   * Waits until `activity` is COMPLETED (polling `get_activity`), or throws the typed error of its status.
   * Useful to resume after ConsensusNeededError or TimeoutError.
   */
  async waitForActivity(activity: Activity, options: WaitOptions & { operation?: string; fingerprint?: string } = {}): Promise<Activity> {
    return waitForActivity({
      activity,
      operation: options.operation ?? `activity ${activity.type}`,
      ...(options.fingerprint !== undefined ? { fingerprint: options.fingerprint } : {}),
      polling: this.config.polling,
      ...(options.waitForConsensus !== undefined ? { waitForConsensus: options.waitForConsensus } : {}),
      clock: this.config.clock,
      sleep: this.config.sleep,
      ...signalOf(options),
      fetchActivity: async (activityId, signal) => {
        const response = await this.query(
          'get_activity',
          { organizationId: activity.organizationId, activityId },
          signal !== undefined ? { signal } : {},
        );
        return response.activity;
      },
    });
  }

  /** Releases the transport's connections. */
  async close(): Promise<void> {
    await this.transport.close?.();
  }

  /** `organizationId` first (as every TYPES body lists it), filled from the default when absent. */
  private withDefaultOrganization(body: unknown): unknown {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    const { organizationId, ...rest } = body as { organizationId?: unknown };
    return { organizationId: organizationId ?? this.config.organizationId, ...rest };
  }

  private operationOfBody(body: string): SubmitOperation {
    let type: unknown;
    try {
      type = (JSON.parse(body) as { type?: unknown } | null)?.type;
    } catch {
      throw InvalidRequestError.fromIssues('submitRaw', [{ path: '', message: 'body is not valid JSON' }]);
    }
    const op = typeof type === 'string' ? operationsByActivityType.get(type) : undefined;
    if (op === undefined) {
      throw InvalidRequestError.fromIssues('submitRaw', [{ path: 'type', message: 'is not an activity type this client knows' }]);
    }
    return op;
  }

  private resultOf(op: SubmitOperation, activity: Activity): unknown {
    const where = { operationName: op.name, operationPath: op.path };
    if (op.resultKey === undefined) return validateResponse(op.result, activity.result, { ...where, prefix: ['activity', 'result'] });
    return validateResponse(op.result, activity.result[op.resultKey], { ...where, prefix: ['activity', 'result', op.resultKey] });
  }
}

function signalOf(options: CallOptions): { signal?: AbortSignal } {
  return options.signal !== undefined ? { signal: options.signal } : {};
}
