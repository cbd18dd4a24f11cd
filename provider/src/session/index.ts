// The provider's session layer: clients and the per-organization concurrency limit (client-pool.ts),
// coalesced list reads (object-lists.ts) and the activities writes reuse or look up (activity-history.ts).
export { ClientPool, type ClientPoolOptions } from './client-pool';
export { OrgSession } from './org-session';
export { DEFAULT_LIST_TTL_MS, serviceList, type ServiceList } from './object-lists';
export { ACTIVITY_PAGE_SIZE, ActivityHistory, scanActivities } from './activity-history';
