// Smart-contract interfaces in the sdk: the ABI/IDL/address rules the provider and the emulator share, calldata
// decoding through an ABI with known answers, and the contract-call diagnostics of a condition.
import {
  decodeContractCall,
  ethereumTransactionForPolicy,
  parseUnsignedEthereumTransaction,
  signEthereumTransaction,
} from '@walletinfra/sdk/contracts';
import { checkContractCalls, evaluatePolicies } from '@walletinfra/sdk/policy';
import {
  abiFunctionNames,
  smartContractInterfaceJson,
  smartContractInterfaceProblems,
  SMART_CONTRACT_INTERFACE_LIMITS,
} from '@walletinfra/sdk/rules';
import { ERC20_ABI } from '../../../support/erc20-abi';

const ETH = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';
const SOL = 'SMART_CONTRACT_INTERFACE_TYPE_SOLANA';
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ERC20 = [
  ...ERC20_ABI,
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
    anonymous: false,
  },
];
// The Anchor example of https://docs.turnkey.com/features/policies/smart-contract-interfaces.
const IDL = {
  instructions: [
    {
      name: 'initialize',
      accounts: [{ name: 'authority', isMut: false, isSigner: true, isOptional: false }],
      args: [{ name: 'amount', type: 'u64' }],
    },
  ],
  types: [{ name: 'MyStruct', type: { kind: 'struct', fields: [{ name: 'value', type: 'u64' }] } }],
};
const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';

const eth = (over: Partial<Parameters<typeof smartContractInterfaceProblems>[0]> = {}) =>
  smartContractInterfaceProblems({
    type: ETH,
    smartContractAddress: USDC,
    smartContractInterface: JSON.stringify(ERC20),
    label: 'USDC',
    ...over,
  });

