// Programs on the native provider written from one description in YAML, Python, Go and TypeScript: each
// language's names as Pulumi's SDK generators make them (snake_case for Python, `Lookup*` functions and typed
// inputs for Go, enum members), secrets and stack config read as each SDK reads them. The end-to-end test runs
// such programs through the CLI; these are the exact texts.
import { enumMemberNames, pythonName } from '@walletinfra/pulumi/native/names';
import { OutputRef, renderProgram, SecretLiteral, type Program } from '@walletinfra/pulumi/native/examples';
import { generateSchema } from '@walletinfra/pulumi/native/schema';
import { ConfigSecret } from '@walletinfra/pulumi/resources/kind';

const schema = generateSchema();

const program: Program = {
  resources: [
    {
      name: 'deny-exports',
      type: 'Policy',
      properties: { policyName: 'Deny exports', effect: 'EFFECT_DENY', notes: new SecretLiteral('private note'), adopt: { byName: true } },
    },
    {
      name: 'office',
      type: 'IpAllowlist',
      properties: { enabled: false, rules: [{ cidr: '203.0.113.0/24', label: 'office' }], onEvaluationError: 'ALLOW' },
    },
    {
      name: 'moonpay',
      type: 'FiatOnRampCredential',
      properties: {
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
        publishableApiKey: 'pk_1',
        secretApiKey: new ConfigSecret('moonpaySecret', 'the secret', '<secret>'),
      },
    },
  ],
  calls: [{ name: 'seed', function: 'getPolicy', args: { policyName: 'Seed', parseExpressions: true } }],
  outputs: { policyId: new OutputRef('deny-exports', ['policyId']), seedName: new OutputRef('seed', ['policy', 'policyName']) },
};

test('YAML: the schema tokens, fn::secret, config and fn::invoke', () => {
  expect(renderProgram(program, 'yaml', schema)).toBe(`config:
  moonpaySecret:
    type: string
variables:
  seed:
    fn::invoke:
      function: walletinfra:index:getPolicy
      arguments:
        policyName: Seed
        parseExpressions: true
resources:
  deny-exports:
    type: walletinfra:index:Policy
    properties:
      policyName: Deny exports
      effect: EFFECT_DENY
      notes:
        fn::secret: private note
      adopt:
        byName: true
  office:
    type: walletinfra:index:IpAllowlist
    properties:
      enabled: false
      rules:
        - cidr: 203.0.113.0/24
          label: office
      onEvaluationError: ALLOW
  moonpay:
    type: walletinfra:index:FiatOnRampCredential
    properties:
      onrampProvider: FIAT_ON_RAMP_PROVIDER_MOONPAY
      publishableApiKey: pk_1
      secretApiKey: \${moonpaySecret}
outputs:
  policyId: \${deny-exports.policyId}
  seedName: \${seed.policy.policyName}
`);
});

test('Python: snake_case names, Args classes, enum members, require_secret', () => {
  expect(renderProgram(program, 'python', schema)).toBe(`import pulumi
import pulumi_walletinfra as walletinfra

config = pulumi.Config()
seed = walletinfra.get_policy_output(
    policy_name="Seed",
    parse_expressions=True,
)
deny_exports = walletinfra.Policy(
    "deny-exports",
    policy_name="Deny exports",
    effect=walletinfra.PolicyEffect.DENY,
    notes=pulumi.Output.secret("private note"),
    adopt=walletinfra.PolicyAdoptArgs(
        by_name=True,
    ),
)
office = walletinfra.IpAllowlist(
    "office",
    enabled=False,
    rules=[
        walletinfra.IpAllowlistRuleArgs(
            cidr="203.0.113.0/24",
            label="office",
        ),
    ],
    on_evaluation_error=walletinfra.IpAllowlistOnEvaluationError.ALLOW,
)
moonpay = walletinfra.FiatOnRampCredential(
    "moonpay",
    onramp_provider=walletinfra.FiatOnRampCredentialOnrampProvider.MOONPAY,
    publishable_api_key="pk_1",
    secret_api_key=config.require_secret("moonpaySecret"),
)

pulumi.export("policyId", deny_exports.policy_id)
pulumi.export("seedName", seed.policy.policy_name)
`);
});

