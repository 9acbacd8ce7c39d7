// Templated byte-address access (SM 6.2+): `buf.Load<T>(address)` and `buf.Store<T>(address, value)`
// of scalars, vectors, matrices, arrays and structs, laid out as DXC lays them out
// (lib/SPIRV/RawBufferMethods.cpp): scalars and vector/array/matrix elements one after another (a
// matrix column by column, DXC's default buffer order, or row by row with -fspv-use-legacy-buffer-matrix-order), struct members at their offsets under the
// storage-buffer layout rule of the compile, and a struct followed by padding up to its alignment
// when another value follows it in an array. 32-bit values are one word, 64-bit ones two (low word
// first), bools a word that is nonzero when true.
import type { IrExpr, IrPlace, IrStmt } from '../ir/ir.js';
import { layoutOf } from '../layout/index.js';
import { BOOL, scalar, typeToString, UINT, vector, type ScalarType, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';

/** Why `t` cannot be loaded or stored through a byte-address buffer, or undefined when it can. */
export function unsupportedRawType(t: Type, enable16: boolean): string | undefined {
  switch (t.kind) {
    case 'scalar':
      return t.width === 16 && !enable16 ? '16-bit types need -enable-16bit-types' : undefined;
    case 'vector':
    case 'matrix':
      return unsupportedRawType(t.element, enable16);
    case 'array':
      return t.length === null ? 'a runtime-sized array has no size to load' : unsupportedRawType(t.element, enable16);
    case 'struct':
      for (const f of t.fields) {
        const why = unsupportedRawType(f.type, enable16);
        if (why) return why;
      }
      return undefined;
    default:
      return `'${typeToString(t)}' has no memory representation`;
  }
}

interface Access {
  c: Checker;
  /** The word `index` of the buffer's runtime array. */
  word: (index: IrExpr) => IrPlace;
  /** The (spilled) byte address of the access. */
  address: IrExpr;
}

const uintConst = (n: number): IrExpr => ({ op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value: n } });

function byteAt(a: Access, offset: number): IrExpr {
  return offset ? { op: 'binary', type: UINT, operator: 'add', left: a.address, right: uintConst(offset) } : a.address;
}

/** Word index of byte `address + offset`: (address + offset) >> 2. */
function wordAt(a: Access, offset: number): IrPlace {
  return a.word({ op: 'binary', type: UINT, operator: 'shr', left: byteAt(a, offset), right: uintConst(2) });
}

/** Bit position of a 16-bit value at byte `address + offset` inside its word: ((address + offset) & 3) * 8. */
function halfShift(a: Access, offset: number): IrExpr {
  const within: IrExpr = { op: 'binary', type: UINT, operator: 'bitand', left: byteAt(a, offset), right: uintConst(3) };
  return { op: 'binary', type: UINT, operator: 'shl', left: within, right: uintConst(3) };
}

/** Bytes a value of `t` advances the address by (a struct: its size rounded up to its alignment). */
function rawSize(c: Checker, t: Type): number {
  switch (t.kind) {
    case 'scalar':
      return t.width / 8;
    case 'vector':
      return t.size * rawSize(c, t.element);
    case 'matrix':
      return t.rows * t.cols * rawSize(c, t.element);
    case 'array':
      return (t.length ?? 0) * rawSize(c, t.element);
    case 'struct': {
      const l = structLayout(c, t);
      return Math.ceil(l.size / l.alignment) * l.alignment;
    }
    default:
      return 0;
  }
}

function structLayout(c: Checker, t: StructType) {
  return layoutOf(t, { rule: c.options.layoutRule ?? 'relaxed', buffer: 'storage', defaultMajorness: c.defaultMajorness });
}

/** The elements of `t` in buffer order with their byte offsets from the value's start. */
function parts(c: Checker, t: Type): { type: Type; offset: number; index: number[] }[] {
  const out: { type: Type; offset: number; index: number[] }[] = [];
  if (t.kind === 'vector') {
    for (let i = 0; i < t.size; i++) out.push({ type: t.element, offset: i * rawSize(c, t.element), index: [i] });
  } else if (t.kind === 'matrix') {
    // Column major: element k is row k % rows of column k / rows; -fspv-use-legacy-buffer-matrix-order:
    // row major, row k / cols, column k % cols (DXC's earlier assumption, kept for old shaders).
    const size = rawSize(c, t.element);
    const rowMajor = c.options.useLegacyBufferMatrixOrder ?? false;
    for (let k = 0; k < t.rows * t.cols; k++) {
      const index = rowMajor ? [Math.floor(k / t.cols), k % t.cols] : [k % t.rows, Math.floor(k / t.rows)];
      out.push({ type: t.element, offset: k * size, index });
    }
  } else if (t.kind === 'array') {
    const size = rawSize(c, t.element);
    for (let i = 0; i < t.length!; i++) out.push({ type: t.element, offset: i * size, index: [i] });
  } else if (t.kind === 'struct') {
    const l = structLayout(c, t);
    t.fields.forEach((f, i) => out.push({ type: f.type, offset: l.members![i]!.offset, index: [i] }));
  }
  return out;
}

/** Loads a value of type `t` that starts `offset` bytes after the access's address. */
export function loadRaw(c: Checker, word: (index: IrExpr) => IrPlace, address: IrExpr, t: Type): IrExpr {
  return load({ c, word, address }, t, 0);
}

