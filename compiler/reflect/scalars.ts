// Scalar types: their names in the Reflection contract, their sizes, and decoding literal words.
import type { Instruction } from './binary.js';
import type { TypeDef } from './type-table.js';
import type { ScalarKind } from './types.js';

const intKinds: ReadonlyMap<number, readonly [signed: ScalarKind, unsigned: ScalarKind]> = new Map([
  [8, ['i8', 'u8'] as const],
  [16, ['i16', 'u16'] as const],
  [32, ['i32', 'u32'] as const],
  [64, ['i64', 'u64'] as const],
]);

const floatKinds: ReadonlyMap<number, ScalarKind> = new Map<number, ScalarKind>([
  [16, 'f16'],
  [32, 'f32'],
  [64, 'f64'],
]);

/** The ScalarKind of a scalar type, or undefined when `def` is not a scalar type we can describe. */
export function scalarKindOf(def: TypeDef): ScalarKind | undefined {
  if (def.op === 'bool') return 'bool';
  if (def.op === 'int') return intKinds.get(def.width)?.[def.signed ? 0 : 1];
  if (def.op === 'float') return floatKinds.get(def.width);
  return undefined;
}

/** Bytes a scalar occupies in a buffer. Booleans have no defined buffer size; 4 is what compilers use. */
export function scalarSize(kind: ScalarKind): number {
  if (kind === 'bool') return 4;
  return Number.parseInt(kind.slice(1), 10) / 8;
}

/**
 * Decodes the literal words of a numeric constant: sub-32-bit values sit in the low bits (sign-extended
 * for signed types), 64-bit values are two words, low word first.
 */
export function decodeScalar(kind: ScalarKind, words: number[], inst: Instruction): number | bigint {
  const needed = kind.endsWith('64') ? 2 : 1;
  if (words.length < needed) inst.fail(`a ${kind} constant needs ${needed} literal word(s), has ${words.length}`);
  const low = words[0]! >>> 0;
  switch (kind) {
    case 'i8':
      return (low << 24) >> 24;
    case 'u8':
      return low & 0xff;
    case 'i16':
      return (low << 16) >> 16;
    case 'u16':
      return low & 0xffff;
    case 'i32':
      return low | 0;
    case 'u32':
      return low;
    case 'i64':
      return BigInt.asIntN(64, (BigInt(words[1]! >>> 0) << 32n) | BigInt(low));
    case 'u64':
      return (BigInt(words[1]! >>> 0) << 32n) | BigInt(low);
    case 'f16':
      return halfToNumber(low & 0xffff);
    case 'f32':
      return new Float32Array(new Uint32Array([low]).buffer)[0]!;
    case 'f64':
      return new Float64Array(new Uint32Array([low, words[1]! >>> 0]).buffer)[0]!;
    case 'bool':
      return inst.fail('a boolean has no literal value');
  }
}

function halfToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction === 0 ? sign * Infinity : Number.NaN;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}
