// Fault injection for reliability tests: rules are data (stripe-mock/LocalStack anchors), matched per
// request path and, for some sub-organizations of a fleet, per organization the body names, drawn with a
// seedable random source so a test run is reproducible.
import { got, parseOptions } from '@walletinfra/sdk/options';
import { z } from 'zod';
import { randomUnit, seededRandom, systemRandom, type RandomSource } from './env';
import { flag, intAtLeast, intFrom, nonEmpty } from './validation';

const PATH_FIX = 'must be a request path, or a pattern such as /public/v1/submit/*';
const ORG_FIX = 'must be an organization id or a non-empty array of them';
const EFFECTS_AFTER_HANDLING = ['dropResponse', 'failBetweenEffectAndRecord', 'pendingPolls'] as const;

export const FaultRuleSchema = z
  .strictObject({
    /** exact request path, or a pattern where `*` matches any run of characters (`/public/v1/submit/*`); default every path */
    path: z
      .string({ error: got(PATH_FIX) })
      .refine((v) => v !== '', { error: got(PATH_FIX) })
      .optional(),
    /** only requests whose body names this organization (or one of these): some sub-organizations of a fleet */
    organizationId: z
      .union([nonEmpty, z.array(nonEmpty, { error: got(ORG_FIX) }).min(1, { error: got(ORG_FIX) })], { error: got(ORG_FIX) })
      .optional(),
    /** chance in [0, 1] that the rule fires on a matching request; default 1 */
    probability: z
      .number({ error: got('must be a number from 0 to 1') })
      .min(0, { error: got('must be a number from 0 to 1') })
      .max(1, { error: got('must be a number from 0 to 1') })
      .optional(),
    /** wait this long before handling the request */
    delayMs: intFrom(0, 600_000, 'milliseconds').optional(),
    /** answer with this HTTP status (400-599) in the service's error shape instead of handling the request */
    status: intFrom(400, 599).optional(),
    /** with `status`: a `Retry-After` header in seconds */
    retryAfter: intAtLeast(0, 'seconds').optional(),
    /** handle the request (a write commits), then drop the connection without answering */
    dropResponse: flag.optional(),
    /** for writes: fail after the effect and before the activity record, inside the transaction (both roll back) */
    failBetweenEffectAndRecord: flag.optional(),
    /** for writes: answer ACTIVITY_STATUS_PENDING and run the effect on the Nth get_activity of it (async path) */
    pendingPolls: intFrom(1, 1000).optional(),
    /** fire at most this many times; default unlimited */
    times: intAtLeast(1).optional(),
    /** message of the injected error; default "injected fault" */
    message: z.string({ error: got('must be a string') }).optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.path === undefined && rule.organizationId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['path'],
        input: rule.path,
        message: 'is required when organizationId is not given: say which requests the rule matches (a path, organizationId, or both)',
      });
    }
    if (rule.retryAfter !== undefined && rule.status === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['retryAfter'],
        input: rule.retryAfter,
        message: `needs status: add status (400-599) or remove retryAfter, got ${rule.retryAfter} without status`,
      });
    }
    const after = EFFECTS_AFTER_HANDLING.find((key) => rule[key] !== undefined && rule[key] !== false);
    if (rule.status !== undefined && after !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        input: rule.status,
        message: `cannot be combined with ${after} (a status answers instead of handling the request): remove one of them, got ${rule.status} with ${after}`,
      });
    }
  });

/** `{seed, rules}`; `seed` fixes the draws of `probability` */
export const FaultConfigSchema = z.strictObject({
  /** seed of the random source the rules' probabilities draw from (reproducible runs) */
  seed: z.int({ error: got('must be an integer') }).optional(),
  rules: z.array(FaultRuleSchema, { error: got('must be an array of rules') }),
});

/** What `faults` accepts: `{seed?, rules}` or the rules alone. */
export const FaultsSchema = z.union([z.array(FaultRuleSchema), FaultConfigSchema], {
  error: got('must be an object {seed?, rules} or an array of rules'),
});

export type FaultRule = z.input<typeof FaultRuleSchema>;
export type FaultConfig = z.input<typeof FaultConfigSchema>;

export type FaultDecision = Omit<FaultRule, 'path' | 'organizationId' | 'probability' | 'times'>;

/** What a rule matches a request by. */
export interface FaultTarget {
  path: string;
  /** the body's `organizationId`, when it has one */
  organizationId?: string | undefined;
}

/**
 * Validates fault rules from a file, an option or the admin endpoint. A refusal is a ConfigurationError
 * naming the field by its path below `where` (`faults.rules[2].probability must be ...`), after `prefix`.
 */
export function parseFaultConfig(input: unknown, where = 'faults', prefix = ''): FaultConfig {
  const parsed = parseOptions(FaultsSchema, input, { prefix, path: where === '' ? [] : [where], noun: 'field' });
  return Array.isArray(parsed) ? { rules: parsed } : parsed;
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

/** A rule as the injector keeps it: its organizations as a set (a rule may name thousands of sub-organizations). */
type ActiveRule = FaultRule & { fired: number; organizations?: ReadonlySet<string> };

function matches(rule: ActiveRule, target: FaultTarget): boolean {
  if (rule.path !== undefined && !pathMatches(rule.path, target.path)) return false;
  if (rule.organizations !== undefined)
    return target.organizationId !== undefined && rule.organizations.has(target.organizationId.toLowerCase());
  return true;
}

export class FaultInjector {
  private rules: ActiveRule[] = [];
  private random: RandomSource = systemRandom;
  private seed: number | undefined;

  constructor(config?: FaultConfig) {
    if (config !== undefined) this.configure(config);
  }

  configure(config: FaultConfig): void {
    this.rules = config.rules.map((r) => {
      const ids = r.organizationId === undefined ? undefined : [r.organizationId].flat();
      return { ...r, fired: 0, ...(ids === undefined ? {} : { organizations: new Set(ids.map((id) => id.toLowerCase())) }) };
    });
    this.seed = config.seed;
    this.random = config.seed === undefined ? systemRandom : seededRandom(config.seed);
  }

  /** The rules with how often each has fired. */
  describe(): { seed?: number; rules: Array<FaultRule & { fired: number }> } {
    const rules = this.rules.map(({ organizations: _o, ...r }) => ({ ...r }));
    return this.seed === undefined ? { rules } : { seed: this.seed, rules };
  }

  /** The first matching rule that fires for this request, if any (each rule consumes one `times`). */
  decide(target: FaultTarget): FaultDecision | undefined {
    for (const rule of this.rules) {
      if (!matches(rule, target)) continue;
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      // Only draw when the outcome is uncertain, so adding a certain rule does not shift the sequence.
      if (rule.probability !== undefined && rule.probability < 1 && randomUnit(this.random) >= rule.probability) continue;
      rule.fired += 1;
      const { path: _p, organizationId: _o, organizations: _os, probability: _pr, times: _t, fired: _f, ...decision } = rule;
      return decision;
    }
    return undefined;
  }
}
