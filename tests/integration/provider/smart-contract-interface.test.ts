// SmartContractInterface through the provider's own methods against the emulator: the sdk's rules at preview (whole
// messages), create with the normal form (an ABI given as an object, as indented JSON and as the service's copy compare
// equal), read, no-op diffs, every field a replacement (deleting first when the address stays, since the service holds
// one interface per address), adoption and delete.
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
