// .mips[level][position], .sample[s][position], GetSamplePosition and counters of arrays of
// RW/Append/Consume structured buffers: the SPIR-V they produce (spirv-val'd) and their errors. The
// harness has no multisampled images, mip chains or descriptor arrays, so these are not executed.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const errors = (source: string) => compile(source).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);

describe('.mips[level][position] and .sample[s][position] (manual: OpImageFetch with Lod / Sample)', () => {
  const text = disassembleSpirv(
    compileValid(`Texture2D<float4> t; Texture3D<uint2> t3; Texture2DMS<float4> ms; Texture2DMSArray<float> msa;
RWStructuredBuffer<float4> o;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  o[0] = t.mips[2][int2(3, 4)];
  o[1] = float4(t3.mips[id.x][id], 0, 0);
  o[2] = ms.sample[5][int2(6, 7)];
  o[3] = msa.sample[id.y][int3(1, 2, 3)].xxxx;
  o[4] = ms[uint2(8, 9)];
}`).spirv,
  );

  it('mips: the position is the coordinate, the level the Lod operand', () => {
    expect(text).toMatch(/OpImageFetch %v4float %\w+ %\w+ Lod %uint_2\n/);
    // A constant position is a constant composite once folded (-O3), constructed at -O0.
    expect(text).toMatch(/%(\w+) = Op(?:CompositeConstruct|ConstantComposite) %v2int %int_3 %int_4[\s\S]*OpImageFetch %v4float %\w+ %\1 Lod %uint_2/);
    expect(text).toMatch(/OpImageFetch %v4uint %\w+ %\w+ Lod %\w+\n/);
  });

  it('sample: the sample index is the Sample operand; Texture2DMS[pos] reads sample 0 (DXC: op.texture.access.hlsl)', () => {
    expect(text).toMatch(/OpImageFetch %v4float %\w+ %\w+ Sample %int_5\n/);
    expect(text).toMatch(/OpImageFetch %v4float %\w+ %\w+ Sample %int_0\n/);
    expect(text).toMatch(/OpImageFetch %v4float %\w+ %\w+ Sample %\w+\n[\s\S]*/);
  });

  it('are available only where the manual lists them', () => {
    const use = (decl: string, expr: string) => errors(`${decl}\nRWStructuredBuffer<float4> o;\n[numthreads(1,1,1)] void main() { o[0] = ${expr}; }`);
    expect(use('TextureCube<float4> c;', 'c.mips[0][int3(0,0,0)]')).toEqual([`no member named 'mips' in 'TextureCube<float4>'`]);
    expect(use('Texture2DMS<float4> m;', 'm.mips[0][int2(0,0)]')).toEqual([`no member named 'mips' in 'Texture2DMS<float4>'`]);
    expect(use('Texture2D<float4> t;', 't.sample[0][int2(0,0)]')).toEqual([`no member named 'sample' in 'Texture2D<float4>'`]);
    expect(use('RWTexture2D<float4> r;', 'r.mips[0][int2(0,0)]')).toEqual([`no member named 'mips' in 'RWTexture2D<float4>'`]);
    // Only indexing continues the accessor: `t.mips[0]` alone has no value.
    expect(use('Texture2D<float4> t;', 't.mips[0]')).toEqual([`cannot implicitly convert from 'void' to 'float4' in assignment`]);
  });
});

