// Every example expression of the policy docs (https://docs.turnkey.com/features/policies/examples/…) and of the time-based-policies docs parses, checks clean
// for its kind, and survives printing (placeholders replaced by realistic values).
import {
  checkPolicy,
  checkPolicyExpression,
  parsePolicyExpression,
  printPolicyExpression,
  withoutPositions,
  type PolicyExpressionKind,
} from '@walletinfra/sdk/policy';

const USER_ID = '4b894565-1e1e-4b9e-8a40-2f6d1e1a6c3b';
const TAG_ID = 'e3f0a5c2-7b1d-4c8e-9f2a-1b3c5d7e9f00';
const WALLET_ID = '0f6ed5f8-54a7-4d3e-9a1c-3b8c2f0e7d11';

const EXAMPLES: [PolicyExpressionKind, string][] = [
  ['consensus', `approvers.any(user, user.id == '${USER_ID}')`],
  ['condition', "activity.resource == 'WALLET' && activity.action == 'CREATE'"],
  ['consensus', `approvers.filter(user, user.tags.contains('${TAG_ID}')).count() >= 2`],
  ['condition', "activity.resource in ['AUTH', 'OTP'] && activity.action in ['CREATE','VERIFY']"],
  ['consensus', "credentials.any(credential, credential.type == 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR')"],
  ['condition', "activity.kind == 'SIGN_TRANSACTION'"],
  ['condition', `activity.action == 'SIGN' && wallet.id == '${WALLET_ID}'`],
  ['condition', "activity.action == 'SIGN' && wallet_account.address == '0x2c6A0E1F6B2e4c6F3a8D1b9E7f5A3c2D1e0F9a8B'"],
  ['condition', "eth.tx.to == '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' && eth.tx.data[0..10] == '0xa9059cbb'"],
  [
    'condition',
    "eth.tx.contract_call_args['wad'] < 1000000000000000000 && eth.tx.contract_call_args['dst'] == '0x08d2b0a37F869FF76BACB5Bab3278E26ab7067B7'",
  ],
  [
    'condition',
    "eth.eip_712.domain.name == 'Permit2' && eth.eip_712.message['permitted'].all(p, p['token'] == '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')",
  ],
  ['condition', "solana.tx.transfers.any(transfer, transfer.to == '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')"],
  ['condition', "solana.tx.program_keys.all(p, p == '11111111111111111111111111111111')"],
  [
    'condition',
    "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' && activity.params.hash_function == 'HASH_FUNCTION_NO_OP' && activity.params.encoding != 'PAYLOAD_ENCODING_EIP712'",
  ],
  [
    'condition',
    `activity.type == 'ACTIVITY_TYPE_DELETE_USERS' && activity.params.user_ids.count() == 1 && '${USER_ID}' in activity.params.user_ids`,
  ],
  ['time', "time.now >= Timestamp('2026-03-01T00:00:00Z') && time.now < Timestamp('2026-04-01T00:00:00Z')"],
  ['time', "CronSpan('0 9 * * 1-5', '8h', 'America/New_York')"],
  ['time', "CronSpan('0 22 * * *', '8h', 'America/New_York')"],
  ['time', "CronSpan('0 9 * * 1-5', '8h', 'America/New_York') && time.now < Timestamp('2026-01-01T00:00:00Z')"],
  ['consensus', `approvers.any(user, user.tags.contains('${TAG_ID}'))`],
  ['condition', "activity.kind == 'SIGN_TRANSACTION' && eth.tx.to == '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'"],
  ['condition', "activity.type == 'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT'"],
  ['scope', "activity.action != 'EXPORT'"],
  ['scope', 'true'],
  // Beyond the example pages: the grammar table's own examples and the remaining keywords.
  ['condition', '[1,2,3].any(x, x == 1) && [1,1,1].all(x, x == 1) && [1,2,3].contains(1) && [1,2,3].count() == 3'],
  ['condition', "[1,2,3].filter(x, x == 1) == [1] && [1,2,3][0] == 1 && 'abc'[0] == 'a' && [1,2,3][0..2] == [1, 2] && 'abc'[0..2] == 'ab'"],
  ['condition', "'abc'[1..] == 'bc' && 'abc'[..1] == 'a' && 1 in [1, 2, 3] && -5 < 170141183460469231731687303715884105728"],
  ['condition', "{ id: 'abc', n: 1 }.id == 'abc' && !wallet.exported && private_key.tags.contains('cold') && wallets.count() == 2"],
  ['condition', "tron.tx.contract[0].to_address == 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' && tron.tx.contract[0].amount <= 1000000"],
  ['condition', "bitcoin.tx.outputs.all(o, o.address == 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' && o.value < 100000)"],
  ['condition', "tempo.tx.calls.all(c, c.function_signature == '0xa9059cbb' && c.input[34..74] != '')"],
  [
    'condition',
    "eth.eip_7702_authorization.address == '0x63c0c19a282a1b52b07dd5a65b58948a07dae32b' && eth.eip_7702_authorization.chain_id == 1",
  ],
  ['condition', "solana.tx.instructions.all(i, i.parsed_instruction_data.named_account['authority'] == 'x' && i.accounts.count() > 0)"],
];

describe('documented examples', () => {
  test.each(EXAMPLES)('%s: %s', (kind, source) => {
    expect(checkPolicyExpression(source, kind)).toEqual([]);
    const tree = parsePolicyExpression(source);
    const printed = printPolicyExpression(tree);
    expect(withoutPositions(parsePolicyExpression(printed))).toEqual(withoutPositions(tree));
    expect(printPolicyExpression(parsePolicyExpression(printed))).toBe(printed);
  });

  test('checkPolicy reports nothing for a documented policy', () => {
    expect(
      checkPolicy({
        consensus: `approvers.any(user, user.id == '${USER_ID}')`,
        condition: "activity.kind == 'SIGN_TRANSACTION'",
        time: "CronSpan('0 9 * * 1-5', '8h', 'America/New_York')",
      }),
    ).toEqual([]);
  });
});
