// SPIR-V constants of IR constants: OpConstant* deduplicated by the module builder, scalar literal
// words per width (half through float16 bits), matrices of one row or column as vectors.
import type { IrConst } from '../ir/ir.js';
import type { ScalarType } from '../types.js';
import { Op } from '../spirv-spec/spec.js';
import type { ModuleContext } from './function.js';
import { matrixShape } from './types.js';

/** The id of a constant (deduplicated by the module builder). */
export function constantId(m: ModuleContext, c: IrConst): number {
  const t = m.types;
  const typeId = t.type(c.type);
  if (c.kind === 'composite') {
    if (c.type.kind === 'matrix' && matrixShape(c.type) === 'vector' && c.type.cols === 1) {
      // Rx1 matrix constant: parts are scalars; the SPIR-V value is a vector.
    } else if (c.type.kind === 'matrix' && matrixShape(c.type) === 'vector') {
      return constantId(m, c.parts[0]!);
    } else if (c.type.kind === 'matrix' && matrixShape(c.type) === 'scalar') {
      return constantId(m, c.parts[0]!);
    }
    const parts = c.parts.map((p) => constantId(m, p));
    return m.b.intern(`cc:${typeId}:${parts.join(',')}`, Op.ConstantComposite, [typeId, ...parts], 1);
  }
  const s = (c.type.kind === 'matrix' ? c.type.element : c.type) as ScalarType;
  if (s.base === 'bool') return m.b.intern(`cb:${c.value ? 1 : 0}`, c.value ? Op.ConstantTrue : Op.ConstantFalse, [typeId], 1);
  let word = word32(s, c.value);
  if (word === undefined) {
    const words = scalarWords(s, c.value);
    if (words.length !== 1) return m.b.intern(`c:${typeId}:${words.join(',')}`, Op.Constant, [typeId, ...words], 1);
    word = words[0]!;
  }
  // One-word constants (nearly all): a numeric key, no key string once seen.
  const key = typeId * 2 ** 32 + word;
  let id = t.scalarConstants.get(key);
  if (id === undefined) {
    id = m.b.intern(`c:${typeId}:${word}`, Op.Constant, [typeId, word], 1);
    t.scalarConstants.set(key, id);
  }
  return id;
}

/** scalarWords' one word for a 32-bit float or a safe-integer 32-bit int (no array); undefined otherwise. */
function word32(s: ScalarType, v: number | bigint | boolean): number | undefined {
  if (s.width !== 32 || typeof v !== 'number') return undefined;
  if (s.base === 'float') return float32Bits(v);
  return Number.isSafeInteger(Math.trunc(v)) ? Math.trunc(v) >>> 0 : undefined;
}

export function scalarWords(s: ScalarType, v: number | bigint | boolean): number[] {
  const n = typeof v === 'boolean' ? (v ? 1 : 0) : v;
  if (s.base === 'float') {
    if (s.width === 32) return [float32Bits(Number(n))];
    if (s.width === 64) {
      const u = new Uint32Array(new Float64Array([Number(n)]).buffer);
      return [u[0]!, u[1]!];
    }
    return [float16Bits(Number(n))];
  }
  if (s.width === 64) {
    const big = BigInt.asUintN(64, BigInt(n));
    return [Number(big & 0xffffffffn), Number(big >> 32n)];
  }
  // 32-bit integers held as safe integers wrap without BigInt (most constants).
  if (s.width === 32 && typeof n === 'number' && Number.isSafeInteger(Math.trunc(n))) return [Math.trunc(n) >>> 0];
  const big = BigInt.asUintN(s.width, typeof n === 'bigint' ? n : BigInt(Math.trunc(n)));
  // 16-bit signed constants are sign-extended into the word, as the SPIR-V spec requires.
  if (s.width === 16 && s.base === 'int') return [Number(BigInt.asIntN(16, big)) >>> 0];
  return [Number(big)];
}

/**
 * The IEEE binary32 bits of x rounded to float, computed arithmetically (no typed arrays per
 * constant); NaN goes through a typed array, which keeps the sign and payload the hardware gives.
 */
export function float32Bits(x: number): number {
  const f = Math.fround(x);
  if (f !== f) return new Uint32Array(new Float32Array([x]).buffer)[0]!;
  const sign = f < 0 || (f === 0 && 1 / f < 0) ? 0x80000000 : 0;
  const a = Math.abs(f);
  if (a === 0) return sign >>> 0;
  if (a === Infinity) return (sign | 0x7f800000) >>> 0;
  // Subnormal: a is an exact multiple of 2^-149.
  if (a < 2 ** -126) return (sign | (a * 2 ** 149)) >>> 0;
  let exp = Math.floor(Math.log2(a));
  if (2 ** exp > a) exp--;
  else if (2 ** (exp + 1) <= a) exp++;
  return (sign | ((exp + 127) << 23) | ((a / 2 ** exp - 1) * 2 ** 23)) >>> 0;
}

function float16Bits(x: number): number {
  const f = new Float32Array([x]);
  const u = new Uint32Array(f.buffer)[0]!;
  const sign = (u >>> 16) & 0x8000;
  const exp = ((u >>> 23) & 0xff) - 127 + 15;
  const mant = u & 0x7fffff;
  if (((u >>> 23) & 0xff) === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  if (exp >= 0x1f) return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10) return sign;
    const m = (mant | 0x800000) >>> (1 - exp);
    return sign | ((m + 0x1000) >>> 13);
  }
  return (sign | (exp << 10) | (mant >>> 13)) + ((mant >>> 12) & 1);
}
