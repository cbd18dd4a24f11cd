// The registry entries for what policies depend on: smart-contract interfaces (ABIs and IDLs policies decode calls
// with) and velocity controls (limits policies read as `controls.<identifier>`), plus signing a transaction, the
// request both act on (docs/service-behaviour.md#smart-contract-interfaces, #velocity-controls). Activity types,
// intent and result keys are @turnkey/http's generated `v1…Request`, `v1Intent` and `v1Result`; index.ts spreads
// these into `operations`.
import * as SCI from '../schemas/smart-contract-interfaces';
import * as VC from '../schemas/velocity-controls';
import { SignTransactionIntent, SignTransactionResult } from '../schemas/signing';
import { defineQuery, defineSubmit } from './define';

export const policyDependencyQueries = {
  list_smart_contract_interfaces: defineQuery(
    'list_smart_contract_interfaces',
    SCI.ListSmartContractInterfacesRequest,
    SCI.ListSmartContractInterfacesResponse,
  ),
  get_smart_contract_interface: defineQuery(
    'get_smart_contract_interface',
    SCI.GetSmartContractInterfaceRequest,
    SCI.GetSmartContractInterfaceResponse,
  ),
  list_velocity_controls: defineQuery('list_velocity_controls', VC.ListVelocityControlsRequest, VC.ListVelocityControlsResponse),
  get_velocity_control: defineQuery('get_velocity_control', VC.GetVelocityControlRequest, VC.GetVelocityControlResponse),
} as const;

export const policyDependencySubmits = {
  create_smart_contract_interface: defineSubmit('create_smart_contract_interface', {
    activityType: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
    intentKey: 'createSmartContractInterfaceIntent',
    resultKey: 'createSmartContractInterfaceResult',
    parameters: SCI.CreateSmartContractInterfaceIntent,
    result: SCI.CreateSmartContractInterfaceResult,
  }),
  delete_smart_contract_interface: defineSubmit('delete_smart_contract_interface', {
    activityType: 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE',
    intentKey: 'deleteSmartContractInterfaceIntent',
    resultKey: 'deleteSmartContractInterfaceResult',
    parameters: SCI.DeleteSmartContractInterfaceIntent,
    result: SCI.DeleteSmartContractInterfaceResult,
  }),
  create_velocity_control: defineSubmit('create_velocity_control', {
    activityType: 'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL',
    intentKey: 'createVelocityControlIntent',
    resultKey: 'createVelocityControlResult',
    parameters: VC.CreateVelocityControlIntent,
    result: VC.CreateVelocityControlResult,
  }),
  delete_velocity_control: defineSubmit('delete_velocity_control', {
    activityType: 'ACTIVITY_TYPE_DELETE_VELOCITY_CONTROL',
    intentKey: 'deleteVelocityControlIntent',
    resultKey: 'deleteVelocityControlResult',
    parameters: VC.DeleteVelocityControlIntent,
    result: VC.DeleteVelocityControlResult,
  }),
  // V2 intent, unversioned result key (generated types `v1Intent.signTransactionIntentV2`, `v1Result.signTransactionResult`)
  sign_transaction: defineSubmit('sign_transaction', {
    activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    intentKey: 'signTransactionIntentV2',
    resultKey: 'signTransactionResult',
    parameters: SignTransactionIntent,
    result: SignTransactionResult,
  }),
} as const;
