// Replays a recording's requests against a fresh emulator, in the order the service ran them, and pairs each
// recorded answer with the emulator's. The recording's ids are not the emulator's: the recorded organization,
// user and API key are mapped onto the emulator's own from the header, and every other id (an object the run
// created, an activity, its fingerprint) is learnt by reading the two answers side by side, so a later
// request that names it is sent with the emulator's. Wallets the recording read but did not create are seeded
// first, so reads of them replay. Bodies are re-stamped with the emulator's key and get a fresh timestampMs.
// The order is read from what the answers contain (`replayOrder`), not only from when requests started: the
// processes of a run send at once, so a list recorded as starting first may have run after a create. A
// recording made with the organization's id hidden (`--redact-organization`) names it by its placeholder in the
// header and everywhere else, so it maps the same way.
import { encryptOnRampSecret } from '@walletinfra/sdk/crypto';
import { ApiKeyStamper } from '@walletinfra/sdk/crypto';
import { SECRET_PLACEHOLDER, type RecordedExchange, type RecordingHeader } from '@walletinfra/sdk/recording';
import type { RunningEmulator } from '@walletinfra/emulator';

export interface Answer {
  status: number;
  body: unknown;
}

export interface ReplayedExchange {
  recorded: RecordedExchange;
  /** Its line in the recording (the header is line 1). */
  line: number;
  /** The recorded answer as compared: status and body. */
  service?: Answer;
  emulator?: Answer;
  /** Why the pair is not compared. */
  notCompared?: string;
}

const ID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fields whose values name something the emulator made differently: learnt from answers, mapped in requests. */
const ID_FIELD = /(Id|Ids|id|fingerprint|Fingerprint)$/;

/** Recorded values and the emulator's values that stand for the same thing. */
export class IdMap {
  readonly #map = new Map<string, string>();

  set(recorded: string, replayed: string): void {
    if (recorded === replayed || recorded === '') return;
    if (!this.#map.has(recorded)) this.#map.set(recorded, replayed);
  }

  get(recorded: string): string | undefined {
    return this.#map.get(recorded);
  }

  /** A request value with every mapped value replaced (whole strings, and ids inside longer strings). */
  apply(value: unknown): unknown {
    if (typeof value === 'string') {
      const whole = this.#map.get(value);
      if (whole !== undefined) return whole;
      let out = value;
      for (const [from, to] of this.#map) if (from.length >= 16 && out.includes(from)) out = out.split(from).join(to);
      return out;
    }
    if (Array.isArray(value)) return value.map((v) => this.apply(v));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.apply(v)]));
    return value;
  }

  /** Learns from two answers to the same request: where they differ at the same place, an id-like value maps. */
  learn(recorded: unknown, replayed: unknown, field = ''): void {
    if (typeof recorded === 'string' && typeof replayed === 'string') {
      if (recorded !== replayed && (ID_FIELD.test(field) || ID_LIKE.test(recorded))) this.set(recorded, replayed);
      return;
    }
    if (Array.isArray(recorded) && Array.isArray(replayed)) {
      for (const [i, item] of recorded.entries()) {
        const partner = this.partnerOf(item, replayed, i, recorded.length);
        if (partner !== undefined) this.learn(item, partner, field);
      }
      return;
    }
    if (
      recorded !== null &&
      typeof recorded === 'object' &&
      replayed !== null &&
      typeof replayed === 'object' &&
      !Array.isArray(replayed)
    ) {
      for (const [key, value] of Object.entries(recorded)) this.learn(value, (replayed as Record<string, unknown>)[key], key);
    }
  }

  /**
   * The element of `replayed` that stands for `item`: the one sharing the most values once mapped (a name, a
   * public key, an id already known); by position when both lists have one element or only ids differ.
   */
  private partnerOf(item: unknown, replayed: readonly unknown[], index: number, length: number): unknown {
    if (typeof item !== 'object' || item === null) return length === replayed.length ? replayed[index] : undefined;
    const mine = leaves(item).map((v) => this.get(v) ?? v);
    let best: unknown;
    let bestScore = 0;
    let tie = false;
    for (const candidate of replayed) {
      const theirs = new Set(leaves(candidate));
      const score = mine.filter((v) => theirs.has(v) && !isTimeLike(v)).length;
      if (score > bestScore) [best, bestScore, tie] = [candidate, score, false];
      else if (score === bestScore && score > 0) tie = true;
    }
    if (best !== undefined && !tie) return best;
    return length === 1 && replayed.length === 1 ? replayed[0] : undefined;
  }
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

