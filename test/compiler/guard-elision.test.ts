// The optimiser drops a guard of defined arithmetic where operand ranges make it unnecessary
// (opt/guard-elision.ts over opt/value-ranges.ts), and keeps it where an operand may need it. Each
// case is one small kernel; what the guards are made of (spirv/defined-arithmetic.ts): `/` selects a
// safe divisor (OpSelect), signed `%` works on magnitudes (OpUMod + OpSNegate, never OpSRem), shifts
// mask their amount (OpBitwiseAnd with width − 1), float → int compares against the range and NaN.
// The values are proven by execution in exec/guard-elision.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../compiler/index.js';
import { disassembleSpirv } from '../helpers/tools.js';
import { compileValid } from './helpers.js';
import { startWebGpu, type WebGpuRunner } from '../webgpu/harness.js';

const kernel = (decls: string, body: string) => `
RWStructuredBuffer<int> io : register(u0);
RWStructuredBuffer<uint> uio : register(u1);
RWStructuredBuffer<float> fio : register(u2);
${decls}
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 gt : SV_GroupThreadID) {
  ${body}
}`;

const spirv = (source: string, options: CompileOptions = {}) => disassembleSpirv(compileValid(source, options).spirv);
const count = (text: string, op: string) => text.match(new RegExp(`\\b${op}\\b`, 'g'))?.length ?? 0;
/** Signed `%` guard: magnitudes (OpUMod, OpSNegate); bare: OpSRem. */
const guardedRem = (t: string) => count(t, 'OpSRem') === 0 && count(t, 'OpUMod') > 0;
const bareRem = (t: string) => count(t, 'OpSRem') === 1 && count(t, 'OpUMod') === 0 && count(t, 'OpSelect') === 0;

describe('guards dropped where ranges prove them unnecessary', () => {
  const nonNegative: [string, string][] = [
    ['a uint below 2^31 (& mask)', 'int x = (int)(uio[0] & 0xffffu); io[1] = x % 5;'],
    ['a uint shifted right by a constant', 'int x = (int)(uio[0] >> 1); io[1] = x % 5;'],
    ['max with a constant', 'int x = max(io[0], 0); io[1] = x % 5;'],
    ['clamp with constants', 'int x = clamp(io[0], 0, 100); io[1] = x % 5;'],
    ['min of non-negatives', 'int x = min((int)(uio[0] & 255u), 7); io[1] = x % 5;'],
    ['SV_GroupIndex', 'int x = (int)gi; io[1] = x % 5;'],
    ['SV_GroupThreadID', 'int x = (int)gt.x; io[1] = x % 5;'],
    ['a for counter', 'for (int i = 0; i < 16; i++) io[i] = i % 5;'],
    ['a for counter against a uniform bound', 'for (int i = 0; i < io[0]; i++) io[i + 1] = i % 5;'],
  ];
  for (const [what, body] of nonNegative) {
    it(`signed % of ${what} by a positive constant is a bare OpSRem`, () => {
      const text = spirv(kernel('', body));
      expect(bareRem(text), text).toBe(true);
      expect(guardedRem(spirv(kernel('', body), { optimizationLevel: 0 }))).toBe(true);
    });
  }

  it('signed / by a constant other than 0 and -1 is a bare OpSDiv, whatever the dividend', () => {
    const text = spirv(kernel('', 'io[1] = io[0] / 3; io[2] = io[0] / -7;'));
    expect(count(text, 'OpSDiv')).toBe(2);
    expect(count(text, 'OpSelect')).toBe(0);
  });

  it('shifts by amounts provably below the width lose the mask', () => {
    const text = spirv(kernel('', 'uint s = uio[0]; uio[1] = uio[2] << (s & 7u); io[1] = io[2] >> (int)(s % 31u);'));
    // The one OpBitwiseAnd is the source's own `& 7`.
    expect(count(text, 'OpBitwiseAnd')).toBe(1);
  });

  it('a for counter in its loop body is at most its bound: shifting by it needs no mask', () => {
    const text = spirv(kernel('', 'uint x = uio[0], acc = 0; for (uint i = 0; i < 32; i++) acc += (x >> i) & 1u; uio[1] = acc;'));
    // The one OpBitwiseAnd is the source's own `& 1u`.
    expect(count(text, 'OpBitwiseAnd')).toBe(1);
    // Up to 32 (i <= 32) the mask stays; after the loop the counter is 32, so a shift there keeps it too.
    expect(count(spirv(kernel('', 'uint x = uio[0], acc = 0; for (uint i = 0; i <= 32; i++) acc += x >> i; uio[1] = acc;')), 'OpBitwiseAnd')).toBe(1);
    expect(count(spirv(kernel('', 'uint x = uio[0], acc = 0; uint i; for (i = 0; i < 32; i++) acc += x; uio[1] = acc + (x >> i);')), 'OpBitwiseAnd')).toBe(1);
  });

  it('float → int of a value provably in range converts bare; with NaN possible only NaN → 0 stays', () => {
    const bare = spirv(kernel('', 'uint k = uio[0] & 255u; io[1] = (int)((float)k * 0.5f); uio[1] = (uint)floor(clamp((float)io[0], 0.0f, 1000.0f));'));
    expect(count(bare, 'OpConvertFToS') + count(bare, 'OpConvertFToU')).toBe(2);
    for (const op of ['OpIsNan', 'OpFOrdGreaterThanEqual', 'OpFOrdLessThan']) expect(count(bare, op), op).toBe(0);
    const nanOnly = spirv(kernel('', 'io[1] = (int)max(min(fio[0], 100.0f), -100.0f);'));
    expect(count(nanOnly, 'OpIsNan')).toBe(1);
    for (const op of ['OpFOrdGreaterThanEqual', 'OpFOrdLessThan']) expect(count(nanOnly, op), op).toBe(0);
  });
});

