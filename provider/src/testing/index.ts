// Jest matchers for policy tests in code: `expect(policies).toAllow(request)`, `.toDeny(request)`,
// `.toRequireConsensus(request)`. Register them once (e.g. in a setup file):
//
//   import { policyMatchers, type PolicyMatchers } from '@walletinfra/pulumi/testing';
//   expect.extend(policyMatchers);
//   declare global { namespace jest { interface Matchers<R> extends PolicyMatchers<R> {} } }
//
// (with `@jest/globals` instead of @types/jest: `declare module 'expect' { interface Matchers<R> extends PolicyMatchers<R> {} }`)
//
// `policies` is a list of {policyName, effect, condition?, consensus?, time?} (or a list_policies
// answer); `request` is a test-file request. Failure messages show each policy's outcome.
import { decide, describeEvaluations, type Decision, type ReviewPolicy } from '../policy-review/decide';
import { PolicyFileSchema } from '../policy-review/files';
import { PolicyRequestSchema, toPolicyContext, type PolicyRequest } from '../policy-review/request';

export type { PolicyRequest } from '../policy-review/request';
export type { ReviewPolicy as PolicyUnderTest } from '../policy-review/decide';

export interface PolicyMatchers<R = unknown> {
  toAllow(request: PolicyRequest): R;
  toDeny(request: PolicyRequest): R;
  toRequireConsensus(request: PolicyRequest): R;
}

interface MatcherResult {
  pass: boolean;
  message(): string;
}

interface MatcherContextLike {
  isNot?: boolean;
}

function issues(what: string, error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): string {
  return `${what} is not valid:\n${error.issues.map((i) => `  ${i.path.map(String).join('.') || '(top)'}: ${i.message}`).join('\n')}`;
}

function matcher(expected: Decision) {
  return function (this: MatcherContextLike, received: unknown, request: unknown): MatcherResult {
    const policies = PolicyFileSchema.safeParse(received);
    if (!policies.success) return { pass: false, message: () => issues('the policies', policies.error) };
    const parsed = PolicyRequestSchema.safeParse(request);
    if (!parsed.success) return { pass: false, message: () => issues('the request', parsed.error) };
    const list = (Array.isArray(policies.data) ? policies.data : policies.data.policies) as ReviewPolicy[];
    const result = decide(list, toPolicyContext(parsed.data, Date.now()));
    const pass = result.decision === expected;
    const outcomes = describeEvaluations(result.evaluations);
    const detail =
      outcomes.length > 0
        ? `\nEach policy's outcome:\n${outcomes.map((l) => `  ${l}`).join('\n')}`
        : '\nNo policy applies (root quorum or no policies).';
    return {
      pass,
      message: () =>
        this.isNot === true
          ? `expected the policies not to decide ${expected} for ${parsed.data.activity.type}, but they do${detail}`
          : `expected the policies to decide ${expected} for ${parsed.data.activity.type}, but they decide ${result.decision} (${result.outcome})${detail}`,
    };
  };
}

export const policyMatchers = {
  toAllow: matcher('ALLOW'),
  toDeny: matcher('DENY'),
  toRequireConsensus: matcher('REQUIRES_CONSENSUS'),
};
