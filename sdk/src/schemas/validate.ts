// Checking a request before anything is sent, and turning zod's issues into field-named messages.
// Messages never include the offending VALUE, only its path and what was expected, so a secret passed in
// the wrong field is never echoed (no secret in any error message).
import type { z } from 'zod';
import { formatIssueList, InvalidRequestError, UnexpectedResponseError, type ValidationIssue } from '../errors';

/** `['parameters', 'rules', 0, 'cidr']` -> `parameters.rules[0].cidr`; the root is the empty string. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** Reword zod's defaults into short messages ("is required", "is not a known field", ...). */
export function toValidationIssues(error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) issues.push({ path: formatPath([...path, key]), message: 'is not a known field' });
      continue;
    }
    const formatted = formatPath(path);
    const message = reword(issue);
    // a missing ROOT has no field to name
    issues.push({ path: formatted, message: formatted === '' && message === 'is required' ? 'a request body is required' : message });
  }
  return issues;
}

function reword(issue: z.core.$ZodIssue): string {
  // the input is only looked at to tell "absent" from "wrong"; it is never put into the message
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && 'input' in issue && issue.input === undefined) {
    return 'is required';
  }
  if (issue.code === 'invalid_type') {
    return issue.message.replace(/^Invalid input: /, 'must be of type ').replace(/expected (\w+), received (\w+)$/, '$1, got $2');
  }
  if (issue.code === 'invalid_value') return issue.message.replace(/^Invalid (option|input): expected /, 'must be ');
  return issue.message;
}

/**
 * Parse `value` with a STRICT request schema or throw an InvalidRequestError naming every bad field,
 * `invalid request for create_policy: parameters.effect: must be one of "EFFECT_ALLOW"|"EFFECT_DENY"`.
 * `operationName` is the wire name shown in the message, `operationPath` the path carried as `operation`.
 */
export function validateRequest<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: { operationName: string; operationPath: string; prefix?: ReadonlyArray<PropertyKey> },
): z.output<S> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issues = toValidationIssues(parsed.error, where.prefix);
  throw InvalidRequestError.fromIssues(where.operationName, issues, { operation: where.operationPath });
}

/**
 * Parse a 2xx body with a LENIENT response schema. A body that still does not fit (a required field missing,
 * a number where a string belongs) is an UnexpectedResponseError naming the fields, never the values.
 */
export function validateResponse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: { operationName: string; operationPath: string; prefix?: ReadonlyArray<PropertyKey> },
): z.output<S> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  const list = formatIssueList(toValidationIssues(parsed.error, where.prefix));
  throw new UnexpectedResponseError(`unexpected response from ${where.operationName}: ${list}`, {
    operation: where.operationPath,
  });
}
