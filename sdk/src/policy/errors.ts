// Errors of the policy language. Messages are written for a policy author: they start with
// `line:column:` and name what was expected; they never contain context values (which may be
// secrets), only names from the expression itself.
//
// NOTE: the sdk's base class `WalletInfraError` (sdk/src/errors.ts) did not exist when this was
// written, so these extend Error and carry the same stable string `code` field. Re-parent them
// onto WalletInfraError once it lands; the public shape ({code, message, …}) stays the same.
import { type PolicyPosition, positionAt } from './ast';

export type PolicyErrorCode = 'POLICY_SYNTAX' | 'POLICY_EVALUATION';

/** Base of the policy errors: a stable `code`, the `position` in the source, the bare `reason`. */
export class PolicyError extends Error {
  readonly code: PolicyErrorCode;
  readonly position: PolicyPosition;
  /** The message without its `line:column:` prefix. */
  readonly reason: string;

  constructor(code: PolicyErrorCode, position: PolicyPosition, reason: string) {
    super(`${position.line}:${position.column}: ${reason}`);
    this.name = new.target.name;
    this.code = code;
    this.position = position;
    this.reason = reason;
  }
}

/** The source is not a well-formed expression. `expected` lists what would have been valid. */
export class PolicySyntaxError extends PolicyError {
  override readonly code = 'POLICY_SYNTAX' as const;
  readonly expected: string[];

  constructor(source: string, offset: number, reason: string, expected: string[]) {
    super('POLICY_SYNTAX', positionAt(source, offset), reason);
    this.expected = expected;
  }
}

/**
 * Evaluating a well-formed expression failed: a missing field (the service's `MissingField`),
 * a type mismatch at run time, an index out of range (facts §6.1 notes).
 */
export class PolicyEvaluationError extends PolicyError {
  override readonly code = 'POLICY_EVALUATION' as const;

  constructor(source: string, offset: number, reason: string) {
    super('POLICY_EVALUATION', positionAt(source, offset), reason);
  }
}
