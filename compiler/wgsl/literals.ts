// WGSL literals for IR constants: typed (`1i`, `2u`, `0.5f`, `1h`), so nothing is an abstract numeric.
import type { IrConst } from '../ir/ir.js';
import { elementScalar, type ScalarType, type Type } from '../types.js';
import { unsupported } from './errors.js';
import { matrixShape } from './types.js';

export function scalarLiteral(s: ScalarType, value: number | bigint | boolean): string {
  if (s.base === 'bool') return value ? 'true' : 'false';
  const n = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  if (s.width === 64) throw unsupported('a 64-bit constant', undefined, 'WGSL has no 64-bit types');
  if (s.base === 'float') {
    const x = s.width === 16 ? Number(n) : Math.fround(Number(n));
    if (!Number.isFinite(x)) throw unsupported(`the non-finite constant ${x}`, undefined, 'WGSL constant expressions must be finite');
    // Negative zero through its bits: `-0.0f` is a negation that constant folding may turn into +0.
    if (Object.is(x, -0)) return s.width === 16 ? 'bitcast<vec2<f16>>(0x80008000u).x' : 'bitcast<f32>(0x80000000u)';
    return `${String(x)}${s.width === 16 ? 'h' : 'f'}`;
  }
  if (s.width === 16) throw unsupported('a 16-bit integer constant', undefined, 'WGSL has no 16-bit integers');
  const big = BigInt.asUintN(32, typeof n === 'bigint' ? n : BigInt(Math.trunc(n)));
  if (s.base === 'uint') return `${big}u`;
  const signed = BigInt.asIntN(32, big);
  return signed === -2147483648n ? 'i32(-2147483648)' : `${signed}i`;
}

/** A WGSL expression for a constant of the given WGSL type name (from the caller's type table). */
export function constLiteral(c: IrConst, typeName: (t: Type) => string): string {
  if (c.kind === 'scalar') {
    const s = elementScalar(c.type);
    if (!s) throw new Error(`internal: scalar constant of ${c.type.kind}`);
    return scalarLiteral(s, c.value);
  }
  const t = c.type;
  if (t.kind === 'matrix') {
    const shape = matrixShape(t);
    if (shape === 'scalar') return constLiteral(c.parts[0]!, typeName);
    // 1xC: the one row is the vector.
    if (shape === 'vector' && t.rows === 1) return constLiteral(c.parts[0]!, typeName);
  }
  return `${typeName(t)}(${c.parts.map((p) => constLiteral(p, typeName)).join(', ')})`;
}