describe('smartContractInterfaceProblems', () => {
  test('a well-formed ABI, and the docs example IDL, are accepted', () => {
    expect(eth()).toEqual([]);
    expect(eth({ smartContractAddress: USDC.toLowerCase() })).toEqual([]);
    expect(
      smartContractInterfaceProblems({
        type: SOL,
        smartContractAddress: JUPITER,
        smartContractInterface: JSON.stringify(IDL),
        label: 'Jupiter',
      }),
    ).toEqual([]);
  });

  test('addresses follow the type: 0x + 40 hex digits for Ethereum, a 32-byte base58 key for Solana', () => {
    expect(eth({ smartContractAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA0291' })).toEqual([
      { field: 'smartContractAddress', message: "must be an Ethereum address: '0x' followed by 40 hexadecimal digits" },
    ]);
    expect(eth({ smartContractAddress: JUPITER })).toEqual([
      { field: 'smartContractAddress', message: "must be an Ethereum address: '0x' followed by 40 hexadecimal digits" },
    ]);
    const sol = (smartContractAddress: string) =>
      smartContractInterfaceProblems({ type: SOL, smartContractAddress, smartContractInterface: JSON.stringify(IDL), label: 'x' });
    expect(sol(USDC)).toEqual([
      {
        field: 'smartContractAddress',
        message: 'must be a Solana program id: a base58 public key (32 bytes), e.g. JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
      },
    ]);
    expect(sol('11111111111111111111')).toEqual([
      { field: 'smartContractAddress', message: 'must be a Solana program id of 32 bytes; this one decodes to 20 bytes' },
    ]);
  });

  test('a malformed ABI is refused with the item and field that are wrong', () => {
    const abi = (value: unknown) => eth({ smartContractInterface: JSON.stringify(value) })[0]?.message;
    expect(abi({ abi: ERC20 })).toBe(
      'must be a JSON ABI: an array of function, event and error descriptions (an object was given; a compiler artifact keeps it under "abi")',
    );
    expect(abi([{ type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'uint257' }] }])).toBe(
      "item 0 (function transfer): inputs[0].type 'uint257' is not an ABI type (uint256, address, bytes32, string, tuple[], …)",
    );
    expect(abi([{ type: 'method', name: 'x' }])).toBe('item 0: type must be one of function, constructor, receive, fallback, event, error');
    expect(abi([{ type: 'function', inputs: [] }])).toBe('item 0 (function): name must be a Solidity identifier');
    expect(abi([{ type: 'function', name: 'f', inputs: [{ name: 'c', type: 'tuple[]' }] }])).toBe(
      'item 0 (function f): inputs[0] is a tuple[] and needs components',
    );
    expect(abi([{ type: 'function', name: 'f', stateMutability: 'constant' }])).toBe(
      'item 0 (function f): stateMutability must be one of pure, view, nonpayable, payable',
    );
    expect(eth({ smartContractInterface: '[{"type":' })[0]?.message).toMatch(/^is not valid JSON \(.+\); give the ABI as a JSON string$/);
  });

  test('an IDL needs instructions and a types array, even an empty one', () => {
    const idl = (value: unknown) =>
      smartContractInterfaceProblems({
        type: SOL,
        smartContractAddress: JUPITER,
        smartContractInterface: JSON.stringify(value),
        label: 'x',
      })[0]?.message;
    expect(idl({ instructions: [] })).toBe('must have a "types" array, even an empty one: the service requires it ("types": [])');
    expect(idl([])).toBe('must be an Anchor IDL: a JSON object with "instructions" and "types"');
    expect(idl({ instructions: [{ name: 'route', args: [{ name: 'in_amount', type: 'u65' }] }], types: [] })).toBe(
      'instructions[0] (route): args[0] (in_amount) has type "u65", which is not an IDL type (u64, publicKey, {"vec": …}, {"defined": …}, …)',
    );
    expect(
      idl({ instructions: [{ name: 'route', args: [{ name: 'plan', type: { vec: { defined: 'Step' } } }] }], types: [] }),
    ).toBeUndefined();
  });

  test('the 400 KB limit is checked in bytes before parsing, with the fix in the message', () => {
    const padded = JSON.stringify(ERC20, null, 1).padEnd(SMART_CONTRACT_INTERFACE_LIMITS.interfaceBytes, ' ');
    expect(eth({ smartContractInterface: padded })).toEqual([]);
    expect(eth({ smartContractInterface: `${padded} ` })).toEqual([
      {
        field: 'smartContractInterface',
        message:
          'is 400,001 bytes; the service accepts at most 400,000 (400 KB): minify the JSON (no indentation) or upload only the functions policies use',
      },
    ]);
  });

  test('label and notes have bounds; several problems are all reported', () => {
    expect(eth({ label: ' ', notes: 'n'.repeat(4097), smartContractAddress: '0x1' })).toEqual([
      { field: 'smartContractAddress', message: "must be an Ethereum address: '0x' followed by 40 hexadecimal digits" },
      { field: 'label', message: 'must not be empty' },
      { field: 'notes', message: 'must be at most 4096 characters' },
    ]);
  });

  test('abiFunctionNames lists functions once (overloads share a name), and nothing for a non-ABI', () => {
    const overloaded = [...ERC20, { type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'address' }] }];
    expect(abiFunctionNames(JSON.stringify(overloaded))).toEqual(['transfer', 'approve']);
    expect(abiFunctionNames('{}')).toEqual([]);
    expect(smartContractInterfaceJson(ERC20)).toBe(JSON.stringify(ERC20));
    expect(smartContractInterfaceJson(' [] ')).toBe(' [] ');
  });
});

// ERC-20 transfer(0x8335…2913, 1e18): selector a9059cbb = keccak256("transfer(address,uint256)")[0..4].
const TRANSFER_CALLDATA =
  '0xa9059cbb000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000000000000000000000000000000de0b6b3a7640000';