function isTimeLike(value: string): boolean {
  return /^\d+$/.test(value) || isEnumLike(value);
}

function isEnumLike(value: string): boolean {
  return /^[A-Z][A-Z0-9_]*$/.test(value);
}

/** The ids in a value: strings in fields named like ids, and strings shaped like one. */
function idsIn(value: unknown, field = ''): string[] {
  if (typeof value === 'string') return value !== '' && (ID_FIELD.test(field) || ID_LIKE.test(value)) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => idsIn(v, field));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => idsIn(v, k));
  return [];
}

/** The ids a write's activity result holds (`createPolicyResult.policyId`). */
function resultIds(e: RecordedExchange): string[] {
  if (e.status !== 200 || !e.path.includes('/submit/')) return [];
  return idsIn((e.response as { activity?: { result?: unknown } } | undefined)?.activity?.result);
}

/** The ids a delete's parameters name (`delete_policy`'s `policyId`): objects gone once it ran. */
function deletedIds(e: RecordedExchange): string[] {
  if (e.status !== 200 || !/\/submit\/(delete|remove)_/.test(e.path)) return [];
  return idsIn((e.request as { parameters?: unknown } | undefined)?.parameters);
}

/**
 * The order to replay a recording in: the order the service ran its requests, as far as the answers tell.
 * Requests sent at once by several processes (or by one, several at a time) overlap, and their start times do
 * not say which the service ran first: a list that started before a create may answer with the created object.
 * So start times order the requests, except that an answer naming an object a write brought into being (an id
 * in the write's activity result that nothing named before the write started) comes after that write, and an
 * answer naming an object a delete removed, from a request that started while the delete was under way,
 * comes before that delete.
 */
export function replayOrder(exchanges: readonly RecordedExchange[]): RecordedExchange[] {
  const byStart = exchanges
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.startedAt - b.e.startedAt || a.i - b.i)
    .map((x) => x.e);
  const answers = byStart.map((e) => new Set(leaves(e.response)));
  const named = byStart.map((e, k) => new Set([...leaves(e.request), ...(answers[k] ?? [])]));
  const follows = byStart.map(() => new Set<number>());
  byStart.forEach((write, w) => {
    for (const id of resultIds(write)) {
      const before = byStart.some((e, k) => k !== w && e.startedAt + e.durationMs <= write.startedAt && named[k]?.has(id));
      if (before) continue;
      byStart.forEach((e, k) => {
        if (k !== w && e.startedAt <= write.startedAt && answers[k]?.has(id) === true) follows[k]?.add(w);
      });
    }
  });
  byStart.forEach((del, d) => {
    const end = del.startedAt + del.durationMs;
    for (const id of deletedIds(del)) {
      byStart.forEach((e, k) => {
        if (k !== d && e.status === 200 && e.startedAt > del.startedAt && e.startedAt < end && answers[k]?.has(id) === true)
          follows[d]?.add(k);
      });
    }
  });
  // Start order, each exchange held back until the exchanges it follows are placed (a cycle keeps start order).
  const placed = new Set<number>();
  const out: RecordedExchange[] = [];
  while (out.length < byStart.length) {
    let next = byStart.findIndex((_, k) => !placed.has(k) && [...(follows[k] ?? [])].every((w) => placed.has(w)));
    if (next < 0) next = byStart.findIndex((_, k) => !placed.has(k));
    placed.add(next);
    out.push(byStart[next] as RecordedExchange);
  }
  return out;
}

