// VelocityControl (docs/service-behaviour.md#velocity-controls): a spend or rate limit over a window, which
// policies read as `controls.<identifier>`. There is no update activity, so every change replaces the control;
// identifiers are unique in an organization, so a replacement that keeps the identifier deletes the old control
// first (policies reading it fail to evaluate until the new one exists). Preview applies the sdk's rules (the ones
// the emulator applies): one choice per `oneof`, the threshold's digits, CAIP-19 assets, activity types, an
// identifier policies can write. A Policy's preview reads the identifiers this deployment's controls declare
// (../policy/dependencies.ts).
import { z } from 'zod';
import { VELOCITY_CONTROL_FIELD_TABLE, velocityControlProblems } from '@walletinfra/sdk/rules';
import { CreateVelocityControlIntent, type VelocityControl as ServiceVelocityControl } from '@walletinfra/sdk/schemas';
import { containsUnknown } from '../../wire';
import type { CheckFailure } from '../common/check';
import { placementOf } from '../common/inputs';
import { defineKind, deleteById, type InputsOf } from '../kind';
import { VELOCITY_CONTROLS } from '../../session/lists';

/**
 * A data source or aggregation in normal form: absent and null values left out, and an activity filter that
 * filters nothing (`{}`, `{ activity: [] }`) dropped, so the program's and the service's spellings compare equal.
 */
export function canonicalControlPart(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalControlPart);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    const part = canonicalControlPart(v);
    if (key === 'filter' && isEmptyFilter(part)) continue;
    out[key] = part;
  }
  return out;
}

function isEmptyFilter(filter: unknown): boolean {
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) return false;
  const activity = (filter as { activity?: unknown }).activity;
  return Object.keys(filter).length === 0 || (Object.keys(filter).length === 1 && Array.isArray(activity) && activity.length === 0);
}

/** The sdk's rules, once the JSON shape passed the schema: one failure per top-level property, naming the path. */
function controlFailures(news: Record<string, unknown>): CheckFailure[] {
  const parts = ['name', 'identifier', 'dataSource', 'aggregation'] as const;
  if (parts.some((p) => containsUnknown(news[p]))) {
    // The identifier alone can still be judged.
    if (typeof news.identifier !== 'string' || containsUnknown(news.identifier)) return [];
  }
  const parsed = CreateVelocityControlIntent.safeParse({
    name: news.name,
    identifier: news.identifier,
    dataSource: canonicalControlPart(news.dataSource),
    aggregation: canonicalControlPart(news.aggregation),
  });
  if (!parsed.success) return [];
  const seen = new Set<string>();
  const failures: CheckFailure[] = [];
  for (const problem of velocityControlProblems(parsed.data)) {
    const property = problem.path.split(/[.[]/)[0] as string;
    if (seen.has(property) || containsUnknown(news[property])) continue;
    seen.add(property);
    failures.push({ property, reason: problem.path === property ? problem.message : `${problem.path}: ${problem.message}` });
  }
  return failures;
}

export const velocityControl = defineKind({
  type: 'VelocityControl',
  member: 'velocityControl',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'velocity control',
  plural: 'velocity controls',
  description:
    'A spend or rate limit: asset transfers or executed activities aggregated over a window and compared with a threshold. ' +
    'Policies read its result as `controls.<identifier>`. The service cannot change a control: every change replaces it.',
  table: VELOCITY_CONTROL_FIELD_TABLE,
  args: CreateVelocityControlIntent,
  outputs: CreateVelocityControlIntent.extend({ velocityControlId: z.string() }),
  idProperty: 'velocityControlId',
  docs: {
    velocityControlId: "The service's id of the control (also the resource's `id`).",
    name: 'A name for people (at most 256 characters).',
    identifier:
      "What policies write after `controls.`: letters, digits and '_', not starting with a digit (e.g. `daily_usdc`); unique in the organization.",
    dataSource:
      'What is measured, exactly one of `chainAssetTransfer` (`definition`: the CAIP-19 assets with their `decimals`; optional ' +
      '`filter.activity` types and `phase: { signature: {} }`) or `activityExecution` (optional `filter.activity` types).',
    aggregation:
      '`method` (`…_SUM` or `…_COUNT`), `operator` (`…_LESS_THAN_OR_EQUAL`, …), `threshold` (a decimal string), `window` ' +
      "(`{ rolling: { duration: '86400' } }` in seconds, or `{ infinite: {} }`) and `groupBy` (`organization`, `user` or `wallet`, as `{}`).",
  },
  defaults: {},
  canonical: { dataSource: canonicalControlPart, aggregation: canonicalControlPart },
  adopt: { flag: 'byIdentifier', doc: 'Take over the control with the same `identifier` (identifiers are unique), or create one.' },
  unique: {
    property: 'identifier',
    why: 'the service allows one velocity control per identifier, so one of them would fail; give each its own identifier',
  },
  replaceReason: 'no update exists; a replacement that keeps the identifier deletes the old control first',
  check: { late: controlFailures },
  diff: { deleteBeforeReplace: (olds, news) => olds.identifier === news.identifier },
  // what policies can see and decide: decoded calls, velocity limits
  inventory: { governs: 'policy', createdBy: ['ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL'] },
  export: {
    name: (c: ServiceVelocityControl) => c.name,
    fallback: 'velocity-control',
    note: 'Velocity controls cannot be changed: an edit replaces the control (the old one is deleted first when the identifier stays).',
  },
  example: {
    name: 'signatures-per-day',
    properties: {
      name: 'signatures per day',
      identifier: 'daily_signatures',
      dataSource: { activityExecution: { filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }] } } },
      aggregation: {
        method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
        operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
        threshold: '100',
        window: { rolling: { duration: '86400' } },
        groupBy: { organization: {} },
      },
    },
  },
  listing: { list: VELOCITY_CONTROLS, idOf: (c: ServiceVelocityControl) => c.velocityControlId },
  fromLive: (live: ServiceVelocityControl, state) => ({
    velocityControlId: live.velocityControlId,
    name: live.name,
    identifier: live.identifier,
    dataSource: canonicalControlPart(live.dataSource) as z.output<typeof CreateVelocityControlIntent>['dataSource'],
    aggregation: canonicalControlPart(live.aggregation) as z.output<typeof CreateVelocityControlIntent>['aggregation'],
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_velocity_control',
      resultId: (r) => String(r.velocityControlId),
      resultOf: (c: ServiceVelocityControl) => ({ velocityControlId: c.velocityControlId }),
      label: (d) => `"${String(d.identifier)}"`,
    },
    delete: deleteById('delete_velocity_control', 'velocityControlId'),
  },
});

/** What a control measures: asset transfers or executed activities. */
export type VelocityControlDataSource = InputsOf<typeof velocityControl>['dataSource'];
/** How a control aggregates, over which window, per which bucket, compared with what. */
export type VelocityControlAggregation = InputsOf<typeof velocityControl>['aggregation'];