describe('decodeContractCall (viem ABI coder)', () => {
  test('ERC-20 transfer: name, selector and named arguments, the address checksummed, the amount an int', () => {
    expect(decodeContractCall(TRANSFER_CALLDATA, JSON.stringify(ERC20))).toEqual({
      decoded: true,
      call: {
        function_name: 'transfer',
        function_signature: '0xa9059cbb',
        contract_call_args: { to: USDC, amount: 1_000_000_000_000_000_000n },
      },
    });
  });

  test('tuple arrays decode to lists in field order (the docs access call[0], call[1]); bytes are lowercase hex', () => {
    const abi = [
      {
        type: 'function',
        name: 'executeBatch',
        inputs: [
          {
            name: 'calls',
            type: 'tuple[]',
            components: [
              { name: 'target', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'data', type: 'bytes' },
            ],
          },
        ],
      },
    ];
    // executeBatch([(0x8335…2913, 1, 0xabcd)]): selector 0x34fcd5be of executeBatch((address,uint256,bytes)[])
    const data =
      '0x34fcd5be' +
      '0000000000000000000000000000000000000000000000000000000000000020' +
      '0000000000000000000000000000000000000000000000000000000000000001' +
      '0000000000000000000000000000000000000000000000000000000000000020' +
      '000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda02913' +
      '0000000000000000000000000000000000000000000000000000000000000001' +
      '0000000000000000000000000000000000000000000000000000000000000060' +
      '0000000000000000000000000000000000000000000000000000000000000002' +
      'abcd000000000000000000000000000000000000000000000000000000000000';
    expect(decodeContractCall(data, abi)).toEqual({
      decoded: true,
      call: { function_name: 'executeBatch', function_signature: '0x34fcd5be', contract_call_args: { calls: [[USDC, 1n, '0xabcd']] } },
    });
  });

  test('what cannot be decoded is a reason, not an exception', () => {
    expect(decodeContractCall('0x', ERC20)).toEqual({
      decoded: false,
      reason: 'there is no function selector: the calldata is shorter than 4 bytes',
    });
    expect(decodeContractCall('0x23b872dd', ERC20)).toEqual({ decoded: false, reason: 'the ABI has no function with selector 0x23b872dd' });
    expect(decodeContractCall('0xa9059cbb00', ERC20)).toMatchObject({
      decoded: false,
      reason: expect.stringMatching(/^the calldata does not match transfer: /) as unknown,
    });
    expect(decodeContractCall('0xzz', ERC20)).toEqual({ decoded: false, reason: 'the calldata is not hexadecimal bytes' });
  });
});

describe('unsigned Ethereum transactions as eth.tx', () => {
  test('the EIP-155 example (legacy, chain 1): every field, `to` checksummed', () => {
    // https://eips.ethereum.org/EIPS/eip-155 "Example": nonce 9, gas price 20 gwei, gas 21000, 1 ether to 0x3535…3535
    expect(
      parseUnsignedEthereumTransaction('ec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080'),
    ).toEqual({
      parsed: true,
      tx: {
        type: 'LEGACY',
        to: '0x3535353535353535353535353535353535353535',
        value: 1_000_000_000_000_000_000n,
        nonce: 9n,
        gas: 21000n,
        gas_price: 20_000_000_000n,
        chain_id: 1n,
        data: '0x',
      },
    });
  });

  test('an EIP-1559 ERC-20 transfer gets function_name and contract_call_args only with the ABI', () => {
    const unsigned = `02f8640103010282ea6094833589fcd6edb6e08f4c7c32d4f71b54bda0291380b844${TRANSFER_CALLDATA.slice(2)}c0`;
    const from = '0x1111111111111111111111111111111111111111';
    const plain = ethereumTransactionForPolicy(unsigned, { from });
    expect(plain).toEqual({
      parsed: true,
      tx: {
        type: 'TYPE_2',
        from,
        to: USDC,
        data: TRANSFER_CALLDATA,
        value: 0n,
        nonce: 3n,
        chain_id: 1n,
        gas: 60000n,
        max_fee_per_gas: 2n,
        max_priority_fee_per_gas: 1n,
      },
    });
    const decoded = ethereumTransactionForPolicy(unsigned, { from, abi: JSON.stringify(ERC20) });
    expect(decoded.parsed && decoded.tx).toEqual({
      ...(plain.parsed ? plain.tx : {}),
      function_name: 'transfer',
      function_signature: '0xa9059cbb',
      contract_call_args: { to: USDC, amount: 1_000_000_000_000_000_000n },
    });
  });

  test('a decoded transaction decides a function_name policy; without the ABI the field is missing and the policy errors', () => {
    const unsigned = `02f8640103010282ea6094833589fcd6edb6e08f4c7c32d4f71b54bda0291380b844${TRANSFER_CALLDATA.slice(2)}c0`;
    const policies = [
      {
        policyId: 'p1',
        effect: 'EFFECT_ALLOW' as const,
        condition: `eth.tx.to == '${USDC}' && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['amount'] <= 1000000000000000000`,
      },
    ];
    const decide = (abi?: string) => {
      const tx = ethereumTransactionForPolicy(unsigned, abi === undefined ? {} : { abi });
      if (!tx.parsed) throw new Error(tx.reason);
      return evaluatePolicies(policies, {
        activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' },
        approvers: [{ id: 'u' }],
        eth: { tx: tx.tx },
        now: 0,
      });
    };
    expect(decide(JSON.stringify(ERC20)).outcome).toBe('OUTCOME_ALLOW');
    expect(decide()).toEqual({
      outcome: 'OUTCOME_DENY_IMPLICIT',
      evaluations: [
        {
          policyId: 'p1',
          outcome: 'OUTCOME_ERROR',
          error: 'condition: 1:69: missing field: eth.tx.function_name',
          errors: [{ field: 'condition', message: '1:69: missing field: eth.tx.function_name', missing: 'eth.tx.function_name' }],
        },
      ],
    });
  });

  test('signing reproduces the EIP-155 example signature', () => {
    // https://eips.ethereum.org/EIPS/eip-155 "Example": private key 0x4646…4646 signs the transaction above
    expect(
      signEthereumTransaction(
        'ec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080',
        '46'.repeat(32),
      ),
    ).toBe(
      'f86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83',
    );
  });

  test('garbage is a reason', () => {
    expect(parseUnsignedEthereumTransaction('0xzz')).toEqual({
      parsed: false,
      reason: 'must be the hex serialization of an unsigned Ethereum transaction',
    });
    expect(parseUnsignedEthereumTransaction('05c0')).toMatchObject({
      parsed: false,
      reason: expect.stringMatching(/^is not an Ethereum transaction: /) as unknown,
    });
  });
});