test('Go: typed inputs, Lookup for a get-function named like a resource, gofmt alignment', () => {
  expect(renderProgram(program, 'go', schema)).toBe(`package main

import (
\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
\t"github.com/walletinfra/walletinfra/sdk/go/walletinfra"
)

func main() {
\tpulumi.Run(func(ctx *pulumi.Context) error {
\t\tcfg := config.New(ctx, "")
\t\tseed := walletinfra.LookupPolicyOutput(ctx, walletinfra.LookupPolicyOutputArgs{
\t\t\tPolicyName:       pulumi.String("Seed"),
\t\t\tParseExpressions: pulumi.Bool(true),
\t\t}, nil)
\t\tdenyExports, err := walletinfra.NewPolicy(ctx, "deny-exports", &walletinfra.PolicyArgs{
\t\t\tPolicyName: pulumi.String("Deny exports"),
\t\t\tEffect:     walletinfra.PolicyEffectDeny,
\t\t\tNotes:      pulumi.ToSecret(pulumi.String("private note")).(pulumi.StringOutput),
\t\t\tAdopt: &walletinfra.PolicyAdoptArgs{
\t\t\t\tByName: pulumi.Bool(true),
\t\t\t},
\t\t})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\toffice, err := walletinfra.NewIpAllowlist(ctx, "office", &walletinfra.IpAllowlistArgs{
\t\t\tEnabled: pulumi.Bool(false),
\t\t\tRules: walletinfra.IpAllowlistRuleArray{
\t\t\t\t&walletinfra.IpAllowlistRuleArgs{
\t\t\t\t\tCidr:  pulumi.String("203.0.113.0/24"),
\t\t\t\t\tLabel: pulumi.String("office"),
\t\t\t\t},
\t\t\t},
\t\t\tOnEvaluationError: walletinfra.IpAllowlistOnEvaluationErrorAllow,
\t\t})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\tmoonpay, err := walletinfra.NewFiatOnRampCredential(ctx, "moonpay", &walletinfra.FiatOnRampCredentialArgs{
\t\t\tOnrampProvider:    walletinfra.FiatOnRampCredentialOnrampProviderMoonpay,
\t\t\tPublishableApiKey: pulumi.String("pk_1"),
\t\t\tSecretApiKey:      cfg.RequireSecret("moonpaySecret"),
\t\t})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\tctx.Export("policyId", denyExports.PolicyId)
\t\tctx.Export("seedName", seed.Policy().PolicyName())
\t\t_ = office
\t\t_ = moonpay
\t\treturn nil
\t})
}
`);
});

test('TypeScript: the generated Node.js SDK, its enums and Output functions', () => {
  expect(renderProgram(program, 'typescript', schema)).toBe(`import * as pulumi from "@pulumi/pulumi";
import * as walletinfra from "@walletinfra/pulumi-native";

const config = new pulumi.Config();
const seed = walletinfra.getPolicyOutput({
  policyName: "Seed",
  parseExpressions: true,
});
const denyExports = new walletinfra.Policy("deny-exports", {
  policyName: "Deny exports",
  effect: walletinfra.PolicyEffect.Deny,
  notes: pulumi.secret("private note"),
  adopt: {
    byName: true,
  },
});
const office = new walletinfra.IpAllowlist("office", {
  enabled: false,
  rules: [
    {
      cidr: "203.0.113.0/24",
      label: "office",
    },
  ],
  onEvaluationError: walletinfra.IpAllowlistOnEvaluationError.Allow,
});
const moonpay = new walletinfra.FiatOnRampCredential("moonpay", {
  onrampProvider: walletinfra.FiatOnRampCredentialOnrampProvider.Moonpay,
  publishableApiKey: "pk_1",
  secretApiKey: config.requireSecret("moonpaySecret"),
});

export const policyId = denyExports.policyId;
export const seedName = seed.apply((v) => v.policy?.policyName);
`);
});

test('TypeScript on the dynamic classes: the same program but its import, enum-typed properties as the service writes them', () => {
  const withoutCalls: Program = { resources: program.resources, outputs: { policyId: new OutputRef('deny-exports', ['policyId']) } };
  const dynamic = renderProgram(withoutCalls, 'typescript', schema, { typescriptPackage: 'dynamic' });
  expect(dynamic).toBe(`import * as pulumi from "@pulumi/pulumi";
import * as walletinfra from "@walletinfra/pulumi";

const config = new pulumi.Config();
const denyExports = new walletinfra.Policy("deny-exports", {
  policyName: "Deny exports",
  effect: "EFFECT_DENY",
  notes: pulumi.secret("private note"),
  adopt: {
    byName: true,
  },
});
const office = new walletinfra.IpAllowlist("office", {
  enabled: false,
  rules: [
    {
      cidr: "203.0.113.0/24",
      label: "office",
    },
  ],
  onEvaluationError: "ALLOW",
});
const moonpay = new walletinfra.FiatOnRampCredential("moonpay", {
  onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
  publishableApiKey: "pk_1",
  secretApiKey: config.requireSecret("moonpaySecret"),
});

export const policyId = denyExports.policyId;
`);
  expect(() => renderProgram(program, 'typescript', schema, { typescriptPackage: 'dynamic' })).toThrow(
    new Error("a program on the dynamic classes cannot call getPolicy: functions are the native provider's"),
  );
});