function load(a: Access, t: Type, offset: number): IrExpr {
  if (t.kind === 'scalar') return loadScalar(a, t, offset);
  const items = parts(a.c, t).map((p) => ({ ...p, value: load(a, p.type, offset + p.offset) }));
  if (t.kind === 'matrix') {
    const row = vector(t.element, t.cols);
    const rows: IrExpr[] = [];
    for (let r = 0; r < t.rows; r++) {
      const cells = items.filter((p) => p.index[0] === r).sort((x, y) => x.index[1]! - y.index[1]!).map((p) => p.value);
      rows.push(t.cols === 1 ? cells[0]! : { op: 'construct', type: row, parts: cells });
    }
    return { op: 'construct', type: t, parts: rows };
  }
  return { op: 'construct', type: t, parts: items.map((p) => p.value) };
}

function loadScalar(a: Access, t: ScalarType, offset: number): IrExpr {
  const first: IrExpr = { op: 'load', type: UINT, place: wordAt(a, offset) };
  if (t.width === 16) {
    // The half of the word the address points at (DXC's load16Bits).
    const shifted: IrExpr = { op: 'binary', type: UINT, operator: 'shr', left: first, right: halfShift(a, offset) };
    const low: IrExpr = { op: 'binary', type: UINT, operator: 'bitand', left: shifted, right: uintConst(0xffff) };
    const u16 = scalar('uint', 16);
    const bits: IrExpr = { op: 'convert', type: u16, arg: low };
    return t.base === 'uint' ? bits : { op: 'intrinsic', type: t, name: 'bitcast', args: [bits] };
  }
  if (t.width === 64) {
    const second: IrExpr = { op: 'load', type: UINT, place: wordAt(a, offset + 4) };
    return { op: 'intrinsic', type: t, name: 'bitcast', args: [{ op: 'construct', type: vector(UINT, 2), parts: [first, second] }] };
  }
  if (t.base === 'bool') return { op: 'binary', type: BOOL, operator: 'ne', left: first, right: uintConst(0) };
  if (t.base === 'uint') return first;
  return { op: 'intrinsic', type: t, name: 'bitcast', args: [first] };
}

/** The stores that write `value` (of type `t`, cheap to repeat: a load of a temporary) at the access's address. */
export function storeRaw(c: Checker, word: (index: IrExpr) => IrPlace, address: IrExpr, t: Type, value: IrExpr): IrStmt[] {
  const out: IrStmt[] = [];
  store({ c, word, address }, t, 0, value, out);
  return out;
}

function store(a: Access, t: Type, offset: number, value: IrExpr, out: IrStmt[]): void {
  if (t.kind === 'scalar') {
    storeScalar(a, t, offset, value, out);
    return;
  }
  for (const p of parts(a.c, t)) {
    let part: IrExpr;
    if (t.kind === 'matrix') {
      const [r, col] = p.index as [number, number];
      const row: IrExpr = { op: 'extract', type: t.cols === 1 ? t.element : vector(t.element, t.cols), arg: value, index: r };
      part = t.cols === 1 ? row : { op: 'extract', type: t.element, arg: row, index: col };
    } else part = { op: 'extract', type: p.type, arg: value, index: p.index[0]! };
    store(a, p.type, offset + p.offset, part, out);
  }
}

function storeScalar(a: Access, t: ScalarType, offset: number, value: IrExpr, out: IrStmt[]): void {
  if (t.width === 16) {
    // Read-modify-write of the word's half (DXC's store16Bits).
    const u16 = scalar('uint', 16);
    const bits: IrExpr = t.base === 'uint' ? value : { op: 'intrinsic', type: u16, name: 'bitcast', args: [value] };
    const wide: IrExpr = { op: 'convert', type: UINT, arg: bits };
    const shift = halfShift(a, offset);
    const place = wordAt(a, offset);
    const keepMask: IrExpr = { op: 'unary', type: UINT, operator: 'bitnot', arg: { op: 'binary', type: UINT, operator: 'shl', left: uintConst(0xffff), right: shift } };
    const kept: IrExpr = { op: 'binary', type: UINT, operator: 'bitand', left: { op: 'load', type: UINT, place }, right: keepMask };
    const placed: IrExpr = { op: 'binary', type: UINT, operator: 'shl', left: wide, right: shift };
    out.push({ op: 'store', place, value: { op: 'binary', type: UINT, operator: 'bitor', left: kept, right: placed } });
    return;
  }
  if (t.width === 64) {
    const words: IrExpr = { op: 'intrinsic', type: vector(UINT, 2), name: 'bitcast', args: [value] };
    for (let i = 0; i < 2; i++) out.push({ op: 'store', place: wordAt(a, offset + 4 * i), value: { op: 'extract', type: UINT, arg: words, index: i } });
    return;
  }
  let bits: IrExpr;
  if (t.base === 'bool') bits = { op: 'select', type: UINT, cond: value, then: uintConst(1), else: uintConst(0) };
  else if (t.base === 'uint') bits = value;
  else bits = { op: 'intrinsic', type: UINT, name: 'bitcast', args: [value] };
  out.push({ op: 'store', place: wordAt(a, offset), value: bits });
}
