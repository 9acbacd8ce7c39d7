// Straight-line JavaScript that packs plain values into a DataView: one function per struct type,
// one DataView store per scalar at an offset computed here, loops only over arrays. No descriptor
// is interpreted at run time, so the code is CSP-safe and as fast as a hand-written writer.

import type { LayoutType, ScalarKind, StructType } from '../../compiler/reflect/types.js';
import { readProperty, stringLiteral } from './names.js';
import { memberKeys } from './type-info.js';

export type MatrixOrder = 'column-major' | 'row-major';

/** How each scalar kind is stored: DataView setter, byte size, and the conversion applied first. */
const SCALAR_STORES: Record<ScalarKind, { setter: string; size: number; convert?: (value: string) => string }> = {
  bool: { setter: 'setUint32', size: 4, convert: (value) => `${value} ? 1 : 0` },
  i8: { setter: 'setInt8', size: 1 },
  u8: { setter: 'setUint8', size: 1 },
  i16: { setter: 'setInt16', size: 2 },
  u16: { setter: 'setUint16', size: 2 },
  f16: { setter: 'setUint16', size: 2, convert: (value) => `f32ToF16(${value})` },
  i32: { setter: 'setInt32', size: 4 },
  u32: { setter: 'setUint32', size: 4 },
  f32: { setter: 'setFloat32', size: 4 },
  i64: { setter: 'setBigInt64', size: 8 },
  u64: { setter: 'setBigUint64', size: 8 },
  f64: { setter: 'setFloat64', size: 8 },
};

export function scalarSize(scalar: ScalarKind): number {
  return SCALAR_STORES[scalar].size;
}

/** An offset expression: a runtime base (`o`, `p0`) plus a constant folded here. */
interface Offset {
  base: string;
  constant: number;
}

function offsetCode({ base, constant }: Offset): string {
  return constant === 0 ? base : `${base} + ${constant}`;
}

function plus(offset: Offset, bytes: number): Offset {
  return { base: offset.base, constant: offset.constant + bytes };
}

/**
 * Collects the writer functions of one generated module. `structWriter` returns the name of the
 * function packing a struct type, generating it on first use; identical struct types share one.
 */
export class WriterEmitter {
  readonly functions: string[] = [];
  /** Runtime helpers the emitted code calls. */
  readonly helpers = new Set<string>();
  private readonly structNames = new Map<string, string>();
  private valueFunctionCount = 0;

  constructor(private readonly matrixOrder: MatrixOrder) {}

  structWriter(struct: StructType): string {
    const key = JSON.stringify(struct);
    const existing = this.structNames.get(key);
    if (existing !== undefined) return existing;
    const name = `write${this.structNames.size}`;
    this.structNames.set(key, name);
    const label = struct.name.replace(/^type_/, '') || 'struct';
    const lines: string[] = [];
    const keys = memberKeys(struct);
    for (const [index, member] of struct.members.entries()) {
      // One const per member (not a shared variable) keeps each value's type stable for the JIT.
      const local = `m${index}`;
      const path = stringLiteral(`${label}.${keys[index]}`);
      lines.push(`  const ${local} = ${readProperty('v', keys[index]!)};`);
      lines.push(`  if (${local} !== undefined) {`);
      this.emitValue(member.type, { base: 'o', constant: member.offset }, local, path, 0, lines, '    ');
      lines.push('  }');
    }
    this.functions.push(`function ${name}(dv, o, v) {\n${lines.map((line) => `${line}\n`).join('')}}`);
    return name;
  }

  /** A function `(dv, o, v)` packing one value of `type` at `o` (runtime-array elements). */
  valueWriter(type: LayoutType, label: string): string {
    if (type.kind === 'struct') return this.structWriter(type);
    const name = `writeValue${this.valueFunctionCount++}`;
    const lines: string[] = [];
    this.emitValue(type, { base: 'o', constant: 0 }, 'v', stringLiteral(label), 0, lines, '  ');
    this.functions.push(`function ${name}(dv, o, v) {\n${lines.join('\n')}\n}`);
    return name;
  }

