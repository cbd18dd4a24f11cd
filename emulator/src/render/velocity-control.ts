// A velocity control on the wire (`v1VelocityControl`), its source and aggregation as they were created.
import type { VelocityControlRecord } from '../store/records';
import { renderFields } from './fields';
import type { TimeFormat } from './time';

export function renderVelocityControl(r: VelocityControlRecord, format: TimeFormat): Record<string, unknown> {
  return renderFields(
    r,
    ['velocityControlId', 'organizationId', 'name', 'dataSource', 'aggregation', 'createdAt', 'updatedAt', 'identifier'],
    format,
  );
}
