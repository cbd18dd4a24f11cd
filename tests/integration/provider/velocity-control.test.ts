// VelocityControl through the provider's own methods against the emulator: the sdk's rules at preview (whole messages),
// create, read, no-op diffs (an empty filter is none), every field a replacement (deleting first when the identifier
// stays, since the service holds one control per identifier), adoption and delete.
import { checkAndCreate, checkedInputs, useHarness } from '../../support/provider-harness';

const h = useHarness();

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

  test("a refresh of 25 velocity controls reads them in one list_velocity_controls request (pages of the service's maximum, 100)", async () => {
    const made = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        checkAndCreate(h.runtime.velocityControl, { ...CONTROL, name: `control ${i}`, identifier: `refresh_${i}` }),
      ),
    );
    const refresh = h.newRuntime();
    h.resetRequests();
    const read = await Promise.all(made.map((m) => refresh.velocityControl.read(m.id, m.outs)));
    expect(read.map((r) => r.id)).toEqual(made.map((m) => m.id));
    expect(h.requests()).toEqual(['/public/v1/query/list_velocity_controls']);
    await Promise.all(made.map((m) => h.runtime.velocityControl.delete(m.id, m.outs)));
  });

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
