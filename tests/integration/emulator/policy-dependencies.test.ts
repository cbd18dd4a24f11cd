// What policies depend on, in the emulator: smart-contract interfaces and velocity controls through their
// operations (and their refusals, in the service's error shape), a signing request whose calldata is decoded through
// an uploaded ABI deciding a `function_name` policy, and a velocity limit that flips the decision after N activities.
import type * as Viem from 'viem' with { 'resolution-mode': 'import' };
import { collectAll, type RequestOf } from '@walletinfra/sdk';
import { parseUnsignedEthereumTransaction } from '@walletinfra/sdk/contracts';
import {
  admin,
  type ApiKey,
  clientFor,
  envelope,
  FIXED_NOW,
  manualClock,
  serviceError,
  stampedPost,
  submitActivity,
  useTestEmulator,
} from '../../support/emulator';
import { ERC20_ABI } from '../../support/erc20-abi';

// viem's CommonJS build (its types are ES modules): the test builds and parses transactions with it
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS test loading viem's CommonJS build
const { parseTransaction, serializeTransaction } = require('viem') as typeof Viem;

const clock = manualClock();
const emu = useTestEmulator({ clock: clock.now });
beforeEach(() => {
  emu.reset();
  clock.set(FIXED_NOW);
});

const ETH = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';
const TOKEN = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const RECIPIENT = '0x08d2b0a37F869FF76BACB5Bab3278E26ab7067B7';
const ERC20 = ERC20_ABI;

const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
/** ERC-20 calldata: transfer(to, amount) is 0xa9059cbb, approve(spender, amount) 0x095ea7b3. */
const call = (selector: string, address: string, amount: bigint) =>
  `0x${selector}${word(address)}${word(amount.toString(16))}` as `0x${string}`;
const unsigned = (tx: Partial<Viem.TransactionSerializable>) =>
  serializeTransaction({
    chainId: 1,
    type: 'eip1559',
    nonce: 0,
    gas: 60000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
    ...tx,
  } as Viem.TransactionSerializable).slice(2);

/** Our sdk client on the test's clock (the emulator checks request liveness against it). */
const client = () => clientFor(emu, undefined, undefined, { now: clock.now });
/** What the tests read of an answer: an activity, or an error in the service's shape. */
interface Answer {
  status: number;
  json: {
    message?: string;
    details?: Array<{ policyEvaluations?: unknown }>;
    activity: { status: string; result: Record<string, Record<string, string>> };
  };
}
const answer = async (response: Promise<{ status: number; json: unknown }>): Promise<Answer> => (await response) as Answer;
const submit = (name: string, type: string, parameters: unknown, key?: ApiKey) =>
  answer(submitActivity(emu, name, envelope(emu, type, parameters, clock.now()), key));
const uploadAbi = (parameters: Record<string, unknown> = {}) =>
  submit('create_smart_contract_interface', 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE', {
    smartContractAddress: TOKEN,
    smartContractInterface: JSON.stringify(ERC20),
    type: ETH,
    label: 'USDC',
    ...parameters,
  });
const createPolicy = (policy: Record<string, string>) =>
  submit('create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', { notes: '', effect: 'EFFECT_ALLOW', ...policy });
const sign = (key: ApiKey, signWith: string, tx: string) =>
  submit(
    'sign_transaction',
    'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    { signWith, unsignedTransaction: tx, type: 'TRANSACTION_TYPE_ETHEREUM' },
    key,
  );

