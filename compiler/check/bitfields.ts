// Struct bitfields (`uint materialIndex : 24;`), with DXC's layout and meaning: consecutive bitfields
// of the same integer type share one member of that type (named after the first of them) while
// their widths fit its bits, least significant bit first; a bitfield after an ordinary member, or of
// another type, starts a new member. Reads extract the bits (sign-extended for signed types);
// writes insert the value's low bits into the member (read-modify-write). The IR sees only the
// storage member and shifts/masks, so every back end and layout rule handles them unchanged.
import type { IrExpr } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { sameType, typeToString, type Bitfield, type ScalarType, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { Scope } from './scope.js';

/** Declares bitfield `d` of type `declared` as the next member of `struct` (merging as DXC does). */
export function addBitfield(c: Checker, struct: StructType, d: ast.Declarator, declared: Type, scope: Scope): void {
  const widthExpr = d.bitfieldWidth!;
  if (c.languageVersion < 2021) {
    c.error('bitfields are not supported in HLSL', widthExpr.loc);
    return;
  }
  if (d.arrayDims.length > 0 || declared.kind !== 'scalar' || declared.base === 'bool' || declared.base === 'float') {
    const shown = d.arrayDims.length > 0 ? `${typeToString(declared)}[]` : typeToString(declared);
    c.error(`bit-field '${d.name}' has non-integral type '${shown}'`, d.loc, d.name.length);
    return;
  }
  const width = c.constantInt(widthExpr, scope);
  if (width === undefined) return;
  if (width < 0) {
    c.error(`bit-field '${d.name}' has negative width (${width})`, widthExpr.loc);
    return;
  }
  if (width === 0) {
    c.error(`named bit-field '${d.name}' has zero width`, widthExpr.loc);
    return;
  }
  if (width > declared.width) {
    c.error(`size of bit-field '${d.name}' (${width} bits) exceeds size of its type (${declared.width} bits)`, widthExpr.loc);
    return;
  }
  if (d.semantic || d.init) c.error(`bit-field '${d.name}' cannot have a ${d.semantic ? 'semantic' : 'default value'}`, (d.semantic ?? d.init)!.loc);
  const last = struct.fields[struct.fields.length - 1];
  const used = last?.bitfields ? last.bitfields.reduce((n, b) => Math.max(n, b.offset + b.width), 0) : 0;
  if (last?.bitfields && sameType(last.type, declared) && used + width <= declared.width) {
    last.bitfields.push({ name: d.name, offset: used, width });
    return;
  }
  struct.fields.push({ name: d.name, type: declared, bitfields: [{ name: d.name, offset: 0, width }] });
}

const constant = (t: ScalarType, value: bigint): IrExpr => {
  const v = t.width === 64 ? BigInt.asUintN(64, value) : Number(BigInt.asUintN(t.width, value));
  // Constants of a signed type hold their signed value.
  const signed = t.base === 'int' ? (t.width === 64 ? BigInt.asIntN(64, value) : Number(BigInt.asIntN(t.width, value))) : v;
  return { op: 'const', type: t, value: { kind: 'scalar', type: t, value: signed } };
};

const shift = (t: ScalarType, operator: 'shl' | 'shr', arg: IrExpr, by: number): IrExpr =>
  by === 0 ? arg : { op: 'binary', type: t, operator, left: arg, right: constant(t, BigInt(by)) };

const mask = (width: number): bigint => (1n << BigInt(width)) - 1n;

/**
 * The value of bitfield `b` in `storage` (of the bitfield's type): zero-extended for unsigned types,
 * sign-extended for signed ones (shift left to the top, arithmetic shift right).
 */
export function readBitfield(storage: IrExpr, t: ScalarType, b: Bitfield): IrExpr {
  if (b.width === t.width) return storage;
  if (t.base === 'int') return shift(t, 'shr', shift(t, 'shl', storage, t.width - b.offset - b.width), t.width - b.width);
  return { op: 'binary', type: t, operator: 'bitand', left: shift(t, 'shr', storage, b.offset), right: constant(t, mask(b.width)) };
}

/** `storage` with bitfield `b` replaced by the low bits of `value` (both of the bitfield's type). */
export function insertBitfield(storage: IrExpr, value: IrExpr, t: ScalarType, b: Bitfield): IrExpr {
  if (b.width === t.width) return value;
  const bits = mask(b.width) << BigInt(b.offset);
  const kept: IrExpr = { op: 'binary', type: t, operator: 'bitand', left: storage, right: constant(t, ~bits) };
  const placed: IrExpr = { op: 'binary', type: t, operator: 'bitand', left: shift(t, 'shl', value, b.offset), right: constant(t, bits) };
  return { op: 'binary', type: t, operator: 'bitor', left: kept, right: placed };
}
