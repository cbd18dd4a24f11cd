// The registry entries for who can act: users, their API keys, user tags and the root quorum
// (docs/service-behaviour.md#users, #api-keys, #user-tags, #root-quorum). Activity types, intent and result keys
// are @turnkey/http's generated `v1…Request`, `v1Intent` and `v1Result`; index.ts spreads these into `operations`.
import * as I from '../schemas/identity';
import { defineQuery, defineSubmit } from './define';

export const identityQueries = {
  list_users: defineQuery('list_users', I.ListUsersRequest, I.ListUsersResponse),
  get_user: defineQuery('get_user', I.GetUserRequest, I.GetUserResponse),
  list_user_tags: defineQuery('list_user_tags', I.ListUserTagsRequest, I.ListUserTagsResponse),
  get_organization_configs: defineQuery('get_organization_configs', I.GetOrganizationConfigsRequest, I.GetOrganizationConfigsResponse),
  whoami: defineQuery('whoami', I.WhoamiRequest, I.WhoamiResponse),
} as const;

export const identitySubmits = {
  create_users: defineSubmit('create_users', {
    activityType: 'ACTIVITY_TYPE_CREATE_USERS_V4',
    intentKey: 'createUsersIntentV4',
    // V4 intent, unversioned result key (as create_policy)
    resultKey: 'createUsersResult',
    parameters: I.CreateUsersIntent,
    result: I.CreateUsersResult,
  }),
  create_api_only_users: defineSubmit('create_api_only_users', {
    activityType: 'ACTIVITY_TYPE_CREATE_API_ONLY_USERS',
    intentKey: 'createApiOnlyUsersIntent',
    resultKey: 'createApiOnlyUsersResult',
    parameters: I.CreateApiOnlyUsersIntent,
    result: I.CreateApiOnlyUsersResult,
  }),
  update_user: defineSubmit('update_user', {
    activityType: 'ACTIVITY_TYPE_UPDATE_USER',
    intentKey: 'updateUserIntent',
    resultKey: 'updateUserResult',
    parameters: I.UpdateUserIntent,
    result: I.UpdateUserResult,
  }),
  update_user_name: defineSubmit('update_user_name', {
    activityType: 'ACTIVITY_TYPE_UPDATE_USER_NAME',
    intentKey: 'updateUserNameIntent',
    resultKey: 'updateUserNameResult',
    parameters: I.UpdateUserNameIntent,
    result: I.UpdateUserNameResult,
  }),
  update_user_email: defineSubmit('update_user_email', {
    activityType: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
    intentKey: 'updateUserEmailIntent',
    resultKey: 'updateUserEmailResult',
    parameters: I.UpdateUserEmailIntent,
    result: I.UpdateUserEmailResult,
  }),
  update_user_phone_number: defineSubmit('update_user_phone_number', {
    activityType: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
    intentKey: 'updateUserPhoneNumberIntent',
    resultKey: 'updateUserPhoneNumberResult',
    parameters: I.UpdateUserPhoneNumberIntent,
    result: I.UpdateUserPhoneNumberResult,
  }),
  delete_users: defineSubmit('delete_users', {
    activityType: 'ACTIVITY_TYPE_DELETE_USERS',
    intentKey: 'deleteUsersIntent',
    resultKey: 'deleteUsersResult',
    parameters: I.DeleteUsersIntent,
    result: I.DeleteUsersResult,
  }),
  create_api_keys: defineSubmit('create_api_keys', {
    activityType: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    intentKey: 'createApiKeysIntentV2',
    resultKey: 'createApiKeysResult',
    parameters: I.CreateApiKeysIntent,
    result: I.CreateApiKeysResult,
  }),
  delete_api_keys: defineSubmit('delete_api_keys', {
    activityType: 'ACTIVITY_TYPE_DELETE_API_KEYS',
    intentKey: 'deleteApiKeysIntent',
    resultKey: 'deleteApiKeysResult',
    parameters: I.DeleteApiKeysIntent,
    result: I.DeleteApiKeysResult,
  }),
  create_user_tag: defineSubmit('create_user_tag', {
    activityType: 'ACTIVITY_TYPE_CREATE_USER_TAG',
    intentKey: 'createUserTagIntent',
    resultKey: 'createUserTagResult',
    parameters: I.CreateUserTagIntent,
    result: I.CreateUserTagResult,
  }),
  update_user_tag: defineSubmit('update_user_tag', {
    activityType: 'ACTIVITY_TYPE_UPDATE_USER_TAG',
    intentKey: 'updateUserTagIntent',
    resultKey: 'updateUserTagResult',
    parameters: I.UpdateUserTagIntent,
    result: I.UpdateUserTagResult,
  }),
  delete_user_tags: defineSubmit('delete_user_tags', {
    activityType: 'ACTIVITY_TYPE_DELETE_USER_TAGS',
    intentKey: 'deleteUserTagsIntent',
    resultKey: 'deleteUserTagsResult',
    parameters: I.DeleteUserTagsIntent,
    result: I.DeleteUserTagsResult,
  }),
  update_root_quorum: defineSubmit('update_root_quorum', {
    activityType: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
    intentKey: 'updateRootQuorumIntent',
    resultKey: 'updateRootQuorumResult',
    parameters: I.UpdateRootQuorumIntent,
    result: I.UpdateRootQuorumResult,
  }),
} as const;