/** A non-root user with an API key, and an Ethereum account of a wallet it may sign with. */
async function signerAndAccount(): Promise<{ key: ApiKey; userId: string; address: string }> {
  const user = (await admin(emu, 'POST', '/users', { generateApiKey: true, userName: 'agent' })) as {
    json: { apiKeys: ApiKey[]; userId: string };
  };
  const [k] = user.json.apiKeys;
  const sdk = client();
  const wallet = await sdk.createWallet({
    walletName: 'hot',
    accounts: [
      { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
    ],
  });
  await sdk.close();
  return { key: k!, userId: user.json.userId, address: wallet.result.addresses[0]! };
}

describe('smart-contract interfaces', () => {
  test('create, get, list and delete through the sdk client; the interface is stored as uploaded', async () => {
    const sdk = client();
    const created = await sdk.createSmartContractInterface({
      smartContractAddress: TOKEN,
      smartContractInterface: JSON.stringify(ERC20),
      type: ETH,
      label: 'USDC',
    });
    const id = created.result.smartContractInterfaceId;
    const stored = {
      organizationId: emu.credentials.organizationId,
      smartContractInterfaceId: id,
      smartContractAddress: TOKEN,
      smartContractInterface: JSON.stringify(ERC20),
      type: ETH,
      label: 'USDC',
      notes: '',
      createdAt: { seconds: String(FIXED_NOW / 1000), nanos: '0' },
      updatedAt: { seconds: String(FIXED_NOW / 1000), nanos: '0' },
    };
    await expect(sdk.getSmartContractInterface({ smartContractInterfaceId: id })).resolves.toEqual({ smartContractInterface: stored });
    await expect(sdk.listSmartContractInterfaces()).resolves.toEqual({ smartContractInterfaces: [stored] });
    await sdk.deleteSmartContractInterface({ smartContractInterfaceId: id });
    await expect(sdk.listSmartContractInterfaces()).resolves.toEqual({ smartContractInterfaces: [] });
    await sdk.close();
  });

  test('refusals in the service error shape: bad ABI, oversize, bad address, duplicate, unknown id', async () => {
    const bad = await uploadAbi({ smartContractInterface: JSON.stringify([{ type: 'function', name: 'f', inputs: [{ type: 'uint7' }] }]) });
    expect([bad.status, bad.json]).toEqual([
      400,
      serviceError(
        3,
        "invalid request body: parameters.smartContractInterface: item 0 (function f): inputs[0].type 'uint7' is not an ABI type (uint256, address, bytes32, string, tuple[], …)",
        'REQUEST_INVALID',
      ),
    ]);
    const big = await uploadAbi({ smartContractInterface: JSON.stringify(ERC20).padEnd(400_001, ' ') });
    expect([big.status, big.json]).toEqual([
      400,
      serviceError(
        3,
        'invalid request body: parameters.smartContractInterface: is 400,001 bytes; the service accepts at most 400,000 (400 KB): minify the JSON (no indentation) or upload only the functions policies use',
        'REQUEST_INVALID',
      ),
    ]);
    const address = await uploadAbi({ smartContractAddress: '0x1234' });
    expect([address.status, address.json]).toEqual([
      400,
      serviceError(
        3,
        "invalid request body: parameters.smartContractAddress: must be an Ethereum address: '0x' followed by 40 hexadecimal digits",
        'REQUEST_INVALID',
      ),
    ]);
    expect((await uploadAbi()).status).toBe(200);
    const duplicate = await uploadAbi({ smartContractAddress: TOKEN.toLowerCase(), label: 'again' });
    expect([duplicate.status, duplicate.json]).toEqual([
      400,
      serviceError(
        3,
        `a smart contract interface already exists for ${TOKEN.toLowerCase()}; delete it first to upload another (interfaces cannot be updated)`,
        'REQUEST_INVALID',
      ),
    ]);
    const unknown = await submit('delete_smart_contract_interface', 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE', {
      smartContractInterfaceId: 'nope',
    });
    expect([unknown.status, unknown.json]).toEqual([404, serviceError(5, 'no smart contract interface found with ID nope', 'UNSPECIFIED')]);
  });
});

const countControl = (identifier: string, threshold: string): RequestOf<'create_velocity_control'> => ({
  name: `${identifier} limit`,
  identifier,
  dataSource: { activityExecution: { filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }] } } },
  aggregation: {
    method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
    operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
    threshold,
    window: { rolling: { duration: '3600' } },
    groupBy: { user: {} },
  },
});

