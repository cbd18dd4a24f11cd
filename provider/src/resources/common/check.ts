// Helpers for `check` (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/): validate at preview time, one failure per property, skip values the
// engine does not know yet (the sentinel of ../../unknown.ts).
import type { z } from 'zod';
import { PROVIDER_KEY } from '../../wire';
import { containsUnknown, isUnknown } from '../../wire';

export interface CheckFailure {
  property: string;
  reason: string;
}

/** Properties the resource does not declare: a typo in a JavaScript program, or a removed input. */
export function unknownPropertyFailures(news: Record<string, unknown>, known: readonly string[]): CheckFailure[] {
  return Object.keys(news)
    .filter((k) => k !== PROVIDER_KEY && !known.includes(k))
    .map((property) => ({ property, reason: `unknown property; known properties: ${known.join(', ')}` }));
}

/**
 * Validates the listed properties with one of the sdk's zod schemas (the request schema the service call
 * will use), keeping the first problem per property and skipping properties whose value is unknown.
 */
export function schemaFailures(schema: z.ZodType, news: Record<string, unknown>, properties: readonly string[]): CheckFailure[] {
  const value: Record<string, unknown> = {};
  for (const p of properties) if (news[p] !== undefined && !containsUnknown(news[p])) value[p] = news[p];
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  const seen = new Set<string>();
  const out: CheckFailure[] = [];
  for (const issue of parsed.error.issues) {
    const property = String(issue.path[0] ?? '');
    if (property === '' || seen.has(property) || containsUnknown(news[property])) continue;
    // A required property that is unknown at preview was dropped above; do not report it as missing.
    if (!properties.includes(property)) continue;
    seen.add(property);
    const rest = issue.path
      .slice(1)
      .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
      .join('');
    const reason = readable(issue, valueAt(value, issue.path));
    out.push({ property, reason: rest !== '' ? `${property}${rest}: ${reason}` : reason });
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** zod's wording ("Invalid option: expected one of ...") rephrased the way the rest of `check` speaks. */
function readable(issue: z.core.$ZodIssue, value: unknown): string {
  if (value === undefined && (issue.code === 'invalid_value' || issue.code === 'invalid_type')) return 'required';
  if (issue.code === 'invalid_value' && issue.values.length > 1) {
    return `must be one of ${issue.values.map(String).join(', ')}, got ${describe(value)}`;
  }
  if (issue.code === 'invalid_type') return `must be ${article(issue.expected)}, got ${describe(value)}`;
  return issue.message;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A required, non-empty string (the schemas accept '' where the service does; a resource needs a value). */
export function requiredString(news: Record<string, unknown>, property: string): CheckFailure[] {
  const v = news[property];
  if (isUnknown(v)) return [];
  if (v === undefined || v === null) return [{ property, reason: 'required' }];
  if (typeof v !== 'string') return [{ property, reason: `must be a string, got ${describe(v)}` }];
  if (v.trim() === '') return [{ property, reason: 'must not be empty' }];
  return [];
}

export function optionalType(news: Record<string, unknown>, property: string, type: 'string' | 'boolean'): CheckFailure[] {
  const v = news[property];
  if (v === undefined || isUnknown(v) || typeof v === type) return [];
  return [{ property, reason: `must be a ${type}, got ${describe(v)}` }];
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${JSON.stringify(v)}`;
}
