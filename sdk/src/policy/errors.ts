// Errors of the policy language. Messages are written for a policy author: located errors start
// with `line:column:` and say what was expected; none contains a context value (values may be
// secrets), only names and literals from the expression itself.
//
// NOTE: the sdk's base class `WalletInfraError` (sdk/src/errors.ts) did not exist when this was
// written, so PolicyError extends Error and carries the same stable string `code` field.
// Re-parent it onto WalletInfraError once that lands; the public shape stays the same.
import { type PolicyPosition, positionAt } from './ast';

export type PolicyErrorCode = 'POLICY_SYNTAX' | 'POLICY_EVALUATION' | 'POLICY_INPUT';

/** Base of the policy errors, with a stable string `code`. */
export class PolicyError extends Error {
  readonly code: PolicyErrorCode;

  constructor(code: PolicyErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The source is not a well-formed expression. `expected` lists what would have been valid. */
export class PolicySyntaxError extends PolicyError {
  declare readonly code: 'POLICY_SYNTAX';
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
 * a type mismatch at run time, an index out of range (facts §6.1 notes).
 */
export class PolicyEvaluationError extends PolicyError {
  declare readonly code: 'POLICY_EVALUATION';
  readonly position: PolicyPosition;
  /** The message without its `line:column:` prefix. */
  readonly reason: string;

  constructor(source: string, offset: number, reason: string) {
    const position = positionAt(source, offset);
    super('POLICY_EVALUATION', `${position.line}:${position.column}: ${reason}`);
    this.position = position;
    this.reason = reason;
  }
}

/** A caller passed an invalid argument (not an expression problem); `field` names it. */
export class PolicyInputError extends PolicyError {
  declare readonly code: 'POLICY_INPUT';
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
  if (['number', 'boolean', 'bigint', 'undefined'].includes(typeof value)) return String(value);
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
}
