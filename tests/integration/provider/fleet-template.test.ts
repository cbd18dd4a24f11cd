// How scan evaluates a template (docs/fleet.md, "How scan evaluates the template"), through the real child
// processes and Pulumi's mocks (build first: the children run dist/): examples/fleet's template is evaluated once
// and what the facts put in is what an evaluation of its own gives; a template that looks into the facts is
// evaluated per sub-organization, failing for one only; one that exits or calls a data source says so.
import { join } from 'node:path';
import { prepareTemplate, type TemplateEvaluator } from '@walletinfra/pulumi/fleet/template/evaluate';
import { readTemplateProject } from '@walletinfra/pulumi/fleet/template/project';
import type { SubOrganizationFacts } from '@walletinfra/pulumi/fleet/template-config';
import { REPO_ROOT, requireBuiltPackages } from '../../support/e2e/process';

jest.setTimeout(300_000);

const FIXTURES = join(REPO_ROOT, 'tests', 'fixtures', 'fleet');
const CONFIG = {
  'delegated-access:allowedRecipient': '0x000000000000000000000000000000000000dead',
  'delegated-access:delegatedApiPublicKey': `02${'ab'.repeat(32)}`,
};
const facts = (name: string, n = 1): SubOrganizationFacts => ({
  subOrganizationId: `5b2f0c1e-0000-4000-8000-00000000000${n}`,
  subOrganizationName: name,
  delegatedUserId: `u-delegated-${n}`,
  delegatedUserName: 'Delegated Account',
});

const open: TemplateEvaluator[] = [];
async function prepared(dir: string, evaluation: 'auto' | 'per-sub-organization' = 'auto'): Promise<TemplateEvaluator> {
  const template = await prepareTemplate(readTemplateProject(dir, 'test'), { config: CONFIG, evaluation, processes: 2 });
  open.push(template);
  return template;
}

beforeAll(() => requireBuiltPackages());
afterAll(() => open.forEach((t) => t.close()));

test("examples/fleet's template is evaluated once; its facts put in equal an evaluation of its own", async () => {
  const template = await prepared(join(REPO_ROOT, 'examples', 'fleet', 'template'));
  expect([template.evaluation, template.reason, [...template.kinds].sort()]).toEqual([
    'shared',
    undefined,
    ['ApiKey', 'Policy', 'RootQuorum', 'User', 'UserTag'],
  ]);
  const own = await prepared(join(REPO_ROOT, 'examples', 'fleet', 'template'), 'per-sub-organization');
  for (const f of [facts('customer-001', 1), facts('Customer With Spaces & Ünicode', 2)]) {
    const once = await template.desiredFor(f);
    expect(once).toEqual(await own.desiredFor(f));
    const endUser = 'resources' in once ? once.resources.find((r) => r.name === 'end-user') : undefined;
    expect(endUser?.inputs).toEqual({ userName: `${f.subOrganizationName} owner`, adopt: { byName: true } });
  }
});

test('a template that looks into the facts is evaluated per sub-organization, and its failure is that one’s', async () => {
  const template = await prepared(join(FIXTURES, 'branching'));
  expect(template.evaluation).toBe('per-sub-organization');
  expect(template.reason).toBe(`the template looks into a sub-organization's values (at ${join(FIXTURES, 'branching', 'index.ts')}:7)`);
  const policyName = async (name: string) => {
    const d = await template.desiredFor(facts(name));
    return 'error' in d ? d.error : d.resources.map((r) => r.inputs.policyName);
  };
  expect(await policyName('vip-acme')).toEqual(['VIP limits']);
  expect(await policyName('globex')).toEqual(['Standard limits']);
  expect(await policyName('initech-broken')).toMatch(/^no template for initech-broken \(.*branching\/index\.ts:7:/);
  expect(await policyName('hooli')).toEqual(['Standard limits']);
});

test('a template that ends its process: its evaluation fails with what it printed; the next one starts afresh', async () => {
  const template = await prepared(join(FIXTURES, 'exits'));
  expect(template.evaluation).toBe('per-sub-organization');
  expect(template.reason).toBe(
    "the template fails with stand-in values (the template's evaluation ended before it finished (exit code 3); it printed: leaving early)",
  );
  for (const n of [1, 2]) {
    expect(await template.desiredFor(facts(`customer-${n}`, n))).toEqual({
      error: "the template's evaluation ended before it finished (exit code 3); it printed: leaving early",
    });
  }
});

test('a template that calls a data source is told why it cannot', async () => {
  const template = await prepared(join(FIXTURES, 'lookup'));
  expect(await template.desiredFor(facts('customer-1'))).toEqual({
    error:
      'the template calls walletinfra:index:getPolicies (a data source): walletinfra-fleet evaluates templates without the service, so a template ' +
      'reads its sub-organization from subOrganization() and its own resources’ outputs only',
  });
});
