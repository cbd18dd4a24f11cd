// A YAML fleet template, evaluated as data: config (declared and given), variables, the walletinfra resources
// with their properties, interpolation, fn::secret and fn::join; everything else refused, naming where it is.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenTable } from '@walletinfra/pulumi/fleet/kinds';
import { evaluateYaml } from '@walletinfra/pulumi/fleet/template/yaml';
import { neutral, STAND_INS, withFacts } from '@walletinfra/pulumi/fleet/template/tokens';
import { REPO_ROOT } from '../../../support/e2e/process';

const { kindOf } = tokenTable();
const dir = mkdtempSync(join(tmpdir(), 'fleet-yaml-'));
const FACTS = { subOrganizationId: 'org-7', subOrganizationName: 'acme', delegatedUserId: 'u-del', delegatedUserName: 'Delegated Account' };
const CONFIG = {
  'walletinfra-fleet:subOrganizationId': 'org-7',
  'walletinfra-fleet:subOrganizationName': 'acme',
  'walletinfra-fleet:delegatedUserId': 'u-del',
  'walletinfra-fleet:delegatedUserName': 'Delegated Account',
  'delegated-access:allowedRecipient': '0xdead',
  'delegated-access:delegatedApiPublicKey': '02ab',
};

function evaluate(text: string, config: Record<string, string> = CONFIG) {
  const file = join(dir, 'Pulumi.yaml');
  writeFileSync(file, text);
  return evaluateYaml({ file, project: 'delegated-access', stack: 'org-7', config, kindOf });
}

test("examples/fleet's YAML template: the same resources as its TypeScript one, outputs by reference", () => {
  const resources = evaluateYaml({
    file: join(REPO_ROOT, 'examples', 'fleet', 'template-yaml', 'Pulumi.yaml'),
    project: 'delegated-access',
    stack: 'org-7',
    config: CONFIG,
    kindOf,
  });
  expect(resources.map((r) => [r.type, r.name])).toEqual([
    ['walletinfra:index:User', 'delegated'],
    ['walletinfra:index:ApiKey', 'delegated-key'],
    ['walletinfra:index:Policy', 'delegated-signs-to-recipient'],
    ['walletinfra:index:Policy', 'delegated-applies-template'],
    ['walletinfra:index:UserTag', 'backend'],
    ['walletinfra:index:User', 'end-user'],
    ['walletinfra:index:RootQuorum', 'root-quorum'],
  ]);
  expect(resources[1]?.inputs).toEqual({
    userId: '⟦ref User delegated userId⟧',
    apiKeyName: 'backend',
    publicKey: '02ab',
    curveType: 'API_KEY_CURVE_P256',
    adopt: { byPublicKey: true },
  });
  expect(resources[2]?.inputs).toMatchObject({
    consensus: "approvers.any(user, user.id == 'u-del')",
    condition: "activity.action == 'SIGN' && eth.tx.to == '0xdead'",
    notes: 'Managed by walletinfra-fleet for acme',
  });
  expect(resources[3]?.inputs).toMatchObject({
    consensus: "approvers.any(user, user.id == 'u-del')",
    condition: "activity.kind in ['CREATE_POLICY', 'UPDATE_POLICY', 'CREATE_USER_TAG', 'UPDATE_USER_TAG']",
  });
  expect(resources[6]?.inputs).toEqual({ threshold: 1, userIds: ['⟦ref User end-user userId⟧'] });
});

test('stand-ins in, neutral tokens out, a sub-organization’s facts back in', () => {
  const standIns = STAND_INS[0]!;
  const config = {
    ...CONFIG,
    'walletinfra-fleet:subOrganizationName': standIns.subOrganizationName,
    'walletinfra-fleet:delegatedUserId': standIns.delegatedUserId,
  };
  const once = neutral(
    evaluate(
      'name: p\nruntime: yaml\nresources:\n  p:\n    type: walletinfra:index:Policy\n    properties:\n      policyName: ${walletinfra-fleet:subOrganizationName}-${walletinfra-fleet:delegatedUserId}\n',
      config,
    ),
    standIns,
  );
  expect(once).toEqual([
    { type: 'walletinfra:index:Policy', name: 'p', inputs: { policyName: '⟦subOrganizationName⟧-⟦delegatedUserId⟧' }, secret: [] },
  ]);
  expect(withFacts(once, FACTS)).toEqual([
    { type: 'walletinfra:index:Policy', name: 'p', inputs: { policyName: 'acme-u-del' }, secret: [] },
  ]);
});

test('variables, typed config, $${ escapes, fn::secret and fn::join', () => {
  const [r] = evaluate(
    [
      'name: delegated-access',
      'runtime: yaml',
      'config:',
      '  approvals: { type: integer, default: 2 }',
      'variables:',
      '  who: ${walletinfra-fleet:delegatedUserName}',
      'resources:',
      '  p:',
      '    type: walletinfra:index:Policy',
      '    properties:',
      '      policyName: ${who} ($${literal})',
      '      consensus: { fn::join: ["", ["approvers.count() >= ", "${approvals}"]] }',
      '      notes: { fn::secret: "for ${pulumi.stack}" }',
    ].join('\n'),
  );
  expect(r).toEqual({
    type: 'walletinfra:index:Policy',
    name: 'p',
    inputs: { policyName: 'Delegated Account (${literal})', consensus: 'approvers.count() >= 2', notes: 'for org-7' },
    secret: ['notes'],
  });
});

test('what it does not evaluate is refused, naming where', () => {
  const refused = (resources: string) => {
    try {
      evaluate(`name: delegated-access\nruntime: yaml\nresources:\n${resources}`);
      return 'evaluated';
    } catch (error) {
      return (error as Error).message.replace(dir, '<dir>');
    }
  };
  expect(refused('  b:\n    type: aws:s3:Bucket\n')).toBe(
    '<dir>/Pulumi.yaml: resources.b.type: "aws:s3:Bucket" is not a walletinfra resource (walletinfra:index:<Kind>); a fleet template declares walletinfra resources only',
  );
  expect(refused('  p:\n    type: walletinfra:index:Policy\n    properties:\n      notes:\n        fn::invoke: { function: x }\n')).toBe(
    '<dir>/Pulumi.yaml: resources.p.properties.notes.fn::invoke: fn::invoke is not evaluated by walletinfra-fleet (it evaluates interpolations, fn::secret and fn::join, ' +
      'without the engine or the service); compute the value in the options’ config instead, or write the template in TypeScript',
  );
  expect(refused('  p:\n    type: walletinfra:index:Policy\n    properties:\n      notes: ${nothing}\n')).toBe(
    "<dir>/Pulumi.yaml: resources.p.properties.notes: ${nothing}: no resource, variable or config value of that name (config keys: set them in the options' config)",
  );
  expect(
    refused(
      '  p:\n    type: walletinfra:index:Policy\n    properties:\n      notes: ${q.policyId}\n  q:\n    type: walletinfra:index:Policy\n    properties:\n      notes: ${p.policyId}\n',
    ),
  ).toBe('<dir>/Pulumi.yaml: resources.p: depends on itself');
});
