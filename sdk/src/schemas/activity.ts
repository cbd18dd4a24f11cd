// The activity object every submit returns (docs/service-behaviour.md#activities), validated leniently.
import { z } from 'zod';
import { openEnum, RpcStatus, Timestamp } from './common';
import { ACTIVITY_STATUSES, VOTE_SELECTIONS } from './enums';

/**
 * docs/service-behaviour.md#transport says activity timestamps are plain strings; TYPES `v1Activity` says `{seconds, nanos}`.
 * [CONFLICT] accepted both ways so neither form breaks a read.
 */
export const ActivityTimestamp = z.union([z.string(), Timestamp]);
export type ActivityTimestamp = z.infer<typeof ActivityTimestamp>;

export const ActivityStatus = openEnum(ACTIVITY_STATUSES);
export type ActivityStatus = z.infer<typeof ActivityStatus>;

/** docs/service-behaviour.md#activities `v1Vote`; the nested `user` is a user record whose fields the API reference does not show. */
export const Vote = z.looseObject({
  id: z.string(),
  userId: z.string(),
  user: z.looseObject({}),
  activityId: z.string(),
  selection: openEnum(VOTE_SELECTIONS),
  message: z.string(),
  publicKey: z.string(),
  signature: z.string(),
  scheme: z.string(),
  createdAt: ActivityTimestamp,
});
export type Vote = z.infer<typeof Vote>;

/** docs/service-behaviour.md#activities `v1AppProof` */
export const AppProof = z.looseObject({
  scheme: z.string(),
  publicKey: z.string(),
  proofPayload: z.string(),
  signature: z.string(),
});
export type AppProof = z.infer<typeof AppProof>;

/**
 * docs/service-behaviour.md#activities. `intent` and `result` hold exactly one operation-specific object each, keyed per operation
 * (docs/service-behaviour.md#activities); the client reads the typed result with the operation's `resultKey`.
 */
export const Activity = z.looseObject({
  id: z.string(),
  organizationId: z.string(),
  status: ActivityStatus,
  type: z.string(),
  intent: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()),
  votes: z.array(Vote),
  appProofs: z.array(AppProof).optional(),
  fingerprint: z.string(),
  canApprove: z.boolean(),
  canReject: z.boolean(),
  createdAt: ActivityTimestamp,
  updatedAt: ActivityTimestamp,
  failure: RpcStatus.optional(),
});
export type Activity = z.infer<typeof Activity>;

/** docs/service-behaviour.md#transport: the response of every submit, and of `get_activity`. */
export const ActivityResponse = z.looseObject({ activity: Activity });
export type ActivityResponse = z.infer<typeof ActivityResponse>;
