// Lookups of what policies depend on: smart-contract interfaces (the ABIs and IDLs policies decode calls with) and
// velocity controls (the limits policies read as `controls.<identifier>`), docs/service-behaviour.md#smart-contract-interfaces
// and #velocity-controls. Lists are read to the end (velocity controls across pages).
import { z } from 'zod';
import { NotFoundError } from '@walletinfra/sdk/errors';
import {
  GetSmartContractInterfaceRequest,
  GetVelocityControlRequest,
  SmartContractInterface,
  VelocityControl,
} from '@walletinfra/sdk/schemas';
import { dataSource, selectorOfArgs, type ArgsOfDataSource, type ResultOfDataSource } from './define';
import { SMART_CONTRACT_INTERFACES, VELOCITY_CONTROLS } from '../session/lists';

const ORGANIZATION_DOC = 'The organization that was read.';

export const GET_SMART_CONTRACT_INTERFACE = dataSource({
  name: 'getSmartContractInterface',
  description: 'One smart-contract interface (an ABI or IDL uploaded for a contract), by its id (get_smart_contract_interface).',
  args: z.strictObject({ smartContractInterfaceId: GetSmartContractInterfaceRequest.shape.smartContractInterfaceId }),
  result: z.object({ organizationId: z.string(), smartContractInterface: SmartContractInterface }),
  docs: {
    smartContractInterfaceId: 'The id of the interface.',
    organizationId: ORGANIZATION_DOC,
    smartContractInterface: 'The interface as the service reports it (the ABI or IDL as JSON text).',
  },
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    const { smartContractInterface } = await session.client.getSmartContractInterface({
      smartContractInterfaceId: a.smartContractInterfaceId,
    });
    return { organizationId: session.organizationId, smartContractInterface };
  },
});

export const GET_SMART_CONTRACT_INTERFACES = dataSource({
  name: 'getSmartContractInterfaces',
  description: 'Every smart-contract interface of the organization (list_smart_contract_interfaces).',
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), smartContractInterfaces: z.array(SmartContractInterface) }),
  docs: { organizationId: ORGANIZATION_DOC, smartContractInterfaces: 'Each interface as the service reports it.' },
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    return { organizationId: session.organizationId, smartContractInterfaces: await session.list(SMART_CONTRACT_INTERFACES) };
  },
});

export const GET_VELOCITY_CONTROL = dataSource({
  name: 'getVelocityControl',
  description: 'One velocity control, by its id (get_velocity_control) or by the identifier policies read (`controls.<identifier>`).',
  args: z.strictObject({
    velocityControlId: GetVelocityControlRequest.shape.velocityControlId.optional(),
    identifier: z.string().optional(),
  }),
  result: z.object({ organizationId: z.string(), velocityControl: VelocityControl }),
  docs: {
    velocityControlId: 'The id of the control (or give `identifier`).',
    identifier: 'Find the control by the identifier policies read (`controls.<identifier>`) instead of its id.',
    organizationId: ORGANIZATION_DOC,
    velocityControl: 'The control as the service reports it.',
  },
  refine: (a) =>
    (a.velocityControlId === undefined) === (a.identifier === undefined)
      ? [{ path: 'velocityControlId', message: 'set exactly one of velocityControlId or identifier' }]
      : [],
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    if (a.velocityControlId !== undefined) {
      const { velocityControl } = await session.client.getVelocityControl({ velocityControlId: a.velocityControlId });
      return { organizationId: session.organizationId, velocityControl };
    }
    const found = (await session.list(VELOCITY_CONTROLS)).find((c) => c.identifier === a.identifier);
    if (found === undefined) {
      throw new NotFoundError(
        `getVelocityControl: organization ${session.organizationId} has no velocity control with identifier "${a.identifier}"`,
      );
    }
    return { organizationId: session.organizationId, velocityControl: found };
  },
});

export const GET_VELOCITY_CONTROLS = dataSource({
  name: 'getVelocityControls',
  description: 'Every velocity control of the organization (list_velocity_controls, every page).',
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), velocityControls: z.array(VelocityControl) }),
  docs: { organizationId: ORGANIZATION_DOC, velocityControls: 'Each control as the service reports it.' },
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    return { organizationId: session.organizationId, velocityControls: await session.list(VELOCITY_CONTROLS) };
  },
});

export type GetSmartContractInterfaceArgs = ArgsOfDataSource<typeof GET_SMART_CONTRACT_INTERFACE>;
export type GetSmartContractInterfaceResult = ResultOfDataSource<typeof GET_SMART_CONTRACT_INTERFACE>;
export type GetSmartContractInterfacesArgs = ArgsOfDataSource<typeof GET_SMART_CONTRACT_INTERFACES>;
export type GetSmartContractInterfacesResult = ResultOfDataSource<typeof GET_SMART_CONTRACT_INTERFACES>;
export type GetVelocityControlArgs = ArgsOfDataSource<typeof GET_VELOCITY_CONTROL>;
export type GetVelocityControlResult = ResultOfDataSource<typeof GET_VELOCITY_CONTROL>;
export type GetVelocityControlsArgs = ArgsOfDataSource<typeof GET_VELOCITY_CONTROLS>;
export type GetVelocityControlsResult = ResultOfDataSource<typeof GET_VELOCITY_CONTROLS>;

export const POLICY_DEPENDENCY_DATA_SOURCES = [
  GET_SMART_CONTRACT_INTERFACE,
  GET_SMART_CONTRACT_INTERFACES,
  GET_VELOCITY_CONTROL,
  GET_VELOCITY_CONTROLS,
];
