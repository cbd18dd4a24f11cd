// The policy pack's policies without the engine: one stack policy per rule, each reporting its own findings on the
// Policy resource that declares the policy, with the stack's interfaces and controls and the organization's users
// and policies; lint-ignore honoured; an organization that cannot be read leaves the stack's own objects, said once.
// (The real `pulumi preview --policy-pack` run is tests/e2e/policy-dependencies.test.ts.)
import type { PolicyResource, StackValidationArgs } from '@pulumi/policy';
import { POLICY_LINT_RULE_IDS } from '@walletinfra/sdk/policy';
import { packPolicies, stackFindings, type LiveOrganization, type StackResource } from '@walletinfra/pulumi/policy-pack';

const ORG = 'org-1';
const TOKEN = '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48';
const resource = (
  type: string,
  name: string,
  props: Record<string, unknown>,
  token = `pulumi-nodejs:dynamic/walletinfra:${type}`,
): StackResource => ({
  type: token,
  urn: `urn:pulumi:dev::infra::${token}::${name}`,
  props: { organizationId: ORG, ...props },
});

const STACK: StackResource[] = [
  resource('SmartContractInterface', 'usdc', {
    smartContractAddress: TOKEN,
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
    smartContractInterface: '[{"type":"function","name":"transfer","inputs":[]}]',
  }),
  resource('VelocityControl', 'daily', { identifier: 'daily_usdc' }),
  resource('Policy', 'anything', {
    policyName: 'anything',
    effect: 'EFFECT_ALLOW',
    condition: '',
    consensus: 'approvers.count() >= 2',
    notes: 'lint-ignore: unscoped-signing-or-export',
  }),
  resource(
    'Policy',
    'usdc',
    {
      policyName: 'usdc',
      effect: 'EFFECT_ALLOW',
      condition: `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfer' && controls.daily_usdc`,
      consensus: 'approvers.count() >= 3',
      notes: '',
    },
    'walletinfra:index:Policy',
  ),
  { type: 'pulumi:pulumi:Stack', urn: 'urn:pulumi:dev::infra::pulumi:pulumi:Stack::infra-dev', props: {} },
];

const LIVE: LiveOrganization = {
  organizationId: ORG,
  policies: [{ policyName: 'usdc', effect: 'EFFECT_ALLOW' }],
  facts: {
    users: [
      { userId: 'u1', userName: 'alice', userTags: [] },
      { userId: 'u2', userName: 'bob', userTags: [] },
    ],
    userTags: [],
    smartContractInterfaces: [],
    velocityControls: [],
  },
};

test('findings on the resources that declare the policies, native tokens included; planned interfaces and controls count', () => {
  const found = stackFindings(STACK, LIVE).map(({ finding, urn }) => [finding.rule, urn.split('::').pop()]);
  expect(found).toEqual([
    ['allow-without-condition', 'anything'],
    ['unsatisfiable-consensus', 'usdc'],
  ]);
  // without the organization: no users, so consensus is not judged
  expect(stackFindings(STACK).map(({ finding }) => finding.rule)).toEqual(['allow-without-condition']);
});

/** Runs one policy of the pack like the engine's AnalyzeStack. */
async function violations(policies: ReturnType<typeof packPolicies>, rule: string, resources: readonly StackResource[]) {
  const policy = policies.find((p) => p.name === rule);
  if (policy === undefined) throw new Error(`no policy ${rule}`);
  const reported: Array<[string, string | undefined]> = [];
  const args = { resources: resources as unknown as PolicyResource[] } as StackValidationArgs;
  await policy.validateStack(args, (message, urn) => reported.push([message, urn]));
  return reported;
}

test('one stack policy per rule, each reporting only its own rule; the organization read once', async () => {
  let reads = 0;
  const policies = packPolicies({
    read: () => {
      reads += 1;
      return Promise.resolve(LIVE);
    },
  });
  expect(policies.map((p) => p.name)).toEqual([...POLICY_LINT_RULE_IDS]);
  expect(await violations(policies, 'allow-without-condition', STACK)).toEqual([
    [
      "policy \"anything\" condition: allow-without-condition: this ALLOW has no condition, so it allows every activity (signing, exports, user and policy changes) to whoever satisfies its consensus; state what it allows, e.g. activity.resource == 'WALLET' && activity.action == 'CREATE' (to accept it for this policy, add 'lint-ignore: allow-without-condition' to its notes; see docs/policy-lint.md#allow-without-condition)",
      'urn:pulumi:dev::infra::pulumi-nodejs:dynamic/walletinfra:Policy::anything',
    ],
  ]);
  expect(await violations(policies, 'unsatisfiable-consensus', STACK)).toEqual([
    [
      "policy \"usdc\" consensus: unsatisfiable-consensus: no set of the organization's 2 users meets this consensus, so the activities it allows stay waiting for approvals forever; lower the requirement or give the tag to enough users (to accept it for this policy, add 'lint-ignore: unsatisfiable-consensus' to its notes; see docs/policy-lint.md#unsatisfiable-consensus)",
      'urn:pulumi:dev::infra::walletinfra:index:Policy::usdc',
    ],
  ]);
  expect(await violations(policies, 'contract-call-interface', STACK)).toEqual([]);
  expect(reads).toBe(1);
});

test('an organization that cannot be read: the stack alone is linted, and the pack says why once', async () => {
  const notes: string[] = [];
  const policies = packPolicies({ read: () => Promise.reject(new Error('no credentials')), note: (l) => notes.push(l) });
  expect((await violations(policies, 'allow-without-condition', STACK)).length).toBe(1);
  expect(await violations(policies, 'unsatisfiable-consensus', STACK)).toEqual([]);
  expect(notes).toEqual([
    "walletinfra policy pack: the organization could not be read (no credentials); linting the stack's own objects only",
  ]);
});
