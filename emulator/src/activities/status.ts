// The statuses an activity moves through (docs/service-behaviour.md#activities).
export const PENDING = 'ACTIVITY_STATUS_PENDING';
export const CONSENSUS_NEEDED = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
export const COMPLETED = 'ACTIVITY_STATUS_COMPLETED';
export const REJECTED = 'ACTIVITY_STATUS_REJECTED';
export const FAILED = 'ACTIVITY_STATUS_FAILED';
