// modf, frexp and clip on matrices, applied row by row as DXC does (GLSL's ModfStruct/FrexpStruct
// take scalars and vectors): values on lavapipe and WebGPU from inputs the driver cannot fold;
// clip's discard (pixel shaders only) checked on the SPIR-V.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { runChecks, type Check } from '../exec/kernel.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe('matrix forms of modf, frexp and clip', () => {
  it('modf and frexp split every component of a float2x3', async () => {
    const setup = `
      float2x3 m = float2x3(In[0].xyz, In[1].xyz);
      float2x3 whole;
      float2x3 fraction = modf(m, whole);
      float2x3 exponent;
      float2x3 mantissa = frexp(m, exponent);`;
    const checks: Check[] = [
      { expr: 'fraction[0][0]', kind: 'f', expect: 0.5 },
      { expr: 'whole[0][0]', kind: 'f', expect: 2 },
      { expr: 'fraction[1][2]', kind: 'f', expect: -0.25 },
      { expr: 'whole[1][2]', kind: 'f', expect: -7 },
      { expr: 'mantissa[0][1]', kind: 'f', expect: 0.75 },
      { expr: 'exponent[0][1]', kind: 'f', expect: 4 },
      { expr: 'mantissa[1][0]', kind: 'f', expect: 0.5 },
      { expr: 'exponent[1][0]', kind: 'f', expect: 1 },
    ];
    await runChecks(gpu, { setup, input: [[2.5, 12, 3, 0], [1, 5, -7.25, 0]], checks });
  });

  it('clip(float2x2) discards when any component is negative', () => {
    const source = `
      float4 main(float4 a : A) : SV_Target {
        clip(float2x2(a.xy, a.zw));
        return a;
      }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'pixel' }] }).spirv);
    expect(text.match(/OpFOrdLessThan %v2bool/g)?.length).toBe(2);
    expect(text).toMatch(/OpLogicalOr %bool/);
    expect(text).toMatch(/OpKill|OpDemoteToHelperInvocation/);
  });
});
