// Declaration forms engine code uses (issue 20): qualifiers in any order, typedef'd (anonymous) structs,
// a struct defined together with its variable, several declarators, and DXC's legacy effect syntax
// (sampler state blocks, sampler_state, annotations, techniques) accepted and ignored with DXC's warnings.
// Values are checked on lavapipe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from '../exec/kernel.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

function diagnostics(source: string): string[] {
  return compile(source).diagnostics.map((d) => `${d.severity} ${d.line}:${d.column} ${d.message}`);
}

describe('declarations as engines write them', () => {
  it('qualifiers before and after the type, several declarators, typedef struct, struct with its variable', async () => {
    const prelude = `
      static float const Scale = 2, Bias = 0.5;
      uint static const Count = 3;
      const static int Neg = -4;
      inline float twice(float const v) { return v * Scale; }
      // No 'export' here: it asks for linkage, which Vulkan refuses (test/compiler/spirv/library-exports.test.ts).
      static float plusBias(float v) { return v + Bias; }
      precise float exact(float a, float b) { return a * b + a; }
      typedef struct { float a; int b; } Anon;
      typedef struct Tagged { float c; } Named, NamedArr[2];
      static struct Pair { float x; float y; } pairG;`;
    const setup = `
      float const x = In[0].x;
      const static float y = 7;
      precise float z = x * y;
      Anon an; an.a = x; an.b = Neg;
      Named nm; nm.c = 3;
      Tagged tg = nm;
      NamedArr arr; arr[1].c = 11;
      struct Local { float q; } local;
      local.q = 5;
      float p = 1, r = 2, s[2] = { 3, 4 };
      pairG.x = 6; pairG.y = 8;`;
    const checks: Check[] = [
      { expr: 'twice(x)', kind: 'f', expect: 3 },
      { expr: 'plusBias(x)', kind: 'f', expect: 2 },
      { expr: 'exact(x, 2)', kind: 'f', expect: 4.5 },
      { expr: 'Count', kind: 'u', expect: 3 },
      { expr: 'z', kind: 'f', expect: 10.5 },
      { expr: 'an.a + an.b', kind: 'f', expect: -2.5 },
      { expr: 'tg.c + arr[1].c', kind: 'f', expect: 14 },
      { expr: 'local.q + p + r + s[1]', kind: 'f', expect: 12 },
      { expr: 'pairG.x + pairG.y', kind: 'f', expect: 14 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1.5, 0, 0, 0]], checks });
  });

  it('sampler state blocks, sampler_state, annotations and techniques: ignored with DXC warnings', () => {
    const source = [
      'Texture2D tex < string UIName = "Albedo"; >;',
      'SamplerState linearClamp { Filter = MIN_MAG_MIP_LINEAR; AddressU = Clamp; AddressV = Clamp; };',
      'SamplerState legacy = sampler_state { Texture = <tex>; Filter = LINEAR; };',
      'RWTexture2D<float4> Out;',
      '[numthreads(1,1,1)] void main() { Out[uint2(0, 0)] = tex.SampleLevel(linearClamp, 0.5, 0) + tex.SampleLevel(legacy, 0.5, 0); }',
      'technique11 Main { pass P0 { SetComputeShader(CompileShader(cs_5_0, main())); } }',
    ].join('\n');
    expect(diagnostics(source)).toEqual([
      'warning 1:15 possible effect annotation ignored - effect syntax is deprecated',
      'warning 2:26 effect state block ignored - effect syntax is deprecated. To use braces as an initializer use them with equal signs.',
      'warning 3:23 effect sampler_state assignment ignored - effect syntax is deprecated',
      'warning 6:1 effect technique ignored - effect syntax is deprecated',
    ]);
    const { spirv } = compileValid(source);
    expect(spirv.length).toBeGreaterThan(0);
  });
});
