// Errors of the policy language. Messages are written for a policy author: located errors start
// with `line:column:` and say what was expected; none contains a context value (values may be
// secrets), only names and literals from the expression itself.
import { WalletInfraError, type WalletInfraErrorCode } from '../errors';
import { type PolicyPosition, positionAt } from './ast';

export type PolicyErrorCode = Extract<WalletInfraErrorCode, `POLICY_${string}`>;

/** Base of the policy errors: a WalletInfraError whose `code` is one of PolicyErrorCode. */
export class PolicyError extends WalletInfraError {
  constructor(code: PolicyErrorCode, message: string) {
    super(code, message);
  }
}

/** The source is not a well-formed expression. `expected` lists what would have been valid. */
export class PolicySyntaxError extends PolicyError {
  readonly position: PolicyPosition;
  /** The message without its `line:column:` prefix. */
  readonly reason: string;
  readonly expected: string[];

  constructor(source: string, offset: number, reason: string, expected: string[]) {
    const position = positionAt(source, offset);
    super('POLICY_SYNTAX', `${position.line}:${position.column}: ${reason}`);
    this.position = position;
    this.reason = reason;
    this.expected = expected;
  }
}

/**
 * Evaluating a well-formed expression failed: a missing field (the service's `MissingField`),
 * a type mismatch at run time, an index out of range (docs/service-behaviour.md#policy-language notes).
 */
export class PolicyEvaluationError extends PolicyError {
  readonly position: PolicyPosition;
  /** The message without its `line:column:` prefix. */
  readonly reason: string;
  /**
   * For a missing field or map key, the path the expression read, as written there (`eth.tx.value`,
   * `secret.static_properties['kind']`); undefined for every other failure.
   */
  readonly missing: string | undefined;

  constructor(source: string, offset: number, reason: string, missing?: string) {
    const position = positionAt(source, offset);
    super('POLICY_EVALUATION', `${position.line}:${position.column}: ${reason}`);
    this.position = position;
    this.reason = reason;
    this.missing = missing;
  }
}

/** A caller passed an invalid argument (not an expression problem); `field` names it. */
export class PolicyInputError extends PolicyError {
  readonly field: string;

  constructor(field: string, message: string) {
    super('POLICY_INPUT', `${field} ${message}`);
    this.field = field;
  }
}

/** How an invalid argument is shown in a message: short, and never by its contents if an object. */
export function describeInput(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 37)}...` : value}'`;
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value === undefined) return String(value);
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
}
