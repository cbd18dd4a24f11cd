// A smart-contract interface on the wire (`externaldatav1SmartContractInterface`): `notes` is always present.
import type { SmartContractInterfaceRecord } from '../store/records';
import { renderFields } from './fields';
import type { TimeFormat } from './time';

export function renderSmartContractInterface(r: SmartContractInterfaceRecord, format: TimeFormat): Record<string, unknown> {
  return renderFields(
    r,
    [
      'organizationId',
      'smartContractInterfaceId',
      'smartContractAddress',
      'smartContractInterface',
      'type',
      'label',
      'notes',
      'createdAt',
      'updatedAt',
    ],
    format,
  );
}
