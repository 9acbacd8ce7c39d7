// TypeScript types of the plain values a layout's `write` accepts, for the declaration file. Exact
// enough that a misspelt field, a vector of the wrong length or a string for a number fails `tsc`.
// Runtime helper types are referenced through the namespace import `rt`.

import type { LayoutType, ScalarKind, StructType } from '../../compiler/reflect/types.js';
import { IdentifierAllocator, structLabel, typePropertyKey } from './names.js';
import { memberKeys } from './type-info.js';

/** Arrays up to this length are typed as exact tuples; longer ones as ArrayLike. */
const MAX_TUPLE_LENGTH = 16;

type ScalarFamily = 'number' | 'bigint' | 'bool';

const SCALAR_FAMILIES: Record<ScalarKind, ScalarFamily> = {
  bool: 'bool',
  i8: 'number',
  u8: 'number',
  i16: 'number',
  u16: 'number',
  f16: 'number',
  i32: 'number',
  u32: 'number',
  f32: 'number',
  i64: 'bigint',
  u64: 'bigint',
  f64: 'number',
};

const SCALAR_TYPES: Record<ScalarFamily, string> = { number: 'number', bigint: 'bigint', bool: 'rt.BoolLike' };
const VECTOR_PREFIXES: Record<ScalarFamily, string> = { number: 'rt.Vec', bigint: 'rt.BigVec', bool: 'rt.BoolVec' };
const TYPED_ARRAYS: Record<ScalarFamily, string | undefined> = {
  number: 'rt.NumericArray',
  bigint: 'rt.BigIntArray',
  bool: undefined,
};

/** Builds value interfaces for struct types (one per distinct struct) and type expressions for the rest. */
export class ValueTypeEmitter {
  readonly declarations: string[] = [];
  private readonly interfaceNames = new Map<string, string>();
  private readonly names = new IdentifierAllocator(['rt']);

  /** The interface for a struct; `preferredName` (e.g. the export name) is used if it is the first use. */
  structType(struct: StructType, preferredName?: string): string {
    const key = JSON.stringify(struct);
    const existing = this.interfaceNames.get(key);
    if (existing !== undefined) return existing;
    const base = preferredName ?? (structLabel(struct.name) || 'Struct');
    const name = this.names.allocate(`${base}Value`, 'StructValue');
    this.interfaceNames.set(key, name);
    const keys = memberKeys(struct);
    const members = struct.members.map((member, index) => {
      const doc = `  /** Offset ${member.offset}, ${member.size} bytes. */`;
      return `${doc}\n  readonly ${typePropertyKey(keys[index]!)}?: ${this.valueType(member.type)};`;
    });
    this.declarations.push(`export interface ${name} {\n${members.join('\n')}\n}`);
    return name;
  }

  valueType(type: LayoutType): string {
    switch (type.kind) {
      case 'scalar':
        return SCALAR_TYPES[SCALAR_FAMILIES[type.scalar]];
      case 'vector': {
        const family = SCALAR_FAMILIES[type.scalar];
        if (type.count >= 2 && type.count <= 4) return `${VECTOR_PREFIXES[family]}${type.count}Like`;
        return this.tuple(SCALAR_TYPES[family], type.count, TYPED_ARRAYS[family]);
      }
      case 'matrix':
        if (type.rows >= 2 && type.rows <= 4 && type.columns >= 2 && type.columns <= 4) {
          return `rt.Mat${type.rows}x${type.columns}Like`;
        }
        return this.tuple('number', type.rows * type.columns, 'rt.NumericArray');
      case 'array': {
        const element = this.valueType(type.element);
        const typedArray = type.element.kind === 'scalar' ? TYPED_ARRAYS[SCALAR_FAMILIES[type.element.scalar]] : undefined;
        if (type.length === 0) return `ArrayLike<${element} | undefined>`;
        return this.tuple(element, type.length, typedArray);
      }
      case 'struct':
        return this.structType(type);
    }
  }

  private tuple(element: string, length: number, typedArray: string | undefined): string {
    const alternative = typedArray === undefined ? '' : ` | ${typedArray}`;
    if (length > MAX_TUPLE_LENGTH) return `ArrayLike<${element}>${alternative}`;
    return `readonly [${Array.from({ length }, () => element).join(', ')}]${alternative}`;
  }
}
