// The `fields` description a layout object carries: reflection's LayoutType with struct members
// keyed by name, so `Params.fields.xform.offset` reads (and types) as the literal byte offset.

import type { LayoutType, StructType } from '../../compiler/reflect/types.js';
import { keyedRecord, type Data } from './literal.js';

export function typeInfo(type: LayoutType): Data {
  switch (type.kind) {
    case 'scalar':
      return { kind: 'scalar', scalar: type.scalar };
    case 'vector':
      return { kind: 'vector', scalar: type.scalar, count: type.count };
    case 'matrix':
      return {
        kind: 'matrix',
        scalar: type.scalar,
        rows: type.rows,
        columns: type.columns,
        majorness: type.majorness,
        stride: type.stride,
      };
    case 'array':
      return { kind: 'array', element: typeInfo(type.element), length: type.length, stride: type.stride };
    case 'struct':
      return { kind: 'struct', name: type.name, size: type.size, fields: fieldsInfo(type) };
  }
}

/**
 * The key each member is read from and described under: its name, `_m<index>` (DXC's spelling)
 * when the module carries no name, and `<name>_<index>` should a stripped or hand-made module
 * repeat a name, so every member stays addressable.
 */
export function memberKeys(struct: StructType): string[] {
  const seen = new Set<string>();
  return struct.members.map((member, index) => {
    let key = member.name === '' ? `_m${index}` : member.name;
    while (seen.has(key)) key = `${key}_${index}`;
    seen.add(key);
    return key;
  });
}

export function fieldsInfo(struct: StructType): Data {
  const keys = memberKeys(struct);
  return keyedRecord(
    struct.members.map((member, index) => ({
      name: keys[index]!,
      fallback: `_m${index}`,
      value: { offset: member.offset, size: member.size, type: typeInfo(member.type) },
    })),
  );
}