/** The wallets a recording read (list_wallets and list_wallet_accounts answers), as the emulator's seed takes them. */
export function walletsRead(
  exchanges: readonly RecordedExchange[],
): Array<{ walletId: string; walletName: string; accounts: Array<Record<string, string>> }> {
  const wallets = new Map<string, { walletId: string; walletName: string; accounts: Array<Record<string, string>> }>();
  for (const e of exchanges) {
    if (e.operation !== 'list_wallets' || e.status !== 200) continue;
    for (const w of (e.response as { wallets?: Array<{ walletId?: string; walletName?: string }> } | undefined)?.wallets ?? []) {
      if (typeof w.walletId === 'string' && typeof w.walletName === 'string' && !wallets.has(w.walletId)) {
        wallets.set(w.walletId, { walletId: w.walletId, walletName: w.walletName, accounts: [] });
      }
    }
  }
  for (const e of exchanges) {
    if (e.operation !== 'list_wallet_accounts' || e.status !== 200) continue;
    for (const a of (e.response as { accounts?: Array<Record<string, unknown>> } | undefined)?.accounts ?? []) {
      const wallet = wallets.get(String(a.walletId));
      if (wallet === undefined || wallet.accounts.some((x) => x.address === a.address)) continue;
      const account: Record<string, string> = {};
      for (const key of ['curve', 'pathFormat', 'path', 'addressFormat', 'address']) if (typeof a[key] === 'string') account[key] = a[key];
      wallet.accounts.push(account);
    }
  }
  return [...wallets.values()];
}

/** Fields of a request holding a redacted secret, by path. */
function redactedFields(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return SECRET_PLACEHOLDER.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => redactedFields(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => redactedFields(v, path === '' ? k : `${path}.${k}`));
  }
  return [];
}

/** On-ramp ciphertexts can be made afresh for the emulator's key; any other redacted secret cannot be replayed. */
function refill(value: unknown, onRampKey: string, field = ''): unknown {
  if (typeof value === 'string') {
    if (SECRET_PLACEHOLDER.test(value) && /^encrypted(Secret|Private)ApiKey$/.test(field))
      return encryptOnRampSecret(`replayed-${value}`, onRampKey);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => refill(v, onRampKey, field));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, refill(v, onRampKey, k)]));
  return value;
}

function stillRedacted(value: unknown): string[] {
  return redactedFields(value);
}

/** The status of an activity the answer holds while it is still running, if it is. */
function inProgress(response: unknown): string | undefined {
  const status = (response as { activity?: { status?: unknown } } | undefined)?.activity?.status;
  return status === 'ACTIVITY_STATUS_CREATED' || status === 'ACTIVITY_STATUS_PENDING' ? status : undefined;
}

/** Answers that say when, not what: retried by clients, not compared. */
const TRANSIENT = new Set([429, 500, 502, 503, 504]);

export interface ReplayDeps {
  emulator: RunningEmulator;
  now(): number;
}