describe('velocity controls', () => {
  test('create, get, list across pages and delete; duplicates, bad thresholds and unknown ids are refused', async () => {
    const sdk = client();
    const ids: string[] = [];
    for (const identifier of ['a_limit', 'b_limit', 'c_limit']) {
      ids.push((await sdk.createVelocityControl(countControl(identifier, '5'))).result.velocityControlId);
      clock.advance(1000);
    }
    const got = await sdk.getVelocityControl({ velocityControlId: ids[0]! });
    expect(got.velocityControl).toEqual({
      velocityControlId: ids[0],
      organizationId: emu.credentials.organizationId,
      ...countControl('a_limit', '5'),
      createdAt: { seconds: String(FIXED_NOW / 1000), nanos: '0' },
      updatedAt: { seconds: String(FIXED_NOW / 1000), nanos: '0' },
    });
    const first = await sdk.listVelocityControls({ paginationOptions: { limit: '2' } });
    expect(first.velocityControls.map((c) => c.identifier)).toEqual(['c_limit', 'b_limit']);
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: ids[2], endCursor: ids[1] });
    const all = await collectAll(sdk.iterateVelocityControls({ paginationOptions: { limit: '2' } }), { max: 10 });
    expect(all.map((c) => c.identifier)).toEqual(['c_limit', 'b_limit', 'a_limit']);

    const duplicate = await submit('create_velocity_control', 'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL', countControl('a_limit', '1'));
    expect([duplicate.status, duplicate.json]).toEqual([
      400,
      serviceError(
        3,
        "a velocity control with identifier 'a_limit' already exists; identifiers are unique in an organization",
        'REQUEST_INVALID',
      ),
    ]);
    const threshold = await submit('create_velocity_control', 'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL', countControl('d_limit', '-1'));
    expect([threshold.status, threshold.json]).toEqual([
      400,
      serviceError(
        3,
        "invalid request body: parameters.aggregation.threshold: must be a non-negative decimal string with at most 38 digits, 18 of them after the point (e.g. '1000' or '0.5')",
        'REQUEST_INVALID',
      ),
    ]);
    await sdk.deleteVelocityControl({ velocityControlId: ids[0]! });
    const gone = await stampedPost(emu, '/public/v1/query/get_velocity_control', {
      organizationId: emu.credentials.organizationId,
      velocityControlId: ids[0],
    });
    expect([gone.status, gone.json]).toEqual([404, serviceError(5, `no velocity control found with ID ${ids[0]}`, 'UNSPECIFIED')]);
    await sdk.close();
  });

  test('a policy naming a velocity control that does not exist is refused with the nearest identifier', async () => {
    await submit('create_velocity_control', 'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL', countControl('hourly_signs', '2'));
    const res = await createPolicy({ policyName: 'limited', condition: 'controls.hourly_sign' });
    expect([res.status, res.json]).toEqual([
      400,
      serviceError(
        3,
        "invalid policy condition: 1:10: no velocity control has identifier 'hourly_sign'; did you mean 'hourly_signs'?",
        'REQUEST_INVALID',
      ),
    ]);
  });
});

