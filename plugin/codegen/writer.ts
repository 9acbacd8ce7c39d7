// Straight-line JavaScript that packs plain values into a buffer: functions per struct type, one
// store per scalar at an offset computed here, loops only over arrays. No descriptor is interpreted
// at run time, so the code is CSP-safe and at least as fast as a hand-written writer.
//
// Every struct gets two variants. The `words` variant stores 32-bit scalars straight into
// Float32Array/Uint32Array views of the whole buffer at word index `w + k` (what a careful engineer
// writes by hand); it is used when the target offset is 4-byte aligned on a little-endian platform.
// The `bytes` variant stores through a DataView with explicit little-endian stores, for any offset
// on any platform. Scalars of other sizes go through the DataView in both. A buffer block of fixed
// size gets a third, `block` variant: the words variant over views that start at the block, so
// every index is a constant (`f[35] = …`), for writers bound to one place (bind(), create()).

import type { ArrayType, LayoutType, ScalarKind, StructType } from '../../compiler/reflect/types.js';
import { readProperty, stringLiteral, structLabel } from './names.js';
import { memberKeys } from './type-info.js';

export type MatrixOrder = 'column-major' | 'row-major';

/** Which of the function variants is being emitted. */
type Variant = 'bytes' | 'words' | 'block';

/**
 * Parameters of each variant; `v` is the value. `f`/`u` are the word views, `dv` the DataView: over
 * the whole buffer, except in the block variant, where all three start at the block.
 */
const PARAMETERS: Record<Variant, string> = { bytes: 'dv, o, v', words: 'f, u, dv, w, v', block: 'f, u, dv, v' };

/** Where each variant's offsets start: a byte or word parameter, or the block's first byte (constants only). */
const BASES: Record<Variant, Offset> = {
  bytes: { base: 'o', unit: 1, constant: 0 },
  words: { base: 'w', unit: 4, constant: 0 },
  block: { base: '', unit: 4, constant: 0 },
};

/**
 * How each scalar kind is stored: DataView setter, byte size, the conversion applied first, and the
 * word view (`f`: Float32Array, `u`: Uint32Array) that can store it in the words variant. i32 goes
 * through the Uint32Array too: both stores take the value modulo 2^32, so the bits are the same.
 */
const SCALAR_STORES: Record<ScalarKind, { setter: string; size: number; convert?: (value: string) => string; wordView?: 'f' | 'u' }> = {
  bool: { setter: 'setUint32', size: 4, convert: (value) => `${value} ? 1 : 0`, wordView: 'u' },
  i8: { setter: 'setInt8', size: 1 },
  u8: { setter: 'setUint8', size: 1 },
  i16: { setter: 'setInt16', size: 2 },
  u16: { setter: 'setUint16', size: 2 },
  f16: { setter: 'setUint16', size: 2, convert: (value) => `f32ToF16(${value})` },
  i32: { setter: 'setInt32', size: 4, wordView: 'u' },
  u32: { setter: 'setUint32', size: 4, wordView: 'u' },
  f32: { setter: 'setFloat32', size: 4, wordView: 'f' },
  i64: { setter: 'setBigInt64', size: 8 },
  u64: { setter: 'setBigUint64', size: 8 },
  f64: { setter: 'setFloat64', size: 8 },
};

export function scalarSize(scalar: ScalarKind): number {
  return SCALAR_STORES[scalar].size;
}

/**
 * Where a value goes: a runtime base (`o`, `w`, `p0`) plus a byte constant folded here. `unit` is
 * what the base counts: bytes, or 4-byte words (an index into the word views).
 */
interface Offset {
  base: string;
  unit: 1 | 4;
  constant: number;
}

function byteCode({ base, unit, constant }: Offset): string {
  if (base === '') return String(constant);
  const bytes = unit === 4 ? `${base} * 4` : base;
  return constant === 0 ? bytes : `${bytes} + ${constant}`;
}

/** The word index of `offset`, if it is one (a word base and a constant that is a whole number of words). */
function wordCode({ base, unit, constant }: Offset): string | undefined {
  if (unit !== 4 || constant % 4 !== 0) return undefined;
  if (base === '') return String(constant / 4);
  return constant === 0 ? base : `${base} + ${constant / 4}`;
}

function plus(offset: Offset, bytes: number): Offset {
  return { ...offset, constant: offset.constant + bytes };
}