describe('checkContractCalls', () => {
  const usdc = { smartContractAddress: USDC.toLowerCase(), type: ETH, smartContractInterface: JSON.stringify(ERC20) };
  const OTHER = '0x2222222222222222222222222222222222222222';

  test('a function name the ABI lacks is an error naming the nearest one', () => {
    const condition = `eth.tx.to == '${USDC}' && eth.tx.function_name == 'tranfer'`;
    expect(checkContractCalls(condition, [usdc])).toEqual([
      {
        severity: 'error',
        position: { offset: 85, line: 1, column: 86 },
        suggestion: 'transfer',
        message: `function 'tranfer' is not in the interface uploaded for ${USDC}, so eth.tx.function_name never equals it; did you mean 'transfer'?`,
      },
    ]);
    expect(checkContractCalls(`eth.tx.to == '${USDC}' && eth.tx.function_name in ['transfer', 'approve']`, [usdc])).toEqual([]);
  });

  test('reading the ABI fields for an address without an interface is a warning naming the address', () => {
    const condition = `eth.tx.to == '${OTHER}' && eth.tx.contract_call_args['amount'] < 10`;
    expect(checkContractCalls(condition, [usdc])).toEqual([
      {
        severity: 'warning',
        position: { offset: 68, line: 1, column: 69 },
        address: OTHER,
        message: `eth.tx.contract_call_args is read for calls to ${OTHER}, but no smart-contract interface (ABI) is declared for that address: the service leaves the field empty, so this condition never matches; declare a SmartContractInterface for ${OTHER}`,
      },
    ]);
    // the near miss: same condition, interface declared (address case does not matter for Ethereum)
    expect(checkContractCalls(`eth.tx.to == '${USDC}' && eth.tx.contract_call_args['amount'] < 10`, [usdc])).toEqual([]);
  });

  test('the pin applies inside || and list predicates of the same conjunction; an unpinned read warns only when no interface exists', () => {
    const nested = `eth.tx.to in ['${USDC}', '${OTHER}'] && (eth.tx.function_name == 'approve' || eth.tx.function_name == 'transferFrom')`;
    expect(checkContractCalls(nested, [usdc]).map((d) => [d.severity, d.address ?? d.suggestion ?? ''])).toEqual([
      ['warning', OTHER],
      ['error', 'transfer'],
    ]);
    expect(checkContractCalls("eth.tx.function_name == 'transfer'", [usdc])).toEqual([]);
    expect(checkContractCalls("eth.tx.function_name == 'transfer'", []).map((d) => d.severity)).toEqual(['warning']);
    expect(checkContractCalls("eth.tx.to == 'x' && eth.tx.data[0..10] == '0xa9059cbb'", [])).toEqual([]);
    expect(checkContractCalls('wallets.any(eth, eth.id == "a")', [])).toEqual([]);
  });
});
