// What -O3 (the default) makes of the SPIR-V, beside -O0's straightforward output: the entry
// function's body in the wrapper (inputs loaded directly), values instead of Function variables (phis
// where paths join), no unused types/constants/names, and the stage interface less the inputs nothing reads
// (unused-inputs.test.ts). The execution
// suites run every case at both levels (test/webgpu/both-levels.ts); this reads the structure.
import { describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const CUBE = `Texture2D albedo : register(t0);
SamplerState linearSampler : register(s0);
struct PSInput { float4 position : SV_Position; float3 normal : NORMAL; float2 uv : TEXCOORD0; };
float4 main(PSInput input) : SV_Target {
  float3 n = normalize(input.normal);
  float light = saturate(dot(n, float3(0, 0, 1)));
  return albedo.Sample(linearSampler, input.uv) * light;
}`;
const PIXEL: CompileOptions = { entryPoints: [{ name: 'main', stage: 'pixel' }] };
const dis = (source: string, options: CompileOptions) => disassembleSpirv(compileValid(source, options).spirv);
const interfaceOf = (text: string) => [...text.matchAll(/OpDecorate %\w+ (Location \d+|BuiltIn \w+)/g)].map((m) => m[1]).sort();

describe('optimised SPIR-V (-O3)', () => {
  const o0 = dis(CUBE, { ...PIXEL, optimizationLevel: 0 });
  const o3 = dis(CUBE, PIXEL);

  it('is one function that loads its inputs directly, with no Function variable', () => {
    expect(o0).toMatch(/OpFunctionCall/);
    expect(o3).not.toMatch(/OpFunctionCall|OpFunctionParameter/);
    expect(o3.match(/= OpFunction /g)).toHaveLength(1);
    expect(o3).not.toMatch(/OpVariable %\w+ Function/);
    expect(o3).toMatch(/OpLoad %v3float %in_var_NORMAL/);
  });

  it('keeps the stage interface but the unread SV_Position, and the names reflection reads; drops local names and unused types', () => {
    expect(interfaceOf(o3)).toEqual(interfaceOf(o0).filter((d) => d !== 'BuiltIn FragCoord'));
    for (const name of ['albedo', 'linearSampler', 'main', 'in.var.NORMAL', 'out.var.SV_Target']) expect(o3).toContain(`"${name}"`);
    for (const name of ['src.main', 'PSInput', 'n', 'light', 'param.var.input']) expect(o3).not.toContain(`"${name}"`);
    expect(o0).toContain('"src.main"');
    expect(o3.length).toBeLessThan(o0.length);
  });

  it('holds locals stored in a branch or a loop as values, with phis where paths join', () => {
    const text = dis(`RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() {
  float picked = 1; if (o[0] > 0) picked = 2;
  float sum = 0; for (int i = 0; i < 4; i++) sum += o[i];
  float once = o[1] * 2;
  o[2] = picked + sum + once;
}`, {});
    expect(text).not.toMatch(/OpVariable %\w+ Function/);
    // picked at the selection's merge; sum and i at the loop header.
    expect(text.match(/OpPhi %float/g)).toHaveLength(2);
    expect(text.match(/OpPhi %int/g)).toHaveLength(1);
  });

  it('inlines helpers; one with early returns in a one-iteration loop whose merge takes the returned values', () => {
    const text = dis(`RWStructuredBuffer<float> o;
float twice(float v) { return v * 2; }
float clampedInverse(float v) { if (v == 0) return 0; return 1 / v; }
[numthreads(1, 1, 1)] void main() { o[0] = twice(o[1]) + twice(o[2]); o[3] = clampedInverse(o[4]); }`, {});
    expect(text).not.toMatch(/OpFunctionCall/);
    expect(text.match(/= OpFunction /g)).toHaveLength(1);
    expect(text.match(/OpFMul/g)).toHaveLength(2);
    expect(text.match(/OpLoopMerge/g)).toHaveLength(1);
    expect(text).toMatch(/OpPhi %float %float_0 %\d+ %\d+ %\d+/);
  });

  it('keeps a helper that returns from inside its own loop a call', () => {
    const text = dis(`RWStructuredBuffer<float> o;
int firstAbove(float limit) { for (int i = 0; i < 8; i++) { if (o[i] > limit) return i; } return -1; }
[numthreads(1, 1, 1)] void main() { o[0] = firstAbove(o[1]); }`, {});
    expect(text.match(/OpFunctionCall/g)).toHaveLength(1);
  });

  it('-fcgl and -O0 emit the unoptimised module', () => {
    expect(dis(CUBE, { ...PIXEL, codeGenHighLevel: true })).toBe(o0);
  });
});
