// SmartContractInterface and VelocityControl through the provider's own methods against the emulator: the sdk's
// rules at preview (whole messages), create with the normal form (an ABI given as an object, as indented JSON and as
// the service's copy compare equal), read, no-op diffs, every field a replacement (deleting first when the address
// or identifier stays, since the service holds one per address or identifier), adoption and delete.
import { checkAndCreate, checkedInputs, failure, useHarness } from '../../support/provider-harness';
import { ERC20_TRANSFER } from '../../support/erc20-abi';

const h = useHarness();

const TOKEN = '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48';
const ERC20 = [ERC20_TRANSFER];
/** The normal form: sorted keys, no whitespace. */
const ERC20_JSON =
  '[{"inputs":[{"name":"to","type":"address"},{"name":"amount","type":"uint256"}],"name":"transfer","outputs":[{"name":"","type":"bool"}],"stateMutability":"nonpayable","type":"function"}]';

const INTERFACE = {
  smartContractAddress: TOKEN,
  type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
  label: 'USDC',
  smartContractInterface: ERC20,
};

const CONTROL = {
  name: 'USDC per day',
  identifier: 'daily_usdc',
  dataSource: {
    chainAssetTransfer: {
      definition: [{ caip19: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimals: '6' }],
      filter: { activity: [] },
    },
  },
  aggregation: {
    method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_SUM',
    operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
    threshold: '10000',
    window: { rolling: { duration: '86400' } },
    groupBy: { wallet: {} },
  },
};