/** The function names of the two variants packing one type. */
export interface WriterNames {
  /** `(dv, o, v)`: DataView stores at byte offset `o` of the buffer; any offset, any platform. */
  bytes: string;
  /** `(f, u, dv, w, v)`: word-view stores at word index `w`; needs a 4-byte aligned start on a little-endian platform. */
  words: string;
}

/** The writers of a buffer block of fixed size: the two variants plus the block variant. */
export interface BlockWriterNames extends WriterNames {
  /** `(f, u, dv, v)`: views starting at the block (word views non-empty: aligned, little-endian), constant indices. */
  block: string;
}

/** Where the statements of one function go, and which variant they belong to. */
interface Emission {
  variant: Variant;
  lines: string[];
}

const isRuntimeArray = (type: LayoutType): type is ArrayType => type.kind === 'array' && type.length === 0;

/**
 * Collects the writer functions of one generated module. `structWriter` returns the names of the
 * functions packing a struct type, generating them on first use; identical struct types share them.
 */
export class WriterEmitter {
  readonly functions: string[] = [];
  /** Runtime helpers the emitted code calls. */
  readonly helpers = new Set<string>();
  private readonly structNames = new Map<string, WriterNames>();
  private readonly blockNames = new Map<string, string>();
  private valueFunctionCount = 0;

  constructor(private readonly matrixOrder: MatrixOrder) {}

  /**
   * `block`: the struct is a buffer block, whose last member may be a runtime array. Its writers do
   * not range-check that array: the layout's `write` checks it against the target before any store.
   */
  structWriter(struct: StructType, block = false): WriterNames {
    const label = structLabel(struct.name) || 'struct';
    for (const [index, member] of struct.members.entries()) {
      if (isRuntimeArray(member.type) && !(block && index === struct.members.length - 1)) {
        throw new Error(`${label}.${member.name}: a runtime array can only be the last member of a buffer block`);
      }
    }
    const key = JSON.stringify(struct);
    const existing = this.structNames.get(key);
    if (existing !== undefined) return existing;
    const id = this.structNames.size;
    const names = { bytes: `write${id}`, words: `write${id}Words` };
    this.structNames.set(key, names);
    for (const variant of ['bytes', 'words'] as const) this.emitStruct(struct, label, names[variant], variant);
    return names;
  }

  /** The writers of a buffer block without a runtime array: structWriter's two plus the block variant. */
  blockWriter(struct: StructType): BlockWriterNames {
    const names = this.structWriter(struct, true);
    const key = JSON.stringify(struct);
    let block = this.blockNames.get(key);
    if (block === undefined) {
      block = `${names.bytes}Block`;
      this.blockNames.set(key, block);
      this.emitStruct(struct, structLabel(struct.name) || 'struct', block, 'block');
    }
    return { ...names, block };
  }

  private emitStruct(struct: StructType, label: string, name: string, variant: Variant): void {
    const keys = memberKeys(struct);
    const emission: Emission = { variant, lines: [] };
    for (const [index, member] of struct.members.entries()) {
      // One const per member (not a shared variable) keeps each value's type stable for the JIT.
      const local = `m${index}`;
      const path = stringLiteral(`${label}.${keys[index]}`);
      emission.lines.push(`  const ${local} = ${readProperty('v', keys[index]!)};`);
      emission.lines.push(`  if (${local} !== undefined) {`);
      this.emitValue(member.type, plus(BASES[variant], member.offset), local, path, 0, emission, '    ');
      emission.lines.push('  }');
    }
    this.pushFunction(name, variant, emission.lines);
  }

  /** The functions packing one value of `type` (runtime-array elements), in both variants. */
  valueWriter(type: LayoutType, label: string): WriterNames {
    if (type.kind === 'struct') return this.structWriter(type);
    if (isRuntimeArray(type)) throw new Error(`${label}: runtime arrays of runtime arrays are not buffer layouts`);
    const id = this.valueFunctionCount++;
    const names = { bytes: `writeValue${id}`, words: `writeValue${id}Words` };
    for (const variant of ['bytes', 'words'] as const) {
      const emission: Emission = { variant, lines: [] };
      this.emitValue(type, BASES[variant], 'v', stringLiteral(label), 0, emission, '  ');
      this.pushFunction(names[variant], variant, emission.lines);
    }
    return names;
  }

  private pushFunction(name: string, variant: Variant, lines: string[]): void {
    this.functions.push(`function ${name}(${PARAMETERS[variant]}) {\n${lines.map((line) => `${line}\n`).join('')}}`);
  }

