// A function's result exactly as its schema declares it: the sdk reads responses loosely (a newer service may
// add fields, and they are kept), but an SDK builds typed objects from an Invoke's result and need not expect
// what its schema does not name. So the native function returns the declared properties, at every level.
import type { AnyDataSource } from '../datasources/define';
import { functionSpec, WELL_KNOWN } from './schema';
import { TypeCollector, type NamedTypeSpec, type ObjectTypeSpec, type TypeSpec } from './schema/types';

export interface ResultShape {
  outputs: ObjectTypeSpec;
  types: ReadonlyMap<string, NamedTypeSpec>;
}

/** The declared result of `ds` and the named types it refers to. */
export function resultShape(ds: AnyDataSource): ResultShape {
  const collector = new TypeCollector(WELL_KNOWN);
  return { outputs: functionSpec(ds, collector).outputs, types: collector.types };
}

function conformTo(type: TypeSpec, value: unknown, types: ReadonlyMap<string, NamedTypeSpec>): unknown {
  if (value === null || value === undefined) return value;
  if (type.$ref !== undefined) {
    const named = types.get(type.$ref.replace(/^#\/types\//, ''));
    return named !== undefined && !('enum' in named) ? conformObject(named, value, types) : value;
  }
  if (type.type === 'array' && Array.isArray(value) && type.items !== undefined) {
    const items = type.items;
    return value.map((item) => conformTo(items, item, types));
  }
  if (type.type === 'object' && type.additionalProperties !== undefined && typeof value === 'object' && !Array.isArray(value)) {
    const values = type.additionalProperties;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, conformTo(values, v, types)]));
  }
  return value;
}

function conformObject(spec: ObjectTypeSpec, value: unknown, types: ReadonlyMap<string, NamedTypeSpec>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(spec.properties)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = conformTo(property, v, types);
  }
  return out;
}

/** `value` with only the properties `shape` declares. */
export function conform(shape: ResultShape, value: unknown): unknown {
  return conformObject(shape.outputs, value, shape.types);
}
