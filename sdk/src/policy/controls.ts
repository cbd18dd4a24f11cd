// The `controls` keyword: each velocity control of the organization, by identifier, as `controls.<identifier>`
// (generated types `v1VelocityControl.identifier`: "Policies reference it as `controls.<identifier>`"). The public
// docs do not show how it reads in an expression; the service's generated Rust client describes a velocity control
// as "aggregates data and compares the result to a threshold. Policies use the boolean result", the comparison
// being `<method>(<scoped data>) <operator> <threshold>` (tkhq/rust-sdk, `external.data.v1.rs`). So each control
// reads as a bool — UNCONFIRMED (docs/service-behaviour.md#velocity-controls). VELOCITY_CONTROL_READ is the one
// place that says so: the checker types `controls.<identifier>` by it and the evaluator computes the value by it.
import { PolicyInputError, describeInput } from './errors';
import { closestName } from './suggest';
import { BOOL, type PolicyType } from './types';

/**
 * A control's state in an evaluation context: its boolean result as such (policy tests), or the aggregate of
 * the request's bucket over the window, counting the request being decided, with the control's comparison.
 */
export type PolicyVelocityControlState =
  | boolean
  | {
      /** `VELOCITY_CONTROL_AGGREGATION_OPERATOR_…` */
      operator: string;
      /** non-negative decimal, up to 18 fractional digits */
      threshold: string;
      /** the sum (in asset units, a decimal string) or count of the window's data points, this request included */
      aggregate: string | bigint | number;
    };

/** What `controls.<identifier>` is: its static type and its value for a state. Change here and only here. */
export const VELOCITY_CONTROL_READ: { type: PolicyType; value: (state: PolicyVelocityControlState, at?: string) => unknown } = {
  type: BOOL,
  value: (state, at) => (typeof state === 'boolean' ? state : velocityControlHolds(state.aggregate, state.operator, state.threshold, at)),
};

/** The type of the `controls` keyword: a map from identifier to a control, whose keys the checker can verify. */
export const CONTROLS_TYPE: PolicyType = { k: 'map', of: VELOCITY_CONTROL_READ.type, keys: 'velocityControl' };

/** Scale of the decimals controls compare: the threshold has at most 18 fractional digits. */
const SCALE = 18;

/** A non-negative decimal string (or integer) as an integer of 10^-18 units; undefined when it is not one. */
export function decimalUnits(value: string | bigint | number): bigint | undefined {
  if (typeof value === 'bigint') return value < 0n ? undefined : value * 10n ** BigInt(SCALE);
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) * 10n ** BigInt(SCALE) : undefined;
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(value);
  if (m === null) return undefined;
  const fraction = m[2] ?? '';
  if (fraction.length > SCALE) return undefined;
  return BigInt(m[1] as string) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0') || '0');
}

/** Raw on-chain units of an asset with `decimals` places, in the 10^-18 units of {@link decimalUnits} (truncating below 10^-18). */
export function assetUnits(raw: bigint, decimals: number): bigint {
  return decimals <= SCALE ? raw * 10n ** BigInt(SCALE - decimals) : raw / 10n ** BigInt(decimals - SCALE);
}

const COMPARE: Readonly<Record<string, (a: bigint, t: bigint) => boolean>> = {
  VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN: (a, t) => a < t,
  VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL: (a, t) => a <= t,
  VELOCITY_CONTROL_AGGREGATION_OPERATOR_EQUAL: (a, t) => a === t,
  VELOCITY_CONTROL_AGGREGATION_OPERATOR_GREATER_THAN_OR_EQUAL: (a, t) => a >= t,
  VELOCITY_CONTROL_AGGREGATION_OPERATOR_GREATER_THAN: (a, t) => a > t,
};

/** `aggregate <operator> threshold`; throws PolicyInputError naming what is malformed (under `at`, when given). */
export function velocityControlHolds(aggregate: string | bigint | number, operator: string, threshold: string, at?: string): boolean {
  const field = (name: string): string => (at === undefined ? name : `${at}.${name}`);
  const compare = Object.hasOwn(COMPARE, operator) ? COMPARE[operator] : undefined;
  if (compare === undefined) throw new PolicyInputError(field('operator'), `must be one of ${Object.keys(COMPARE).join(', ')}`);
  const a = decimalUnits(aggregate);
  if (a === undefined) throw new PolicyInputError(field('aggregate'), `must be a non-negative decimal, got ${describeInput(aggregate)}`);
  const t = decimalUnits(threshold);
  if (t === undefined) throw new PolicyInputError(field('threshold'), `must be a non-negative decimal, got ${describeInput(threshold)}`);
  return compare(a, t);
}

/** `controls` of the evaluation context, as the evaluator reads it: identifier → value. Validates the states. */
export function controlsRoot(controls: unknown): Record<string, unknown> {
  if (controls === undefined) return {};
  if (typeof controls !== 'object' || controls === null || Array.isArray(controls)) {
    throw new PolicyInputError(
      'context.controls',
      `must be an object of velocity-control states by identifier, got ${describeInput(controls)}`,
    );
  }
  const out: Record<string, unknown> = {};
  for (const [identifier, state] of Object.entries(controls as Record<string, unknown>)) {
    const at = `context.controls.${identifier}`;
    if (typeof state !== 'boolean') {
      const s = state as Record<string, unknown> | null;
      if (typeof s !== 'object' || s === null || typeof s.operator !== 'string' || typeof s.threshold !== 'string') {
        throw new PolicyInputError(at, `must be a bool or {operator, threshold, aggregate}, got ${describeInput(state)}`);
      }
    }
    out[identifier] = VELOCITY_CONTROL_READ.value(state as PolicyVelocityControlState, at);
  }
  return out;
}

/** The diagnostic for `controls.<identifier>` when no known velocity control has that identifier. */
export function unknownControl(identifier: string, known: readonly string[]): { message: string; suggestion?: string } {
  const head = `no velocity control has identifier '${identifier}'`;
  const suggestion = closestName(identifier, known);
  if (suggestion !== undefined) return { message: `${head}; did you mean '${suggestion}'?`, suggestion };
  if (known.length === 0) return { message: `${head}; declare a velocity control with that identifier (none is declared)` };
  return { message: `${head}; the velocity controls are ${known.map((k) => `'${k}'`).join(', ')}` };
}