  private emitValue(type: LayoutType, offset: Offset, value: string, path: string, depth: number, out: Emission, indent: string): void {
    switch (type.kind) {
      case 'scalar':
        out.lines.push(`${indent}${this.store(type.scalar, offset, value, out.variant)}`);
        return;
      case 'vector':
        this.emitLengthCheck(value, type.count, `${type.count} components`, path, out, indent);
        for (let component = 0; component < type.count; component++) {
          const at = plus(offset, component * scalarSize(type.scalar));
          out.lines.push(`${indent}${this.store(type.scalar, at, `${value}[${component}]`, out.variant)}`);
        }
        return;
      case 'matrix':
        this.emitMatrix(type, offset, value, path, out, indent);
        return;
      case 'array':
        this.emitArray(type, offset, value, path, depth, out, indent);
        return;
      case 'struct': {
        const names = this.structWriter(type);
        const word = out.variant !== 'bytes' ? wordCode(offset) : undefined;
        out.lines.push(
          word !== undefined
            ? `${indent}${names.words}(f, u, dv, ${word}, ${value});`
            : `${indent}${names.bytes}(dv, ${byteCode(offset)}, ${value});`,
        );
        return;
      }
    }
  }

  private emitMatrix(
    type: Extract<LayoutType, { kind: 'matrix' }>,
    offset: Offset,
    value: string,
    path: string,
    out: Emission,
    indent: string,
  ): void {
    const { rows, columns, stride } = type;
    const size = scalarSize(type.scalar);
    this.emitLengthCheck(value, rows * columns, `${rows * columns} elements (${rows}x${columns})`, path, out, indent);
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
      out.lines.push(`${indent}${this.store(type.scalar, plus(offset, at), `${value}[${index}]`, out.variant)}`);
    }
  }

  private emitArray(type: ArrayType, offset: Offset, value: string, path: string, depth: number, out: Emission, indent: string): void {
    if (isRuntimeArray(type.element)) throw new Error(`${path}: an array of runtime arrays is not a buffer layout`);
    const index = `i${depth}`;
    const element = `e${depth}`;
    const position = `p${depth}`;
    // A runtime array (length 0) is the last member of a block; the layout's write() has checked
    // that all of it fits before calling here.
    if (type.length > 0) {
      out.lines.push(
        `${indent}if (!(${value}.length <= ${type.length})) throw lengthError(${path}, "at most ${type.length} elements", ${value});`,
      );
      this.helpers.add('lengthError');
    }
    // Elements stay word-indexed when the stride is a whole number of words.
    const word = out.variant !== 'bytes' && type.stride % 4 === 0 ? wordCode(offset) : undefined;
    const start = word !== undefined ? `${word} + ${index} * ${type.stride / 4}` : `${byteCode(offset)} + ${index} * ${type.stride}`;
    const elementOffset: Offset = { base: position, unit: word !== undefined ? 4 : 1, constant: 0 };
    out.lines.push(`${indent}for (let ${index} = 0; ${index} < ${value}.length; ${index}++) {`);
    out.lines.push(`${indent}  const ${element} = ${value}[${index}];`);
    out.lines.push(`${indent}  if (${element} !== undefined) {`);
    out.lines.push(`${indent}    const ${position} = ${start};`);
    const elementPath = `${path} + "[" + ${index} + "]"`;
    this.emitValue(type.element, elementOffset, element, elementPath, depth + 1, out, `${indent}    `);
    out.lines.push(`${indent}  }`);
    out.lines.push(`${indent}}`);
  }

  private emitLengthCheck(value: string, length: number, expected: string, path: string, out: Emission, indent: string): void {
    this.helpers.add('lengthError');
    out.lines.push(`${indent}if (${value}.length !== ${length}) throw lengthError(${path}, ${stringLiteral(expected)}, ${value});`);
  }

  private store(scalar: ScalarKind, offset: Offset, value: string, variant: Variant): string {
    const { setter, size, convert, wordView } = SCALAR_STORES[scalar];
    if (scalar === 'f16') this.helpers.add('f32ToF16');
    const converted = convert ? convert(value) : value;
    const word = variant !== 'bytes' && wordView !== undefined ? wordCode(offset) : undefined;
    if (word !== undefined) return `${wordView}[${word}] = ${converted};`;
    const at = byteCode(offset);
    return size === 1 ? `dv.${setter}(${at}, ${converted});` : `dv.${setter}(${at}, ${converted}, true);`;
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