  private emitValue(
    type: LayoutType,
    offset: Offset,
    value: string,
    path: string,
    depth: number,
    lines: string[],
    indent: string,
  ): void {
    switch (type.kind) {
      case 'scalar':
        lines.push(`${indent}${this.store(type.scalar, offset, value)}`);
        return;
      case 'vector':
        this.emitLengthCheck(value, type.count, `${type.count} components`, path, lines, indent);
        for (let component = 0; component < type.count; component++) {
          const at = plus(offset, component * scalarSize(type.scalar));
          lines.push(`${indent}${this.store(type.scalar, at, `${value}[${component}]`)}`);
        }
        return;
      case 'matrix':
        this.emitMatrix(type, offset, value, path, lines, indent);
        return;
      case 'array':
        this.emitArray(type, offset, value, path, depth, lines, indent);
        return;
      case 'struct':
        lines.push(`${indent}${this.structWriter(type)}(dv, ${offsetCode(offset)}, ${value});`);
        return;
    }
  }

  private emitMatrix(
    type: Extract<LayoutType, { kind: 'matrix' }>,
    offset: Offset,
    value: string,
    path: string,
    lines: string[],
    indent: string,
  ): void {
    const { rows, columns, stride } = type;
    const size = scalarSize(type.scalar);
    this.emitLengthCheck(value, rows * columns, `${rows * columns} elements (${rows}x${columns})`, path, lines, indent);
    const stores: { at: number; index: number }[] = [];
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        // Where the caller's flat array holds element (row, column) ...
        const index = this.matrixOrder === 'column-major' ? column * rows + row : row * columns + column;
        // ... and where the shader reads it: rows or columns `stride` apart, padding between them untouched.
        const at = type.majorness === 'column' ? column * stride + row * size : row * stride + column * size;
        stores.push({ at, index });
      }
    }
    stores.sort((a, b) => a.at - b.at);
    for (const { at, index } of stores) {
      lines.push(`${indent}${this.store(type.scalar, plus(offset, at), `${value}[${index}]`)}`);
    }
  }

  private emitArray(
    type: Extract<LayoutType, { kind: 'array' }>,
    offset: Offset,
    value: string,
    path: string,
    depth: number,
    lines: string[],
    indent: string,
  ): void {
    const index = `i${depth}`;
    const element = `e${depth}`;
    const position = `p${depth}`;
    if (type.length > 0) {
      lines.push(
        `${indent}if (!(${value}.length <= ${type.length})) throw lengthError(${path}, "at most ${type.length} elements", ${value});`,
      );
      this.helpers.add('lengthError');
    } else {
      // A runtime array has no length to check against; fail before the first store, not midway.
      lines.push(
        `${indent}if (${value}.length > 0) checkRange(dv, ${offsetCode(offset)}, (${value}.length - 1) * ${type.stride} + ${typeSize(type.element)}, ${path});`,
      );
      this.helpers.add('checkRange');
    }
    lines.push(`${indent}for (let ${index} = 0; ${index} < ${value}.length; ${index}++) {`);
    lines.push(`${indent}  const ${element} = ${value}[${index}];`);
    lines.push(`${indent}  if (${element} !== undefined) {`);
    lines.push(`${indent}    const ${position} = ${offsetCode(offset)} + ${index} * ${type.stride};`);
    const elementPath = `${path} + "[" + ${index} + "]"`;
    this.emitValue(type.element, { base: position, constant: 0 }, element, elementPath, depth + 1, lines, `${indent}    `);
    lines.push(`${indent}  }`);
    lines.push(`${indent}}`);
  }

  private emitLengthCheck(value: string, length: number, expected: string, path: string, lines: string[], indent: string): void {
    this.helpers.add('lengthError');
    lines.push(`${indent}if (${value}.length !== ${length}) throw lengthError(${path}, ${stringLiteral(expected)}, ${value});`);
  }

  private store(scalar: ScalarKind, offset: Offset, value: string): string {
    const { setter, size, convert } = SCALAR_STORES[scalar];
    if (scalar === 'f16') this.helpers.add('f32ToF16');
    const converted = convert ? convert(value) : value;
    return size === 1
      ? `dv.${setter}(${offsetCode(offset)}, ${converted});`
      : `dv.${setter}(${offsetCode(offset)}, ${converted}, true);`;
  }
}

/** Bytes a value of `type` occupies, for range checks (matches reflection's member sizes). */
export function typeSize(type: LayoutType): number {
  switch (type.kind) {
    case 'scalar':
      return scalarSize(type.scalar);
    case 'vector':
      return type.count * scalarSize(type.scalar);
    case 'matrix': {
      const vectors = type.majorness === 'column' ? type.columns : type.rows;
      const vectorLength = type.majorness === 'column' ? type.rows : type.columns;
      return (vectors - 1) * type.stride + vectorLength * scalarSize(type.scalar);
    }
    case 'array':
      return type.length === 0 ? 0 : (type.length - 1) * type.stride + typeSize(type.element);
    case 'struct':
      return type.size;
  }
}
