// f32 → f16 and f32tof16 as Direct3D converts (the SPIR-V back end's spirv/float-narrowing.ts has
// the rule): round toward zero, NaN stays NaN, ±INF stays ±INF, finite overflow → ±65504, half
// subnormals kept. WGSL leaves the rounding of f16(x) and pack2x16float to the implementation (and
// may assume no NaN or INF), so the half's bits are computed from the float's bits with integer
// operations, the same algorithm on both targets.
import { UINT } from '../types.js';
import { vectorName } from './types.js';

interface Sink {
  let(expr: string): string;
}

/** The half bits (u32, or vecN<u32> for `n` > 1) of the f32 expression `x`. */
export function f32ToF16Bits(w: Sink, x: string, n: number): string {
  const u = vectorName(UINT, n);
  const c = (v: number) => `${u}(${v}u)`;
  const bits = w.let(`bitcast<${u}>(${x})`);
  const m = w.let(`${bits} & ${c(0x7fffffff)}`);
  // Normal half: exponent rebiased by 127 − 15, 13 mantissa bits dropped.
  const normal = `(${m} - ${c(0x38000000)}) >> ${c(13)}`;
  // Subnormal half: the significand (hidden bit set) in units of 2^-24; a shift of 31 gives 0.
  const subnormal = `((${m} & ${c(0x7fffff)}) | ${c(0x800000)}) >> min(${c(126)} - (${m} >> ${c(23)}), ${c(31)})`;
  let r = w.let(`select(${subnormal}, ${normal}, ${m} >= ${c(0x38800000)})`);
  r = w.let(`select(${r}, ${c(0x7bff)}, ${m} >= ${c(0x47800000)})`);
  r = w.let(`select(${r}, ${c(0x7c00)}, ${m} >= ${c(0x7f800000)})`);
  r = w.let(`select(${r}, ((${m} >> ${c(13)}) & ${c(0x3ff)}) | ${c(0x7e00)}, ${m} > ${c(0x7f800000)})`);
  return w.let(`((${bits} >> ${c(16)}) & ${c(0x8000)}) | ${r}`);
}

/** f16(x) of an f32 expression, as D3D rounds: through the bits above. */
export function f32ToF16(w: Sink, x: string, n: number): string {
  const bits = f32ToF16Bits(w, x, n);
  if (n === 1) return `bitcast<vec2<f16>>(${bits}).x`;
  const parts = Array.from({ length: n }, (_, i) => `bitcast<vec2<f16>>(${bits}[${i}]).x`);
  return `vec${n}<f16>(${parts.join(', ')})`;
}
