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
// answer); `request` is a test-file request, with bigints for big integers. Failure messages show the deciding
// policy first. Input that cannot be evaluated — invalid policies or request, or a policy error that may hide
// the service's decision — fails the assertion in both polarities (`.not` included), naming the field.
import { decide, decidedByText, outcomeLines, riskyErrorText, riskyErrors, type Decision } from '../policy-review/decide';
import { policiesFromData, policyProblems } from '../policy-review/files';
import { issueLines } from '../policy-review/problems';
import {
  PolicyRequestSchema,
  controlProblems,
  toPolicyContext,
  type KnownControl,
  type PolicyRequest,
  type RequestDependencies,
} from '../policy-review/request';

export type { KnownControl, PolicyRequest } from '../policy-review/request';
export type { ReviewPolicy as PolicyUnderTest } from '../policy-review/decide';

export interface PolicyMatcherOptions {
  /** Policies (names or ids) expected to fail to evaluate on this request. */
  expectErrors?: readonly string[];
  /** Velocity controls whose operator and threshold a request's `controls: { id: { aggregate } }` compares with. */
  velocityControls?: readonly KnownControl[];
  /** ABIs by contract address: a request's `eth.tx.data` to one of them is decoded, as the service decodes it. */
  smartContractInterfaces?: ReadonlyArray<{ address: string; abi: string | readonly unknown[] }>;
}

export interface PolicyMatchers<R = unknown> {
  toAllow(request: PolicyRequest, options?: PolicyMatcherOptions): R;
  toDeny(request: PolicyRequest, options?: PolicyMatcherOptions): R;
  toRequireConsensus(request: PolicyRequest, options?: PolicyMatcherOptions): R;
}

interface MatcherResult {
  pass: boolean;
  message(): string;
}

interface MatcherContextLike {
  isNot?: boolean;
}

const indent = (lines: readonly string[]): string => lines.map((l) => `\n  ${l}`).join('');

function matcher(expected: Decision) {
  return function (this: MatcherContextLike, received: unknown, request: unknown, options: PolicyMatcherOptions = {}): MatcherResult {
    // Thrown, not returned: a failed assertion whatever the polarity, so `.not` cannot pass on bad input.
    const policies = policiesFromData(received);
    if (!policies.ok) throw new Error(`the policies are not valid:${indent(issueLines(policies.schema, policies.issues))}`);
    const prefix = Array.isArray(received) ? '' : 'policies';
    const unchecked = policyProblems(policies.policies, (i) => ({ field: `${prefix}[${i}]` }));
    if (unchecked.length > 0) {
      throw new Error(`the policies are not valid:${indent(unchecked.map((p) => `${p.field ?? ''}: ${p.message}`))}`);
    }
    const parsed = PolicyRequestSchema.safeParse(request, { reportInput: true });
    if (!parsed.success) throw new Error(`the request is not valid:${indent(issueLines(PolicyRequestSchema, parsed.error.issues))}`);
    const expectErrors = options.expectErrors ?? [];
    const dependencies: RequestDependencies = {
      controls: options.velocityControls ?? [],
      interfaces: (options.smartContractInterfaces ?? []).map((i) => ({
        smartContractAddress: i.address,
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        smartContractInterface: typeof i.abi === 'string' ? i.abi : JSON.stringify(i.abi),
      })),
    };
    const unresolved = controlProblems(
      parsed.data,
      dependencies,
      'pass the control as { velocityControls: [{ identifier, operator, threshold }] }',
    );
    if (unresolved.length > 0)
      throw new Error(`the request is not valid:${indent(unresolved.map((p) => `${p.path.join('.')}: ${p.message}`))}`);
    const result = decide(
      policies.policies,
      toPolicyContext(parsed.data, Date.now(), dependencies),
      (dependencies.controls ?? []).map((c) => c.identifier),
    );
    const risky = riskyErrors(result, expectErrors);
    if (risky.length > 0) {
      const fix = `pass { expectErrors: [${risky.map((r) => `'${r.policy}'`).join(', ')}] }`;
      throw new Error(risky.map((r) => riskyErrorText(r, fix)).join('\n'));
    }
    const by = decidedByText(result);
    const detail = indent(outcomeLines(result));
    const type = parsed.data.activity.type;
    return {
      pass: result.decision === expected,
      message: () =>
        this.isNot === true
          ? `expected the policies not to decide ${expected} for ${type}, but they do${by === '' ? '' : ` ${by}`}${detail}`
          : `expected the policies to decide ${expected} for ${type}, but they decide ${result.decision}${by === '' ? '' : ` ${by}`}${detail}`,
    };
  };
}

export const policyMatchers = {
  toAllow: matcher('ALLOW'),
  toDeny: matcher('DENY'),
  toRequireConsensus: matcher('REQUIRES_CONSENSUS'),
};
