// A stack whose policy depends on a smart-contract interface and a velocity control, plus one policy per lint rule
// (`lintViolations: true`), for the policy-dependencies end-to-end test: the policy pack through
// `pulumi preview --policy-pack`, then up → drift → export → preview of the exported project.
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();

export const TOKEN = '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48';

const erc20 = new walletinfra.SmartContractInterface('usdc', {
  smartContractAddress: TOKEN,
  type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
  label: 'USDC',
  smartContractInterface: [
    {
      type: 'function',
      name: 'transfer',
      stateMutability: 'nonpayable',
      inputs: [
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
      ],
      outputs: [{ name: '', type: 'bool' }],
    },
    {
      type: 'function',
      name: 'approve',
      stateMutability: 'nonpayable',
      inputs: [
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
      ],
      outputs: [{ name: '', type: 'bool' }],
    },
  ],
});

const daily = new walletinfra.VelocityControl('daily-signatures', {
  name: 'Signatures per day',
  identifier: 'daily_signatures',
  dataSource: { activityExecution: { filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }] } } },
  aggregation: {
    method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
    operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
    threshold: '10',
    window: { rolling: { duration: '86400' } },
    groupBy: { organization: {} },
  },
});

// The identifier comes from the control's output: the policy is checked and created after the control. The
// function's name is config, so a test can misspell it (`transferFunction`).
const transfers = new walletinfra.Policy('usdc-transfers', {
  policyName: 'USDC transfers within the daily limit',
  effect: 'EFFECT_ALLOW',
  condition: pulumi.interpolate`activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '${erc20.smartContractAddress}' && eth.tx.function_name == '${config.get('transferFunction') ?? 'transfer'}' && controls.${daily.identifier}`,
  consensus: 'approvers.count() >= 2',
});

export const interfaceId = erc20.smartContractInterfaceId;
export const velocityControlId = daily.velocityControlId;
export const policyId = transfers.policyId;

if (config.getBoolean('lintViolations') === true) {
  const policy = (name: string, args: walletinfra.PolicyArgs) => new walletinfra.Policy(name, args);
  // allow-without-condition; that anyone may use it for signing and management is accepted on purpose (lint-ignore)
  policy('allow-anything', {
    policyName: 'lint: allow anything',
    effect: 'EFFECT_ALLOW',
    notes: 'lint-ignore: unscoped-signing-or-export, management-without-consensus',
  });
  // no consensus: any one user signs with every key
  policy('sign-anything', {
    policyName: 'lint: sign with any key',
    effect: 'EFFECT_ALLOW',
    condition: "activity.action == 'SIGN'",
  });
  policy('policies-alone', {
    policyName: 'lint: one user writes policies',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'POLICY' && activity.action == 'CREATE'",
  });
  policy('never-denies', {
    policyName: 'lint: deny that never matches',
    effect: 'EFFECT_DENY',
    condition: "activity.action == 'SIGN' && activity.action == 'EXPORT'",
  });
  // the organization's own "no exports" DENY (not in this stack) shadows it
  policy('shadowed-export', {
    policyName: 'lint: export the treasury',
    effect: 'EFFECT_ALLOW',
    condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET' && wallet.id == 'treasury'",
    consensus: 'approvers.count() >= 2',
  });
  policy('five-approvers', {
    policyName: 'lint: five approvers',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'",
    consensus: 'approvers.count() >= 5',
  });
  policy('wallets-on-chain', {
    policyName: 'lint: chain id of a wallet creation',
    effect: 'EFFECT_ALLOW',
    condition: "activity.type == 'ACTIVITY_TYPE_CREATE_WALLET' && eth.tx.chain_id == 1",
    consensus: 'approvers.count() >= 2',
  });
  policy('unknown-contract', {
    policyName: 'lint: calls to a contract without its ABI',
    effect: 'EFFECT_ALLOW',
    condition:
      "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '0xdAC17F958D2ee523a2206206994597C13D831ec7' && eth.tx.function_name == 'transfer'",
    consensus: 'approvers.count() >= 2',
  });
}
