// Fault injection for reliability tests: rules are data (stripe-mock/LocalStack anchors), matched per
// request path, drawn with a seedable random source so a test run is reproducible.
import { randomUnit, seededRandom, systemRandom, type RandomSource } from './env';

export interface FaultRule {
  /** exact request path, or a pattern where `*` matches any run of characters (`/public/v1/submit/*`) */
  path: string;
  /** chance in [0, 1] that the rule fires on a matching request; default 1 */
  probability?: number;
  /** wait this long before handling the request */
  delayMs?: number;
  /** answer with this HTTP status (400-599) in the service's error shape instead of handling the request */
  status?: number;
  /** with `status`: a `Retry-After` header in seconds */
  retryAfter?: number;
  /** handle the request (a write commits), then drop the connection without answering */
  dropResponse?: boolean;
  /** for writes: fail after the effect and before the activity record, inside the transaction (both roll back) */
  failBetweenEffectAndRecord?: boolean;
  /** for writes: answer ACTIVITY_STATUS_PENDING and run the effect on the Nth get_activity of it (async path) */
  pendingPolls?: number;
  /** fire at most this many times; default unlimited */
  times?: number;
  /** message of the injected error; default "injected fault" */
  message?: string;
}

export interface FaultConfig {
  seed?: number;
  rules: FaultRule[];
}

export type FaultDecision = Omit<FaultRule, 'path' | 'probability' | 'times'>;

const RULE_KEYS: Record<keyof FaultRule, string> = {
  path: 'string',
  probability: 'number',
  delayMs: 'number',
  status: 'number',
  retryAfter: 'number',
  dropResponse: 'boolean',
  failBetweenEffectAndRecord: 'boolean',
  pendingPolls: 'number',
  times: 'number',
  message: 'string',
};

/** Validates fault rules from a file, an option or the admin endpoint; throws an Error naming the field. */
export function parseFaultConfig(input: unknown, where = 'faults'): FaultConfig {
  const obj = Array.isArray(input) ? { rules: input } : input;
  if (typeof obj !== 'object' || obj === null) throw new Error(`${where}: must be an object {seed?, rules} or an array of rules`);
  const { seed, rules, ...rest } = obj as Record<string, unknown>;
  const unknownTop = Object.keys(rest);
  if (unknownTop.length > 0) throw new Error(`${where}.${unknownTop[0]}: is not a known field (known: seed, rules)`);
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed))) throw new Error(`${where}.seed: must be an integer`);
  if (!Array.isArray(rules)) throw new Error(`${where}.rules: must be an array`);
  const parsed = rules.map((rule, i) => parseRule(rule, `${where}.rules[${i}]`));
  return seed === undefined ? { rules: parsed } : { seed, rules: parsed };
}

function parseRule(rule: unknown, where: string): FaultRule {
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) throw new Error(`${where}: must be an object`);
  const r = rule as Record<string, unknown>;
  for (const [key, value] of Object.entries(r)) {
    const type = RULE_KEYS[key as keyof FaultRule];
    if (type === undefined) throw new Error(`${where}.${key}: is not a known field (known: ${Object.keys(RULE_KEYS).join(', ')})`);
    if (typeof value !== type) throw new Error(`${where}.${key}: must be a ${type}`);
  }
  if (typeof r.path !== 'string' || r.path === '') throw new Error(`${where}.path: is required`);
  const num = (key: string, ok: (n: number) => boolean, what: string) => {
    const v = r[key];
    if (v !== undefined && !ok(v as number)) throw new Error(`${where}.${key}: must be ${what}`);
  };
  num('probability', (n) => n >= 0 && n <= 1, 'between 0 and 1');
  num('delayMs', (n) => Number.isInteger(n) && n >= 0 && n <= 600_000, 'an integer from 0 to 600000');
  num('status', (n) => Number.isInteger(n) && n >= 400 && n <= 599, 'an integer from 400 to 599');
  num('retryAfter', (n) => Number.isInteger(n) && n >= 0, 'a non-negative integer (seconds)');
  num('times', (n) => Number.isInteger(n) && n >= 1, 'a positive integer');
  num('pendingPolls', (n) => Number.isInteger(n) && n >= 1 && n <= 1000, 'an integer from 1 to 1000');
  if (r.retryAfter !== undefined && r.status === undefined) throw new Error(`${where}.retryAfter: needs status`);
  if (r.status !== undefined && (r.dropResponse === true || r.failBetweenEffectAndRecord === true || r.pendingPolls !== undefined)) {
    throw new Error(`${where}.status: cannot be combined with dropResponse, failBetweenEffectAndRecord or pendingPolls`);
  }
  return r as unknown as FaultRule;
}

function pathMatches(pattern: string, path: string): boolean {
  if (!pattern.includes('*')) return pattern === path;
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(path);
}

export class FaultInjector {
  private rules: Array<FaultRule & { fired: number }> = [];
  private random: RandomSource = systemRandom;
  private seed: number | undefined;

  constructor(config?: FaultConfig) {
    if (config !== undefined) this.configure(config);
  }

  configure(config: FaultConfig): void {
    this.rules = config.rules.map((r) => ({ ...r, fired: 0 }));
    this.seed = config.seed;
    this.random = config.seed === undefined ? systemRandom : seededRandom(config.seed);
  }

  /** The rules with how often each has fired. */
  describe(): { seed?: number; rules: Array<FaultRule & { fired: number }> } {
    const rules = this.rules.map((r) => ({ ...r }));
    return this.seed === undefined ? { rules } : { seed: this.seed, rules };
  }

  /** The first matching rule that fires for this request, if any (each rule consumes one `times`). */
  decide(path: string): FaultDecision | undefined {
    for (const rule of this.rules) {
      if (!pathMatches(rule.path, path)) continue;
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      // Only draw when the outcome is uncertain, so adding a certain rule does not shift the sequence.
      if (rule.probability !== undefined && rule.probability < 1 && randomUnit(this.random) >= rule.probability) continue;
      rule.fired += 1;
      const { path: _p, probability: _pr, times: _t, fired: _f, ...decision } = rule;
      return decision;
    }
    return undefined;
  }
}