describe('guards kept where an operand may need them', () => {
  it('signed % of a value that may be negative keeps the magnitudes', () => {
    expect(guardedRem(spirv(kernel('', 'io[1] = io[0] % 5;')))).toBe(true);
    // A counter that another store may make negative, and one counting down.
    expect(guardedRem(spirv(kernel('', 'for (int i = 0; i < 16; i++) { io[i] = i % 5; if (io[0] > 3) i = io[1]; }')))).toBe(true);
    expect(guardedRem(spirv(kernel('', 'for (int i = 15; i > io[0]; i--) io[i] = i % 5;')))).toBe(true);
    // SV_DispatchThreadID is not bounded: Vulkan may dispatch more than 2^31 / numthreads groups.
    expect(guardedRem(spirv(kernel('', 'int x = (int)id.x; io[1] = x % 5;')))).toBe(true);
    // A local written through an out argument, and a bounded builtin parameter the same way.
    expect(guardedRem(spirv(kernel('void set(out int v) { v = -5; }\nvoid setU(out uint v) { v = 0xfffffff0u; }', 'int x = 3; set(x); io[1] = x % 5; setU(gi); io[2] = (int)gi % 5;')))).toBe(true);
    expect(count(spirv(kernel('void setU(out uint v) { v = 0xfffffff0u; }', 'setU(gi); io[2] = (int)gi % 5;')), 'OpSRem')).toBe(0);
    // A positive dividend with a divisor that may be negative.
    expect(guardedRem(spirv(kernel('', 'int x = (int)(uio[0] & 255u); io[1] = x % io[2];')))).toBe(true);
  });

  it('/ by -1 or a divisor that may be 0 keeps the guard', () => {
    expect(count(spirv(kernel('', 'io[1] = io[0] / -1;')), 'OpSelect')).toBeGreaterThan(0);
    expect(count(spirv(kernel('', 'io[1] = io[0] / io[2];')), 'OpSelect')).toBeGreaterThan(0);
    expect(count(spirv(kernel('', 'uio[1] = uio[0] / (uio[2] & 7u);')), 'OpSelect')).toBeGreaterThan(0);
  });

  it('shift amounts that may reach the width stay masked; float → int out of range or of saturate(NaN) stays saturating', () => {
    expect(count(spirv(kernel('', 'uio[1] = uio[2] << (uio[0] & 63u);')), 'OpBitwiseAnd')).toBe(2);
    const text = spirv(kernel('', 'io[1] = (int)((float)uio[0] * 2.0f); uio[1] = (uint)(saturate(fio[0]) * 255.0f);'));
    // FClamp of a NaN is undefined in Vulkan: saturate(NaN) proves nothing.
    expect(count(text, 'OpIsNan')).toBe(2);
  });

  it('with arithmetic: dxc the instructions stay bare as before', () => {
    const text = spirv(kernel('', 'int x = (int)(uio[0] & 0xffffu); io[1] = x % 5; io[2] = io[0] % 5;'), { arithmetic: 'dxc' });
    expect(count(text, 'OpSRem')).toBe(2);
  });
});

describe('WGSL', () => {
  let webgpu: WebGpuRunner;
  beforeAll(async () => {
    webgpu = await startWebGpu();
  });
  afterAll(() => webgpu?.close());

  it('drops the shift mask and the float → int classification where proven, keeps them elsewhere (Tint-validated)', async () => {
    const source = kernel('', 'uint s = uio[0]; uio[1] = uio[2] << (s & 7u); uio[3] = uio[2] << s; io[1] = (int)((float)(s & 255u) * 0.5f); io[2] = (int)fio[0];');
    const result = compile(source, { target: 'wgsl', entryPoints: [{ name: 'main', stage: 'compute' }] });
    expect(result.success).toBe(true);
    const code = result.wgsl!.code;
    expect(code.match(/& u32\(31u\)/g)?.length).toBe(1);
    expect(code.match(/0x4f000000u/g)?.length).toBe(1);
    await webgpu.compile(code);
  });
});
