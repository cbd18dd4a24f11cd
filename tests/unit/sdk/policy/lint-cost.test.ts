// What linting costs a deployment that lints each new policy against the organization: the context a subject needs
// is the organization's DENYs (`lintContext`), with the same findings as the whole organization gives; a condition is
// analysed once per text, a consensus decided once per list of users, however many policy objects carry them, and an
// expression parsed once per text (its tree shared by every reader, none of which changes it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkContractCalls,
  checkPolicy,
  evaluatePolicies,
  lintContext,
  lintPolicies,
  parsePolicyExpression,
  PolicySyntaxError,
  printPolicyExpression,
  readPaths,
  type LintPolicy,
  type OrganizationView,
} from '@walletinfra/sdk/policy';
import { conditionFacts } from '@walletinfra/sdk/policy/lint/analysis';
import { approvalsOf } from '@walletinfra/sdk/policy/lint/consensus';

interface CorpusCase {
  id: string;
  policies: Array<LintPolicy & { expect: string[] }>;
  view?: OrganizationView;
}

const corpus = JSON.parse(readFileSync(join(__dirname, 'lint-corpus.json'), 'utf8')) as { cases: CorpusCase[] };

test('each policy linted with lintContext(the others) has the findings it has among all of them, over the corpus', () => {
  let compared = 0;
  let shadowed = 0;
  for (const c of corpus.cases) {
    const policies = c.policies.map(({ expect: _, ...p }) => p);
    const all = lintPolicies(policies, c.view);
    policies.forEach((policy, i) => {
      const others = policies.filter((_, j) => j !== i);
      const alone = lintPolicies([policy, ...lintContext(others)], c.view, { subjects: [0] });
      const strip = (f: (typeof all)[number]) => ({ ...f, policyIndex: 0 });
      expect({ id: c.id, i, findings: alone.map(strip) }).toEqual({
        id: c.id,
        i,
        findings: all.filter((f) => f.policyIndex === i).map(strip),
      });
      compared += 1;
      shadowed += alone.filter((f) => f.rule === 'allow-shadowed-by-deny').length;
    });
  }
  // the corpus exercises the one rule that reads other policies
  expect(compared).toBe(291);
  expect(shadowed).toBe(11);
});

test('lintContext keeps the DENYs, in order', () => {
  const p = (policyName: string, effect: string): LintPolicy => ({ policyName, effect });
  expect(lintContext([p('a', 'EFFECT_ALLOW'), p('b', 'EFFECT_DENY'), p('c', 'EFFECT_ALLOW'), p('d', 'EFFECT_DENY')])).toEqual([
    p('b', 'EFFECT_DENY'),
    p('d', 'EFFECT_DENY'),
  ]);
});

test('a condition is analysed once per text, whichever policy object carries it', () => {
  const condition = "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && wallet.id == 'w-lint-cost'";
  const first = conditionFacts({ policyName: 'a', effect: 'EFFECT_DENY', condition });
  expect(conditionFacts({ policyName: 'b', effect: 'EFFECT_ALLOW', condition })).toBe(first);
  expect(conditionFacts({ policyName: 'a', effect: 'EFFECT_DENY', condition: `${condition} ` })).not.toBe(first);
});

test('a consensus is decided once per users, as often as their list is read again; afresh when a user gets the tag', () => {
  const consensus = "approvers.any(user, user.tags.contains('tag-lint-cost'))";
  const users = () => [{ userId: 'u1', userName: 'one', tags: [] as string[] }];
  const decided = approvalsOf(consensus, { users: users() });
  expect(decided).toEqual({ needed: 'two', onlyRoot: false });
  expect(approvalsOf(consensus, { users: users() })).toBe(decided);
  expect(approvalsOf(consensus, { users: [{ userId: 'u1', userName: 'one', tags: ['tag-lint-cost'] }] })).toEqual({
    needed: 'one',
    onlyRoot: false,
  });
  expect(approvalsOf(consensus, { users: [{ userId: 'u1', userName: 'one', tags: ['tag-lint-cost'], isRoot: true }] })).toEqual({
    needed: 'one',
    onlyRoot: true,
  });
  expect(approvalsOf(consensus, undefined)).toEqual({ needed: 'one', onlyRoot: false });
});

/** Freezes a tree and everything in it: a reader that changed it would throw (the packages compile to strict mode). */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

test('an expression is parsed once per text, its tree shared; a syntax error is raised at every parse', () => {
  const source = "activity.resource == 'PRIVATE_KEY' && wallet.id == 'w-parse-once'";
  const tree = parsePolicyExpression(source);
  expect(parsePolicyExpression(source)).toBe(tree);
  expect(parsePolicyExpression(`${source} `)).not.toBe(tree);
  for (let i = 0; i < 2; i += 1) expect(() => parsePolicyExpression("activity.resource == 'PRIVATE_KEY' &&")).toThrow(PolicySyntaxError);
});

test('no reader changes a shared tree: the checker, reads, printer, evaluator, contract calls and linter over the frozen corpus', () => {
  const policies = corpus.cases.flatMap((c) => c.policies.map(({ expect: _, ...p }) => ({ policy: p, view: c.view })));
  for (const { policy } of policies) {
    for (const text of [policy.condition, policy.consensus]) {
      if (text === undefined || text.trim() === '') continue;
      try {
        deepFreeze(parsePolicyExpression(text));
      } catch (e) {
        if (!(e instanceof PolicySyntaxError)) throw e;
      }
    }
  }
  let read = 0;
  for (const { policy, view } of policies) {
    const condition = policy.condition ?? '';
    const consensus = policy.consensus ?? '';
    checkPolicy({ condition, consensus }, {});
    readPaths(condition);
    readPaths(consensus);
    checkContractCalls(condition, view?.smartContractInterfaces ?? []);
    lintPolicies([policy], view);
    if (condition.trim() !== '') {
      try {
        printPolicyExpression(parsePolicyExpression(condition));
        evaluatePolicies([{ policyId: 'p', policyName: policy.policyName, effect: 'EFFECT_ALLOW', condition, consensus }], {
          activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' },
          approvers: [],
          credentials: [],
          now: 0,
          rootQuorum: { threshold: 1, userIds: [] },
        });
      } catch (e) {
        if (!(e instanceof Error)) throw e;
      }
    }
    read += 1;
  }
  expect(read).toBe(291);
});

test('unsatisfiable-consensus is decided per users: the same users read again agree, a user given the tag satisfies it', () => {
  const policy: LintPolicy = {
    policyName: 'two approvers',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'POLICY'",
    consensus: "approvers.filter(user, user.tags.contains('tag-lint-cost-2')).count() >= 2",
  };
  const rules = (users: OrganizationView['users']) => lintPolicies([policy], { users }).map((f) => f.rule);
  const one = () => [
    { userId: 'u1', tags: ['tag-lint-cost-2'] },
    { userId: 'u2', tags: [] },
  ];
  expect(rules(one())).toContain('unsatisfiable-consensus');
  expect(rules(one())).toContain('unsatisfiable-consensus');
  expect(
    rules([
      { userId: 'u1', tags: ['tag-lint-cost-2'] },
      { userId: 'u2', tags: ['tag-lint-cost-2'] },
    ]),
  ).not.toContain('unsatisfiable-consensus');
});