describe('SmartContractInterface', () => {
  test('check applies the sdk rules: ABI shape, address format, size, IDL types; whole messages', async () => {
    const check = (news: Record<string, unknown>) => h.runtime.smartContractInterface.check({}, { ...INTERFACE, ...news });
    expect(
      (await check({ smartContractInterface: [{ type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'adress' }] }] }))
        .failures,
    ).toEqual([
      {
        property: 'smartContractInterface',
        reason: "item 0 (function transfer): inputs[0].type 'adress' is not an ABI type (uint256, address, bytes32, string, tuple[], …)",
      },
    ]);
    expect((await check({ smartContractAddress: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4' })).failures).toEqual([
      { property: 'smartContractAddress', reason: "must be an Ethereum address: '0x' followed by 40 hexadecimal digits" },
    ]);
    expect((await check({ smartContractInterface: { abi: ERC20 } })).failures).toEqual([
      {
        property: 'smartContractInterface',
        reason:
          'must be a JSON ABI: an array of function, event and error descriptions (an object was given; a compiler artifact keeps it under "abi")',
      },
    ]);
    const big = Array.from({ length: 4000 }, (_, i) => ({ ...ERC20[0], name: `transfer${i}` }));
    expect((await check({ smartContractInterface: big })).failures).toEqual([
      {
        property: 'smartContractInterface',
        reason:
          'is 750,891 bytes; the service accepts at most 400,000 (400 KB): minify the JSON (no indentation) or upload only the functions policies use',
      },
    ]);
    expect((await check({ smartContractInterface: 'not json' })).failures).toEqual([
      {
        property: 'smartContractInterface',
        reason: 'is not valid JSON (Unexpected token \'o\', "not json" is not valid JSON); give the ABI as a JSON string',
      },
    ]);
    expect((await check({ smartContractInterface: 42 })).failures).toEqual([
      {
        property: 'smartContractInterface',
        reason: 'must be the ABI or IDL as a JSON string or as the parsed value (an array or an object), got number 42',
      },
    ]);
    const solana = {
      type: 'SMART_CONTRACT_INTERFACE_TYPE_SOLANA',
      smartContractAddress: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
      smartContractInterface: { instructions: [{ name: 'route', args: [{ name: 'amount', type: 'u64' }] }] },
    };
    expect((await check(solana)).failures).toEqual([
      { property: 'smartContractInterface', reason: 'must have a "types" array, even an empty one: the service requires it ("types": [])' },
    ]);
  });

  let id: string;
  let inputs: Record<string, unknown>;
  let outs: Record<string, unknown>;

  test('create from the parsed ABI: the state and the service hold the normal form', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.smartContractInterface, INTERFACE));
    expect(outs).toEqual({
      ...INTERFACE,
      smartContractInterface: ERC20_JSON,
      notes: '',
      organizationId: h.org,
      smartContractInterfaceId: id,
    });
    const live = (await h.client.getSmartContractInterface({ smartContractInterfaceId: id })).smartContractInterface;
    expect([live.smartContractAddress, live.smartContractInterface, live.label, live.notes]).toEqual([TOKEN, ERC20_JSON, 'USDC', '']);
  });

  test('read equals the state; the same ABI as indented text, or with keys in another order, is no change', async () => {
    expect(await h.newRuntime().smartContractInterface.read(id, outs)).toEqual({ id, props: outs, inputs });
    for (const same of [
      JSON.stringify(ERC20, null, 2),
      [{ ...ERC20[0], type: 'function' }].map((item) => Object.fromEntries(Object.entries(item).reverse())),
    ]) {
      const news = await checkedInputs(h.runtime.smartContractInterface, { ...INTERFACE, smartContractInterface: same });
      expect(await h.runtime.smartContractInterface.diff(id, outs, news)).toEqual({ changes: false });
    }
  });

  test('every field replaces; the old interface goes first while the address stays', async () => {
    const diff = (news: Record<string, unknown>) => h.runtime.smartContractInterface.diff(id, outs, { ...inputs, ...news });
    const approve = [...ERC20, { ...ERC20[0], name: 'approve' }];
    expect(await diff({ smartContractInterface: JSON.stringify(approve) })).toEqual({
      changes: undefined,
      replaces: ['smartContractInterface'],
      deleteBeforeReplace: true,
    });
    expect(await diff({ label: 'USD Coin' })).toEqual({ changes: undefined, replaces: ['label'], deleteBeforeReplace: true });
    // Ethereum addresses compare case-insensitively: the same contract
    expect(await diff({ smartContractAddress: TOKEN.toLowerCase() })).toEqual({
      changes: undefined,
      replaces: ['smartContractAddress'],
      deleteBeforeReplace: true,
    });
    expect(await diff({ smartContractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toEqual({
      changes: undefined,
      replaces: ['smartContractAddress'],
    });
  });

  test('adopt by address takes over the same interface; a second interface for the address is refused by the service', async () => {
    const adopted = await h
      .newRuntime()
      .smartContractInterface.create(await checkedInputs(h.runtime.smartContractInterface, { ...INTERFACE, adopt: { byAddress: true } }));
    expect(adopted.id).toBe(id);
    const other = await checkedInputs(h.runtime.smartContractInterface, { ...INTERFACE, label: 'other', adopt: { byAddress: true } });
    expect(await failure(h.newRuntime().smartContractInterface.create(other))).toEqual({
      code: 'INVALID_REQUEST',
      message: `/public/v1/submit/create_smart_contract_interface: a smart contract interface already exists for ${TOKEN}; delete it first to upload another (interfaces cannot be updated) (HTTP 400, REQUEST_INVALID)`,
    });
  });

  test('delete removes it; deleting again is a no-op', async () => {
    await h.newRuntime().smartContractInterface.delete(id, outs);
    expect((await h.client.listSmartContractInterfaces({})).smartContractInterfaces).toEqual([]);
    await h.newRuntime().smartContractInterface.delete(id, outs);
  });
});

describe('VelocityControl', () => {
  test('check applies the sdk rules: one choice per oneof, threshold digits, CAIP-19, activity types; whole messages', async () => {
    const check = (news: Record<string, unknown>) => h.runtime.velocityControl.check({}, { ...CONTROL, ...news });
    expect(
      (
        await check({
          identifier: 'daily usdc',
          dataSource: { ...CONTROL.dataSource, activityExecution: {} },
          aggregation: {
            ...CONTROL.aggregation,
            threshold: '1.0000000000000000001',
            window: { infinite: {}, rolling: { duration: '60' } },
          },
        })
      ).failures,
    ).toEqual([
      {
        property: 'identifier',
        reason:
          "must be a name policies can write after 'controls.': letters, digits and '_', not starting with a digit (e.g. 'daily_usdc_spend')",
      },
      {
        property: 'dataSource',
        reason: "must set exactly one of 'chainAssetTransfer', 'activityExecution', not 'chainAssetTransfer' and 'activityExecution'",
      },
      {
        property: 'aggregation',
        reason:
          "aggregation.threshold: must be a non-negative decimal string with at most 38 digits, 18 of them after the point (e.g. '1000' or '0.5')",
      },
    ]);
    expect(
      (
        await check({
          dataSource: { activityExecution: { filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SING_TRANSACTION_V2' }] } } },
        })
      ).failures,
    ).toEqual([
      {
        property: 'dataSource',
        reason:
          "dataSource.activityExecution.filter.activity[0].activityType: 'ACTIVITY_TYPE_SING_TRANSACTION_V2' is not an activity type; did you mean 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'?",
      },
    ]);
    expect((await check({ aggregation: { ...CONTROL.aggregation, threshold: 1000 } })).failures).toEqual([
      { property: 'aggregation', reason: 'aggregation.threshold: must be a string, got number 1000' },
    ]);
  });

  let id: string;
  let inputs: Record<string, unknown>;
  let outs: Record<string, unknown>;

  test('create, read, and no diff: an empty filter is the same as none', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.velocityControl, CONTROL));
    const normal = { ...CONTROL, dataSource: { chainAssetTransfer: { definition: CONTROL.dataSource.chainAssetTransfer.definition } } };
    expect(outs).toEqual({ ...normal, organizationId: h.org, velocityControlId: id });
    expect(await h.newRuntime().velocityControl.read(id, outs)).toEqual({ id, props: outs, inputs });
    expect(await h.runtime.velocityControl.diff(id, outs, { ...CONTROL, organizationId: h.org })).toEqual({ changes: false });
    const live = (await h.client.getVelocityControl({ velocityControlId: id })).velocityControl;
    expect([live.identifier, live.aggregation.threshold]).toEqual(['daily_usdc', '10000']);
  });

  test('every field replaces; the old control goes first while the identifier stays', async () => {
    const diff = (news: Record<string, unknown>) => h.runtime.velocityControl.diff(id, outs, { ...inputs, ...news });
    expect(await diff({ aggregation: { ...CONTROL.aggregation, threshold: '20000' } })).toEqual({
      changes: undefined,
      replaces: ['aggregation'],
      deleteBeforeReplace: true,
    });
    expect(await diff({ identifier: 'daily_usdc_v2' })).toEqual({ changes: undefined, replaces: ['identifier'] });
  });

  test('adopt by identifier; delete', async () => {
    const adopted = await h
      .newRuntime()
      .velocityControl.create(await checkedInputs(h.runtime.velocityControl, { ...CONTROL, adopt: { byIdentifier: true } }));
    expect(adopted.id).toBe(id);
    await h.newRuntime().velocityControl.delete(id, outs);
    expect((await h.client.listVelocityControls({})).velocityControls).toEqual([]);
  });
});