describe('GetSamplePosition (manual: the standard pattern for 2, 4, 8, 16 samples, else (0, 0))', () => {
  // The manual's tables, in 1/16 pixel.
  const MANUAL: Record<number, number[][]> = {
    2: [[4, 4], [-4, -4]],
    4: [[-2, -6], [6, -2], [-6, 2], [2, 6]],
    8: [[1, -3], [-1, 3], [5, 1], [-3, -5], [-5, 5], [-7, -1], [3, 7], [7, -7]],
    16: [[1, 1], [-1, -3], [-3, 2], [4, -1], [-5, -2], [2, 5], [5, 3], [3, -5], [-2, 6], [0, -7], [-4, -6], [-6, 4], [-8, 0], [7, -4], [6, 7], [-7, -8]],
  };

  const text = disassembleSpirv(
    compileValid(`Texture2DMS<float4> ms; Texture2DMSArray<float4> msa; RWStructuredBuffer<float2> o;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) { o[0] = ms.GetSamplePosition(id.x); o[1] = msa.GetSamplePosition(2); }`).spirv,
  );

  it('reads the sample count with OpImageQuerySamples', () => {
    expect(text.match(/OpImageQuerySamples %uint/g)).toHaveLength(2);
  });

  it('holds the four tables as constant arrays', () => {
    const scalars = new Map<string, number>();
    for (const m of text.matchAll(/%(\w+) = OpConstant %float (\S+)/g)) scalars.set(m[1]!, Number(m[2]));
    const pairs = new Map<string, number[]>();
    for (const m of text.matchAll(/%(\w+) = OpConstantComposite %v2float %(\w+) %(\w+)/g)) pairs.set(m[1]!, [scalars.get(m[2]!)! * 16, scalars.get(m[3]!)! * 16]);
    const tables: Record<number, number[][]> = {};
    for (const m of text.matchAll(/= OpConstantComposite %_arr_v2float_uint_(\d+) ((?:%\w+ ?)+)/g)) {
      tables[Number(m[1])] = m[2]!.trim().split(' ').map((id) => pairs.get(id.slice(1))!);
    }
    expect(tables).toEqual(MANUAL);
  });

  it('is not available on single-sampled textures', () => {
    expect(errors(`Texture2D<float4> t; RWStructuredBuffer<float2> o;\n[numthreads(1,1,1)] void main() { o[0] = t.GetSamplePosition(0); }`)).toEqual([
      `'GetSamplePosition' is not available on 'Texture2D<float4>'`,
    ]);
  });
});

describe('counters of arrays of RW/Append/Consume structured buffers', () => {
  const source = `RWStructuredBuffer<uint> bufs[3];
AppendStructuredBuffer<float> apps[2] : register(u5);
RWStructuredBuffer<uint> o;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  o[0] = bufs[id.x].IncrementCounter() + bufs[2].DecrementCounter();
  apps[id.y].Append(1.5);
  bufs[1][4] = 7;
}`;
  const r = compileValid(source);
  const text = disassembleSpirv(r.spirv);

  it('are one array of counter blocks per buffer array, with one binding', () => {
    expect(text).toMatch(/%counter_var_bufs = OpVariable %_ptr_Uniform__arr_type_ACSBuffer_counter_uint_3 Uniform/);
    expect(text).toMatch(/%counter_var_apps = OpVariable %_ptr_Uniform__arr_type_ACSBuffer_counter_uint_2 Uniform/);
    const got = Object.fromEntries(r.reflection!.bindings.map((b) => [b.name, [b.set, b.binding, b.count]]));
    // apps: register(u5); the others take the next free bindings in declaration order. As in DXC, the
    // Append buffer's counter exists from its declaration, a RWStructuredBuffer's from its first use
    // (after all declarations); o's counter is never used, so it does not exist.
    expect(got).toEqual({ bufs: [0, 0, 3], 'counter.var.apps': [0, 1, 2], apps: [0, 5, 2], o: [0, 2, 1], 'counter.var.bufs': [0, 3, 3] });
  });

  it('bufs[i] uses counter i', () => {
    // The chain step by step, as unoptimised (-O3 makes one chain from the variable).
    const text = disassembleSpirv(compileValid(source, { optimizationLevel: 0 }).spirv);
    expect(text).toMatch(/%(\w+) = OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter %counter_var_bufs %\w+\n\s+%(\w+) = OpAccessChain %_ptr_Uniform_int %\1 %(int|uint)_0\n\s+%\w+ = OpAtomicIAdd %int %\2/);
    expect(text).toMatch(/OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter %counter_var_bufs %int_2\n[\s\S]*?OpAtomicISub/);
    expect(text).toMatch(/OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter %counter_var_apps %\w+\n[\s\S]*?OpAtomicIAdd/);
  });
});
