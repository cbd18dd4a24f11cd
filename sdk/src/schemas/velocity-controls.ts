// Velocity controls: spend and rate limits over a window, which policies read as `controls.<identifier>`
// (generated types `v1CreateVelocityControlIntent`, `v1VelocityControl`). A control aggregates the data points of
// its source (asset transfers or executed activities), per bucket (organization, user or wallet), over a
// window, and compares the aggregate with a threshold: `<method>(<scoped data>) <operator> <threshold>`.
// There is no update activity. The rules a well-formed control follows (one choice per `oneof`, the
// threshold's digits) live in ../rules/velocity-control.ts, shared by the provider's check and the emulator.
import { z } from 'zod';
import { Id, PageInfo, Pagination, Timestamp } from './common';

export const VELOCITY_CONTROL_AGGREGATION_METHODS = [
  'VELOCITY_CONTROL_AGGREGATION_METHOD_SUM',
  'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
] as const;
export type VelocityControlAggregationMethod = (typeof VELOCITY_CONTROL_AGGREGATION_METHODS)[number];

export const VELOCITY_CONTROL_AGGREGATION_OPERATORS = [
  'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN',
  'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
  'VELOCITY_CONTROL_AGGREGATION_OPERATOR_EQUAL',
  'VELOCITY_CONTROL_AGGREGATION_OPERATOR_GREATER_THAN_OR_EQUAL',
  'VELOCITY_CONTROL_AGGREGATION_OPERATOR_GREATER_THAN',
] as const;
export type VelocityControlAggregationOperator = (typeof VELOCITY_CONTROL_AGGREGATION_OPERATORS)[number];

/**
 * Bounds of the arrays a control carries. The service documents none: UNCONFIRMED generous ones
 * (docs/service-behaviour.md#velocity-controls), so one request cannot cost unbounded validation work.
 */
export const VELOCITY_CONTROL_ARRAY_LIMITS = { assets: 100, activityTypes: 200 } as const;

// ---- requests (strict) ----

/** The empty message of a protobuf `oneof` branch (`{}` on the wire). */
const Choice = z.strictObject({});
const ActivityFilter = z.strictObject({
  activity: z
    .array(z.strictObject({ activityType: z.string().min(1, 'must not be empty') }))
    .max(VELOCITY_CONTROL_ARRAY_LIMITS.activityTypes, `must have at most ${VELOCITY_CONTROL_ARRAY_LIMITS.activityTypes} items`)
    .optional(),
});

export const VelocityControlDataSourceParams = z.strictObject({
  chainAssetTransfer: z
    .strictObject({
      definition: z
        .array(z.strictObject({ caip19: z.string().min(1, 'must not be empty'), decimals: z.string() }))
        .max(VELOCITY_CONTROL_ARRAY_LIMITS.assets, `must have at most ${VELOCITY_CONTROL_ARRAY_LIMITS.assets} items`),
      filter: ActivityFilter.optional(),
      phase: z.strictObject({ signature: Choice.optional(), submission: Choice.optional() }).optional(),
    })
    .optional(),
  activityExecution: z.strictObject({ filter: ActivityFilter.optional() }).optional(),
});

export const VelocityControlAggregationParams = z.strictObject({
  method: z.enum(VELOCITY_CONTROL_AGGREGATION_METHODS),
  operator: z.enum(VELOCITY_CONTROL_AGGREGATION_OPERATORS),
  /** non-negative decimal, at most 38 digits of which 18 fractional (generated types) */
  threshold: z.string(),
  window: z.strictObject({ rolling: z.strictObject({ duration: z.string() }).optional(), infinite: Choice.optional() }),
  groupBy: z.strictObject({ organization: Choice.optional(), user: Choice.optional(), wallet: Choice.optional() }),
});

export const CreateVelocityControlIntent = z.strictObject({
  name: z.string().min(1, 'must not be empty'),
  dataSource: VelocityControlDataSourceParams,
  aggregation: VelocityControlAggregationParams,
  /** what policies write after `controls.`; unique within the organization */
  identifier: z.string().min(1, 'must not be empty'),
});
export type CreateVelocityControlIntent = z.infer<typeof CreateVelocityControlIntent>;
export const CreateVelocityControlResult = z.looseObject({ velocityControlId: z.string() });

export const DeleteVelocityControlIntent = z.strictObject({ velocityControlId: Id });
export const DeleteVelocityControlResult = z.looseObject({ velocityControlId: z.string() });

// ---- responses (loose) ----

const AnyChoice = z.looseObject({});
const ActivityFilterOut = z.looseObject({ activity: z.array(z.looseObject({ activityType: z.string() })).optional() });

export const VelocityControl = z.looseObject({
  velocityControlId: z.string(),
  organizationId: z.string(),
  name: z.string(),
  dataSource: z.looseObject({
    chainAssetTransfer: z
      .looseObject({
        definition: z.array(z.looseObject({ caip19: z.string(), decimals: z.string() })),
        filter: ActivityFilterOut.optional(),
        phase: z.looseObject({ signature: AnyChoice.optional(), submission: AnyChoice.optional() }).optional(),
      })
      .optional(),
    activityExecution: z.looseObject({ filter: ActivityFilterOut.optional() }).optional(),
  }),
  aggregation: z.looseObject({
    method: z.string(),
    operator: z.string(),
    threshold: z.string(),
    window: z.looseObject({ rolling: z.looseObject({ duration: z.string() }).optional(), infinite: AnyChoice.optional() }),
    groupBy: z.looseObject({ organization: AnyChoice.optional(), user: AnyChoice.optional(), wallet: AnyChoice.optional() }),
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  identifier: z.string(),
});
export type VelocityControl = z.infer<typeof VelocityControl>;

export const GetVelocityControlRequest = z.strictObject({ organizationId: Id, velocityControlId: Id });
export const GetVelocityControlResponse = z.looseObject({ velocityControl: VelocityControl });

/** Paginated, with a `pageInfo` the generated types mark required. */
export const ListVelocityControlsRequest = z.strictObject({ organizationId: Id, paginationOptions: Pagination.optional() });
export const ListVelocityControlsResponse = z.looseObject({ velocityControls: z.array(VelocityControl), pageInfo: PageInfo });