describe('signing requests against policies', () => {
  test('calldata decoded through an uploaded ABI decides a function_name policy', async () => {
    const { key, address } = await signerAndAccount();
    const policy = await createPolicy({
      policyName: 'only transfers of the token',
      condition: `eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['to'] == '${RECIPIENT}'`,
    });
    const policyId = policy.json.activity.result.createPolicyResult!.policyId;
    const transfer = unsigned({ to: TOKEN, data: call('a9059cbb', RECIPIENT, 10n ** 6n) });
    const approve = unsigned({ to: TOKEN, data: call('095ea7b3', RECIPIENT, 10n ** 6n) });

    // no interface uploaded yet: function_name is missing, the policy errors and does not allow
    const before = await sign(key, address, transfer);
    expect(before.status).toBe(403);
    expect(before.json.details?.[1]?.policyEvaluations).toEqual([{ policyId, outcome: 'OUTCOME_ERROR' }]);

    expect((await uploadAbi()).status).toBe(200);
    const allowed = await sign(key, address, transfer);
    expect(allowed.json.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const signed = allowed.json.activity.result.signTransactionResult!.signedTransaction!;
    // a well-formed signed EIP-1559 transaction with the same fields
    const parsed = parseTransaction(`0x${signed}`);
    expect([parsed.to?.toLowerCase(), parsed.data, parsed.yParity === 0 || parsed.yParity === 1]).toEqual([
      TOKEN.toLowerCase(),
      call('a9059cbb', RECIPIENT, 10n ** 6n),
      true,
    ]);

    const denied = await sign(key, address, approve);
    expect(denied.status).toBe(403);
    // approve has no argument named 'to': nothing short-circuits, so reading it is an error and the policy does not allow
    expect(denied.json.details?.[1]?.policyEvaluations).toEqual([{ policyId, outcome: 'OUTCOME_ERROR' }]);
  });

  test('addresses written in lowercase meet the checksummed eth.tx.to and decoded arguments (docs/service-behaviour.md#policy-language)', async () => {
    const { key, address } = await signerAndAccount();
    expect((await uploadAbi()).status).toBe(200);
    await createPolicy({
      policyName: 'lowercase addresses',
      condition: `eth.tx.to == '${TOKEN.toLowerCase()}' && eth.tx.contract_call_args['to'] == '${RECIPIENT.toLowerCase()}'`,
    });
    const allowed = await sign(key, address, unsigned({ to: TOKEN, data: call('a9059cbb', RECIPIENT, 1n) }));
    expect(allowed.json.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const other = await sign(key, address, unsigned({ to: TOKEN, data: call('a9059cbb', TOKEN, 1n) }));
    expect(other.status).toBe(403);
  });

  test('the signer must be an Ethereum account of the organization, the transaction must parse', async () => {
    const { key, address } = await signerAndAccount();
    const other = await sign(key, RECIPIENT, unsigned({ to: TOKEN }));
    expect([other.status, other.json]).toEqual([
      400,
      serviceError(
        3,
        'invalid request body: parameters.signWith: must be an Ethereum wallet-account address of this organization (private keys are not supported by the emulator)',
        'REQUEST_INVALID',
      ),
    ]);
    const garbage = await sign(key, address, 'zz');
    expect([garbage.status, garbage.json]).toEqual([
      400,
      serviceError(
        3,
        'invalid request body: parameters.unsignedTransaction: must be the hex serialization of an unsigned Ethereum transaction',
        'REQUEST_INVALID',
      ),
    ]);
    expect(parseUnsignedEthereumTransaction(unsigned({ to: TOKEN })).parsed).toBe(true);
  });

  test('a velocity limit is crossed after N signatures, and the window rolls it back', async () => {
    const { key, address } = await signerAndAccount();
    await submit('create_velocity_control', 'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL', countControl('hourly_signs', '2'));
    await createPolicy({ policyName: 'two signatures an hour', condition: "activity.kind == 'SIGN_TRANSACTION' && controls.hourly_signs" });
    const tx = (nonce: number) => unsigned({ to: RECIPIENT, value: 1n, nonce });
    expect((await sign(key, address, tx(0))).json.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    clock.advance(60_000);
    expect((await sign(key, address, tx(1))).json.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    clock.advance(60_000);
    const third = await sign(key, address, tx(2));
    expect([third.status, third.json.message]).toEqual([403, 'request not authorized: No policies evaluated to outcome: Allow']);
    // the first signature leaves the hour-long window: one more fits
    clock.advance(3600_000 - 120_000 + 1);
    expect((await sign(key, address, tx(3))).json.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });

  test('a spend limit sums the token amounts signed, in asset units', async () => {
    const { key, address } = await signerAndAccount();
    await submit('create_velocity_control', 'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL', {
      name: 'daily USDC',
      identifier: 'daily_usdc',
      dataSource: { chainAssetTransfer: { definition: [{ caip19: `eip155:1/erc20:${TOKEN}`, decimals: '6' }], phase: { signature: {} } } },
      aggregation: {
        method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_SUM',
        operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
        threshold: '1.5',
        window: { rolling: { duration: '86400' } },
        groupBy: { wallet: {} },
      },
    });
    await createPolicy({ policyName: 'up to 1.5 USDC a day', condition: `eth.tx.to == '${TOKEN}' && controls.daily_usdc` });
    const pay = (micro: bigint, nonce: number) =>
      sign(key, address, unsigned({ to: TOKEN, nonce, data: call('a9059cbb', RECIPIENT, micro) }));
    expect((await pay(1_000_000n, 0)).json.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect((await pay(500_001n, 1)).status).toBe(403);
    expect((await pay(500_000n, 2)).json.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });
});

const seed = async (body: unknown): Promise<{ status: number; json: { message?: string } }> => {
  const reply = await admin(emu, 'POST', '/seed', body);
  return { status: reply.status, json: reply.json as { message?: string } };
};

describe('seeding', () => {
  test('interfaces (the ABI given as JSON) and velocity controls are seeded before the policies that use them', async () => {
    const res = await seed({
      smartContractInterfaces: [{ smartContractAddress: TOKEN, smartContractInterface: ERC20, type: ETH, label: 'USDC' }],
      velocityControls: [countControl('hourly_signs', '2')],
      policies: [
        {
          policyName: 'limited transfers',
          effect: 'EFFECT_ALLOW',
          notes: '',
          condition: "eth.tx.function_name == 'transfer' && controls.hourly_signs",
        },
      ],
    });
    expect(res.status).toBe(200);
    const sdk = client();
    expect((await sdk.listSmartContractInterfaces()).smartContractInterfaces.map((i) => i.smartContractInterface)).toEqual([
      JSON.stringify(ERC20),
    ]);
    expect((await sdk.listVelocityControls()).velocityControls.map((c) => c.identifier)).toEqual(['hourly_signs']);
    await sdk.close();
  });

  test('a bad entry names its place in the seed', async () => {
    const res = await seed({
      velocityControls: [{ ...countControl('x', '1'), aggregation: { ...countControl('x', '1').aggregation, window: {} } }],
    });
    expect([res.status, res.json.message]).toEqual([
      400,
      "invalid request body: seed.velocityControls[0].aggregation.window: must set one of 'rolling', 'infinite'",
    ]);
    const abi = await seed({
      smartContractInterfaces: [{ smartContractAddress: TOKEN, smartContractInterface: 3, type: ETH, label: 'x' }],
    });
    expect(abi.status).toBe(400);
    expect(abi.json.message).toBe(
      'invalid request body: seed.smartContractInterfaces[0].smartContractInterface must be the ABI (a JSON array) or IDL (a JSON object), or its JSON string, got 3',
    );
  });
});
