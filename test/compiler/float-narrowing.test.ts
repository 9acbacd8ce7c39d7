// float → half, double → float and f32tof16 as D3D rounds (spirv/float-narrowing.ts): the explicit
// truncation by default, DXC's bare OpFConvert / PackHalf2x16 with `arithmetic: 'dxc'`. The values
// are proven by execution in exec/float-narrowing.test.ts; this checks which instructions appear.
import { describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../compiler/index.js';
import { disassembleSpirv } from '../helpers/tools.js';
import { compileValid } from './helpers.js';

const NARROW = `
RWStructuredBuffer<float4> fs;
RWStructuredBuffer<double> ds;
RWStructuredBuffer<uint> us;
[numthreads(1, 1, 1)] void main() {
  half4 h = fs[0];
  float f = (float)ds[0];
  fs[1] = float4(h) + f;
  us[0] = f32tof16(fs[2].x);
}`;

const dis = (options: CompileOptions) => disassembleSpirv(compileValid(NARROW, { enable16BitTypes: true, ...options }).spirv);
const count = (text: string, op: string) => text.match(new RegExp(`\\b${op}\\b`, 'g'))?.length ?? 0;

describe('float narrowing', () => {
  it('truncates before OpFConvert, clamps finite overflow, passes NaN/INF, and computes f32tof16 on bits', () => {
    const text = dis({});
    // Two narrowings (float4 → half4, double → float) and the widening float4(h), one vector conversion.
    expect(count(text, 'OpFConvert')).toBe(3);
    expect(count(text, 'FClamp')).toBe(2);
    expect(count(text, 'Trunc')).toBe(2);
    expect(count(text, 'OpIsNan')).toBe(2);
    expect(count(text, 'OpIsInf')).toBe(2);
    expect(text).not.toMatch(/PackHalf2x16/);
    expect(text).toMatch(/OpBitcast %v2uint/);
  });

  it('with arithmetic: dxc gives DXC\'s bare OpFConvert and PackHalf2x16', () => {
    const text = dis({ arithmetic: 'dxc' });
    expect(count(text, 'OpFConvert')).toBe(3);
    for (const op of ['FClamp', 'Trunc', 'OpIsNan', 'OpIsInf']) expect(count(text, op), op).toBe(0);
    expect(text).toMatch(/PackHalf2x16/);
  });
});
