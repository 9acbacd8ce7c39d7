// Short constructors for the semantic types the layout tests declare, and readers for the results.

import { arrayOf, matrix, scalar, vector, type Majorness, type StructField, type StructType, type Type } from '../../../compiler/types.js';
import type { Layout } from '../../../compiler/layout/index.js';

export const float = scalar('float');
export const int = scalar('int');
export const uint = scalar('uint');
export const bool = scalar('bool');
export const double = scalar('float', 64);
export const half = scalar('float', 16);
export const float2 = vector(float, 2);
export const float3 = vector(float, 3);
export const float4 = vector(float, 4);
export const double3 = vector(double, 3);
export const uint2 = vector(uint, 2);

export const mat = (rows: number, cols: number, majorness?: Majorness, element = float): Type => matrix(element, rows, cols, majorness);
export const arr = (element: Type, length: number | null): Type => arrayOf(element, length);

/** A struct constructor from `[name, type, extras?]` triples; each struct gets a fresh declaration id. */
export function structBuilder(): (name: string, fields: [string, Type, Partial<StructField>?][]) => StructType {
  let nextId = 1;
  return (name, fields) => ({ kind: 'struct', name, id: nextId++, fields: fields.map(([n, type, extra]) => ({ name: n, type, ...extra })) });
}

/** Member offsets of a struct layout, by member name. */
export function offsets(layout: Layout): Record<string, number> {
  return Object.fromEntries((layout.members ?? []).map((m) => [m.name, m.offset]));
}

export function member(layout: Layout, name: string): Layout {
  const found = layout.members?.find((m) => m.name === name);
  if (!found) throw new Error(`no member ${name}`);
  return found.layout;
}
