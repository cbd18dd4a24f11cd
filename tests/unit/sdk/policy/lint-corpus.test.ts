// How well the policy linter does on a corpus (./lint-corpus.json): the service's published policies and known-dangerous
// patterns from common review findings with their near misses, each policy labelled with the rules expected to report
// it and its source cited by public URL. Per rule: precision (of what it reports, how much is right) ≥ 95% and recall
// (of what it should report, how much it does) ≥ 90%; the table is printed and docs/policy-lint.md#how-well-it-does
// carries its figures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintPolicies, POLICY_LINT_RULE_IDS, type LintPolicy, type OrganizationView, type PolicyLintRuleId } from '@walletinfra/sdk/policy';

interface CorpusPolicy extends LintPolicy {
  expect: PolicyLintRuleId[];
}
interface CorpusCase {
  id: string;
  source: string;
  kind: 'published' | 'review';
  why?: string;
  policies: CorpusPolicy[];
  view?: OrganizationView;
}

const corpus = JSON.parse(readFileSync(join(__dirname, 'lint-corpus.json'), 'utf8')) as { cases: CorpusCase[] };
const PRECISION = 0.95;
const RECALL = 0.9;
/** Fewer true findings than this and a rule's recall says little. */
const MINIMUM_POSITIVES = 10;

interface Score {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  misses: string[];
}

function score(): Map<PolicyLintRuleId, Score> {
  const scores = new Map(
    POLICY_LINT_RULE_IDS.map((r): [PolicyLintRuleId, Score] => [r, { truePositives: 0, falsePositives: 0, falseNegatives: 0, misses: [] }]),
  );
  for (const c of corpus.cases) {
    const policies = c.policies.map(({ expect: _, ...p }) => p);
    const found = lintPolicies(policies, c.view);
    c.policies.forEach((p, i) => {
      const actual = new Set(found.filter((f) => f.policyIndex === i).map((f) => f.rule));
      for (const rule of POLICY_LINT_RULE_IDS) {
        const s = scores.get(rule) as Score;
        const expected = p.expect.includes(rule);
        if (expected && actual.has(rule)) s.truePositives++;
        else if (actual.has(rule)) {
          s.falsePositives++;
          s.misses.push(`${c.id} "${p.policyName}": reported, not expected`);
        } else if (expected) {
          s.falseNegatives++;
          s.misses.push(`${c.id} "${p.policyName}": expected, not reported`);
        }
      }
    });
  }
  return scores;
}

const percent = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

test('the corpus is well formed: every case cites a public source, every expected rule exists', () => {
  const ids = new Set<string>();
  for (const c of corpus.cases) {
    expect(ids.has(c.id)).toBe(false);
    ids.add(c.id);
    expect(c.source).toMatch(/^https:\/\/(docs\.turnkey\.com|github\.com\/tkhq)\//);
    for (const p of c.policies) expect(p.expect.every((r) => (POLICY_LINT_RULE_IDS as readonly string[]).includes(r))).toBe(true);
  }
});

test(`per rule, precision ≥ ${PRECISION * 100}% and recall ≥ ${RECALL * 100}% on the corpus`, () => {
  const scores = score();
  const policies = corpus.cases.reduce((n, c) => n + c.policies.length, 0);
  const published = corpus.cases.filter((c) => c.kind === 'published').reduce((n, c) => n + c.policies.length, 0);
  const rows = [...scores].map(
    ([rule, s]) =>
      `| ${rule} | ${s.truePositives + s.falseNegatives} | ${s.truePositives} | ${s.falsePositives} | ${s.falseNegatives} | ${percent(s.truePositives, s.truePositives + s.falsePositives)} | ${percent(s.truePositives, s.truePositives + s.falseNegatives)} |`,
  );
  const table = [
    `${corpus.cases.length} cases, ${policies} policies (${published} published, ${policies - published} from review findings)`,
    '',
    '| rule | expected | found | false positives | missed | precision | recall |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const misses = [...scores.values()].flatMap((s) => s.misses);
  process.stdout.write(`${table}\n${misses.length > 0 ? `\n${misses.join('\n')}\n` : ''}`);
  for (const [rule, s] of scores) {
    const positives = s.truePositives + s.falseNegatives;
    expect([rule, positives >= MINIMUM_POSITIVES]).toEqual([rule, true]);
    expect([rule, s.truePositives / (s.truePositives + s.falsePositives) >= PRECISION]).toEqual([rule, true]);
    expect([rule, s.truePositives / positives >= RECALL]).toEqual([rule, true]);
  }
});
