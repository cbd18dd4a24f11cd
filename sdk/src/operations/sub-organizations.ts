// The registry entries for sub-organizations (docs/service-behaviour.md#sub-organizations): the two listings,
// create (V8, what @turnkey/http 6.6.0 sends) and delete, and the earlier create versions the service still
// takes on the same path. Activity types, intent and result keys are @turnkey/http's generated
// `v1…Request`, `v1Intent` and `v1Result`; index.ts spreads the queries and submits into `operations`.
import * as S from '../schemas/sub-organizations';
import { defineQuery, defineSubmit } from './define';

export const subOrganizationQueries = {
  list_suborgs: defineQuery('list_suborgs', S.ListSuborgsRequest, S.ListSuborgsResponse),
  list_verified_suborgs: defineQuery('list_verified_suborgs', S.ListVerifiedSuborgsRequest, S.ListVerifiedSuborgsResponse),
} as const;

export const subOrganizationSubmits = {
  create_sub_organization: defineSubmit('create_sub_organization', {
    activityType: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
    intentKey: 'createSubOrganizationIntentV8',
    resultKey: 'createSubOrganizationResultV8',
    parameters: S.CreateSubOrganizationIntent,
    result: S.CreateSubOrganizationResult,
  }),
  delete_sub_organization: defineSubmit('delete_sub_organization', {
    activityType: 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION',
    intentKey: 'deleteSubOrganizationIntent',
    resultKey: 'deleteSubOrganizationResult',
    parameters: S.DeleteSubOrganizationIntent,
    result: S.DeleteSubOrganizationResult,
  }),
} as const;

/**
 * `create_sub_organization` as each earlier activity type has it: its own intent, intent key, result and result
 * key, on the same path. The newest comes first in `operations`; these are found by activity type
 * (`operationsByActivityType`) and by `submitVersionOf`. V1 and V2 share `createSubOrganizationResult`: the
 * generated `v1Result` has no `createSubOrganizationResultV2`.
 */
export const earlierCreateSubOrganization = [
  defineSubmit('create_sub_organization', {
    activityType: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION',
    intentKey: 'createSubOrganizationIntent',
    resultKey: 'createSubOrganizationResult',
    parameters: S.CreateSubOrganizationIntentV1,
    result: S.CreateSubOrganizationResultV1,
  }),
  defineSubmit('create_sub_organization', {
    activityType: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V2',
    intentKey: 'createSubOrganizationIntentV2',
    resultKey: 'createSubOrganizationResult',
    parameters: S.CreateSubOrganizationIntentV2,
    result: S.CreateSubOrganizationResultV1,
  }),
  defineSubmit('create_sub_organization', {
    activityType: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V3',
    intentKey: 'createSubOrganizationIntentV3',
    resultKey: 'createSubOrganizationResultV3',
    parameters: S.CreateSubOrganizationIntentV3,
    result: S.CreateSubOrganizationResultV3,
  }),
  defineSubmit('create_sub_organization', {
    activityType: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V4',
    intentKey: 'createSubOrganizationIntentV4',
    resultKey: 'createSubOrganizationResultV4',
    parameters: S.CreateSubOrganizationIntentV4,
    result: S.CreateSubOrganizationResult,
  }),
  defineSubmit('create_sub_organization', {
    activityType: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V5',
    intentKey: 'createSubOrganizationIntentV5',
    resultKey: 'createSubOrganizationResultV5',
    parameters: S.CreateSubOrganizationIntentV5,
    result: S.CreateSubOrganizationResult,
  }),
  defineSubmit('create_sub_organization', {
    activityType: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V6',
    intentKey: 'createSubOrganizationIntentV6',
    resultKey: 'createSubOrganizationResultV6',
    parameters: S.CreateSubOrganizationIntentV6,
    result: S.CreateSubOrganizationResult,
  }),
  defineSubmit('create_sub_organization', {
    // the version the delegated-access guide sends (https://docs.turnkey.com/concepts/policies/delegated-access-backend)
    activityType: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
    intentKey: 'createSubOrganizationIntentV7',
    resultKey: 'createSubOrganizationResultV7',
    parameters: S.CreateSubOrganizationIntentV7,
    result: S.CreateSubOrganizationResult,
  }),
] as const;