/** Replays every exchange of a recording against `deps.emulator` (fresh) and pairs the answers. */
export async function replay(
  header: RecordingHeader,
  exchanges: readonly RecordedExchange[],
  deps: ReplayDeps,
): Promise<ReplayedExchange[]> {
  const { emulator } = deps;
  const creds = emulator.credentials;
  const ids = new IdMap();
  ids.set(header.identity.organizationId, creds.organizationId);
  if (header.identity.userId !== undefined) ids.set(header.identity.userId, creds.userId);
  ids.set(header.identity.apiPublicKey, creds.apiPublicKey);
  const stamper = new ApiKeyStamper({ apiPublicKey: creds.apiPublicKey, apiPrivateKey: creds.apiPrivateKey });
  const ordered = replayOrder(exchanges);
  const lines = new Map(exchanges.map((e, i) => [e, i + 2]));

  const wallets = walletsRead(ordered);
  if (wallets.length > 0) {
    emulator.seed({ wallets: wallets.map((w) => ({ walletName: w.walletName, accounts: w.accounts })) });
    const mine = await send(emulator, stamper, 'POST', '/public/v1/query/list_wallets', { organizationId: creds.organizationId });
    for (const w of (mine.body as { wallets?: Array<{ walletId: string; walletName: string }> }).wallets ?? []) {
      const recorded = wallets.find((x) => x.walletName === w.walletName);
      if (recorded !== undefined) ids.set(recorded.walletId, w.walletId);
    }
  }

  let lastTimestamp = 0;
  const out: ReplayedExchange[] = [];
  for (const recorded of ordered) {
    const line = lines.get(recorded) ?? 0;
    if (recorded.status === undefined) {
      out.push({ recorded, line, notCompared: `no answer was recorded (${recorded.failure ?? 'none arrived'})` });
      continue;
    }
    if (TRANSIENT.has(recorded.status)) {
      out.push({ recorded, line, notCompared: `the service answered ${recorded.status}, which says when, not what (a client retries it)` });
      continue;
    }
    let body = recorded.request === undefined ? undefined : ids.apply(refill(recorded.request, emulator.onRampEncryptionPublicKey));
    const unreplayable = body === undefined ? [] : stillRedacted(body);
    if (unreplayable.length > 0) {
      out.push({ recorded, line, notCompared: `its request held a redacted secret the replay cannot send (${unreplayable.join(', ')})` });
      continue;
    }
    if (body !== null && typeof body === 'object' && typeof (body as { timestampMs?: unknown }).timestampMs === 'string') {
      // A retried request resends its first attempt's body, so its timestamp maps like an id.
      const original = (recorded.request as { timestampMs: string }).timestampMs;
      let fresh = ids.get(`timestampMs:${original}`);
      if (fresh === undefined) {
        lastTimestamp = Math.max(deps.now(), lastTimestamp + 1);
        fresh = String(lastTimestamp);
        ids.set(`timestampMs:${original}`, fresh);
      }
      body = { ...(body as Record<string, unknown>), timestampMs: fresh };
    }
    const answer = await send(emulator, stamper, recorded.method, recorded.path, body);
    const service: Answer = { status: recorded.status, body: recorded.response };
    if (recorded.response === undefined && recorded.responseBytes !== undefined) {
      out.push({
        recorded,
        line,
        service,
        emulator: answer,
        notCompared: 'the service answered with a body that is not JSON (only its status is compared)',
      });
      continue;
    }
    if (recorded.status < 400 && answer.status < 400) ids.learn(recorded.response, answer.body);
    const unfinished = inProgress(recorded.response);
    if (unfinished !== undefined) {
      // A client polls such an activity until it finishes; the emulator finishes writes at once.
      out.push({
        recorded,
        line,
        service,
        emulator: answer,
        notCompared: `the service answered before the activity finished (${unfinished})`,
      });
      continue;
    }
    out.push({ recorded, line, service, emulator: answer });
  }
  return out;
}

async function send(
  emulator: RunningEmulator,
  stamper: ApiKeyStamper,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
): Promise<Answer> {
  const proxy = path.startsWith('/v1/');
  const url = `${proxy ? emulator.authProxyUrl : emulator.baseUrl}${path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  let text: string | undefined;
  if (method === 'POST') {
    text = JSON.stringify(body ?? {});
    headers['content-type'] = 'application/json';
    if (proxy) headers['x-auth-proxy-config-id'] = emulator.credentials.authProxyConfigId;
    else {
      const stamp = stamper.stamp(text);
      headers[stamp.headerName.toLowerCase()] = stamp.headerValue;
    }
  }
  const response = await fetch(url, { method, headers, ...(text !== undefined ? { body: text } : {}) });
  const raw = await response.text();
  let parsed: unknown;
  try {
    parsed = raw === '' ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    parsed = raw;
  }
  return { status: response.status, body: parsed };
}