test('retainOnDelete: the resource option in every language', () => {
  const kept: Program = {
    resources: [{ name: 'tag', type: 'PrivateKeyTag', properties: { privateKeyTagName: 'keep' }, retainOnDelete: true }],
  };
  expect(renderProgram(kept, 'yaml', schema)).toBe(`resources:
  tag:
    type: walletinfra:index:PrivateKeyTag
    properties:
      privateKeyTagName: keep
    options:
      retainOnDelete: true
`);
  expect(renderProgram(kept, 'typescript', schema)).toContain(`const tag = new walletinfra.PrivateKeyTag("tag", {
  privateKeyTagName: "keep",
}, { retainOnDelete: true });
`);
  expect(renderProgram(kept, 'python', schema)).toBe(`import pulumi
import pulumi_walletinfra as walletinfra

tag = walletinfra.PrivateKeyTag(
    "tag",
    private_key_tag_name="keep",
    opts=pulumi.ResourceOptions(retain_on_delete=True),
)
`);
  expect(renderProgram(kept, 'go', schema)).toContain(`tag, err := walletinfra.NewPrivateKeyTag(ctx, "tag", &walletinfra.PrivateKeyTagArgs{
			PrivateKeyTagName: pulumi.String("keep"),
		}, pulumi.RetainOnDelete(true))
`);
});

test("names as Pulumi's generators make them", () => {
  // pyName of pkg/codegen/python, and the members of an enum of mixed-case values (the Solana networks).
  expect(['policyId', 'SHA256Hash', 'privateKeyIds', 'caip2', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'].map(pythonName)).toEqual([
    'policy_id',
    'sha256_hash',
    'private_key_ids',
    'caip2',
    'et_wtrab_za_yq6i_mfe_y_kou_ru166_vu2xqa1',
  ]);
  expect(enumMemberNames(['EFFECT_ALLOW', 'EFFECT_DENY'])).toEqual(['Allow', 'Deny']);
  expect(enumMemberNames(['ALLOW', 'DENY'])).toEqual(['Allow', 'Deny']);
  expect(enumMemberNames(['solana:mainnet', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])).toEqual([
    'Mainnet',
    'Value5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  ]);
});

test('two names that make one variable are refused, naming both', () => {
  const program = {
    resources: [{ name: 'root-quorum', type: 'RootQuorum', properties: { threshold: 1, userIds: [] } }],
    calls: [{ name: 'rootQuorum', function: 'getRootQuorum', args: {} }],
  };
  expect(() => renderProgram(program, 'go', schema)).toThrow(
    new Error('the program\'s names "root-quorum" and "rootQuorum" are one variable (rootQuorum) in a program; rename one of them'),
  );
});

test("a value of Pulumi's Any type (a SmartContractInterface's ABI) is written as the value itself in every language", () => {
  const abi: Program = {
    resources: [
      {
        name: 'token',
        type: 'SmartContractInterface',
        properties: {
          label: 'token',
          type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
          smartContractAddress: '0x0000000000000000000000000000000000000001',
          smartContractInterface: [{ type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'address' }] }],
        },
      },
      {
        name: 'token-text',
        type: 'SmartContractInterface',
        properties: {
          label: 'token as text',
          type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
          smartContractAddress: '0x0000000000000000000000000000000000000002',
          smartContractInterface: '[{"type":"function","name":"approve"}]',
        },
      },
    ],
  };
  expect(renderProgram(abi, 'python', schema)).toContain(`smart_contract_interface=[
        {
            "type": "function",`);
  expect(renderProgram(abi, 'python', schema)).toContain(
    `smart_contract_interface="[{\\"type\\":\\"function\\",\\"name\\":\\"approve\\"}]"`,
  );
  for (const language of ['yaml', 'go', 'typescript'] as const) {
    expect(renderProgram(abi, language, schema)).toContain('transfer');
    expect(renderProgram(abi, language, schema)).toContain('approve');
  }
});
