// Descriptor arrays and bindless access as DXC compiles them (its CodeGenSPIRV tests decide where the
// manual is silent): NonUniformResourceIndex and the NonUniform decorations it spreads, the
// descriptor-indexing capabilities and extension, arrays of buffers, SM 6.6 descriptor heaps and
// their bindings, -fspv-flatten-resource-arrays, reflection counts, the typed module's layouts and
// the WGSL target's refusal. Every module passes spirv-val under its target env (compileValid).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { generateModule } from '../../../plugin/codegen/index.js';
import { loadGenerated } from '../../plugin/codegen/load-generated.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid, fixtureEntries } from '../helpers.js';

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/bindless/${name}`, import.meta.url), 'utf8');

function disassemble(source: string, options: CompileOptions = {}, envs?: string[]): string {
  // Unoptimised: DXC's tests read the NonUniform spread before its optimizer.
  return disassembleSpirv(compileValid(source, { optimizationLevel: 0, ...options }, envs).spirv, ['--raw-id', '--no-header']);
}

/** The opcodes of the instructions decorated NonUniform, in program order. */
function nonUniformOps(dis: string): string[] {
  const ids = new Set([...dis.matchAll(/OpDecorate (%\d+) NonUniform\b/g)].map((m) => m[1]!));
  return [...dis.matchAll(/^\s*(%\d+) = (Op\w+)/gm)].filter((m) => ids.has(m[1]!)).map((m) => m[2]!);
}

const capabilities = (dis: string) => [...dis.matchAll(/OpCapability (\w+)/g)].map((m) => m[1]!);
const extensions = (dis: string) => [...dis.matchAll(/OpExtension "(\w+)"/g)].map((m) => m[1]!);

/** spirv-dis's id (`ResourceDescriptorHeap_0`, `MyTextures_0_` for "MyTextures[0]") → [set, binding]. */
function bindings(source: string, options: CompileOptions): Record<string, [number, number]> {
  const dis = disassembleSpirv(compileValid(source, options, ['vulkan1.1']).spirv, ['--no-header']);
  const out: Record<string, [number, number]> = {};
  for (const m of dis.matchAll(/OpDecorate %(\S+) DescriptorSet (\d+)/g)) {
    const binding = new RegExp(`OpDecorate %${m[1]!.replace(/[$]/g, '\\$&')} Binding (\\d+)`).exec(dis)!;
    out[m[1]!] = [Number(m[2]), Number(binding[1])];
  }
  return out;
}

function errors(source: string, options: CompileOptions = {}): string[] {
  const r = compile(source, options);
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source));
}

const SM66: CompileOptions = { shaderModel: { major: 6, minor: 6 } };

describe('fixtures/bindless', () => {
  // heap.hlsl needs SM 6.6; the others compile for the default 6.0 too.
  it.each(['material.hlsl', 'gather.hlsl', 'heap.hlsl'])('%s: every entry point is valid SPIR-V for vulkan1.1 and vulkan1.2', (file) => {
    const source = fixture(file);
    for (const entry of fixtureEntries(source)) {
      const result = compileValid(source, { filename: `/fixtures/bindless/${file}`, entryPoints: [entry], shaderModel: { major: 6, minor: 6 } });
      expect(result.entryPoints).toEqual([expect.objectContaining({ name: entry.name, stage: entry.stage })]);
    }
  });

  it('heap.hlsl: the heap index chosen per item stays NonUniform through the resource variable', () => {
    const source = fixture('heap.hlsl');
    const dis = disassembleSpirv(compileValid(source, { entryPoints: fixtureEntries(source), shaderModel: { major: 6, minor: 6 } }).spirv, ['--no-header']);
    const decorated = new Set([...dis.matchAll(/OpDecorate (%\S+) NonUniform\b/g)].map((m) => m[1]!));
    const textureChains = [...dis.matchAll(/^\s*(%\S+) = OpAccessChain %_ptr_UniformConstant_\S+ %ResourceDescriptorHeap\S* /gm)];
    expect(textureChains.length).toBe(1);
    expect(decorated.has(textureChains[0]![1]!)).toBe(true);
  });
});

describe('NonUniformResourceIndex', () => {
  it('decorates the copy, access chains, loads and sampled images; never the image instruction itself (as DXC)', () => {
    const dis = disassemble(`
      Texture2D t[8];
      SamplerState s[];
      float4 main(uint i : A, float2 uv : B) : SV_Target {
        return t[NonUniformResourceIndex(i)].Sample(s[NonUniformResourceIndex(i + 1)], uv);
      }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    expect(nonUniformOps(dis)).toEqual(['OpCopyObject', 'OpAccessChain', 'OpLoad', 'OpCopyObject', 'OpAccessChain', 'OpLoad', 'OpSampledImage']);
    expect(dis).toMatch(/= OpImageSampleImplicitLod/);
  });

  it('spreads through arithmetic on the index (OpUMod, OpIMul), texel pointers and atomics', () => {
    const dis = disassemble(`
      RWBuffer<uint> b[4];
      RWTexture2D<float4> img[4];
      float4 main(uint i : A) : SV_Target {
        uint old;
        InterlockedAdd(b[NonUniformResourceIndex(i) * i][10], 1, old);
        img[NonUniformResourceIndex(i) % 3][uint2(0, 0)] = 4;
        return old;
      }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    expect(nonUniformOps(dis)).toEqual([
      'OpCopyObject', 'OpIMul', 'OpAccessChain', 'OpImageTexelPointer', 'OpAtomicIAdd',
      'OpCopyObject', 'OpUMod', 'OpAccessChain', 'OpLoad',
    ]);
  });

  // DXC's CapabilityVisitor: the capability follows the type loaded through the non-uniform chain.
  it.each([
    ['Texture2D r[4]', 'r[NonUniformResourceIndex(i)].Load(int3(0, 0, 0))', 'SampledImageArrayNonUniformIndexing'],
    ['RWTexture2D<float4> r[4]', 'r[NonUniformResourceIndex(i)][uint2(0, 0)]', 'StorageImageArrayNonUniformIndexing'],
    ['Buffer<float4> r[4]', 'r[NonUniformResourceIndex(i)][0]', 'UniformTexelBufferArrayNonUniformIndexing'],
    ['RWBuffer<float4> r[4]', 'r[NonUniformResourceIndex(i)][0]', 'StorageTexelBufferArrayNonUniformIndexing'],
    ['[[vk::input_attachment_index(0)]] SubpassInput r[4]', 'r[NonUniformResourceIndex(i)].SubpassLoad()', 'InputAttachmentArrayNonUniformIndexing'],
    ['StructuredBuffer<float4> r[4]', 'r[NonUniformResourceIndex(i)][0]', undefined],
    ['struct C { float4 v; }; ConstantBuffer<C> r[4]', 'r[NonUniformResourceIndex(i)].v', undefined],
  ])('%s: ShaderNonUniform and %s', (decl, use, capability) => {
    const dis = disassemble(`${decl}; float4 main(uint i : A) : SV_Target { return ${use}; }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    const caps = capabilities(dis);
    expect(caps).toContain('ShaderNonUniform');
    const indexing = caps.filter((c) => c.endsWith('ArrayNonUniformIndexing'));
    expect(indexing).toEqual(capability ? [capability] : []);
  });

  it('declares SPV_EXT_descriptor_indexing only before SPIR-V 1.5 (vulkan1.2 has it in core)', () => {
    const source = `Texture2D t[]; float4 main(uint i : A) : SV_Target { return t[NonUniformResourceIndex(i)].Load(int3(0, 0, 0)); }`;
    const options: CompileOptions = { entryPoints: [{ name: 'main', stage: 'pixel' }] };
    expect(extensions(disassemble(source, { ...options, targetEnv: 'vulkan1.1' }, ['vulkan1.1']))).toEqual(['SPV_EXT_descriptor_indexing']);
    const v12 = disassemble(source, { ...options, targetEnv: 'vulkan1.2' }, ['vulkan1.2']);
    expect(extensions(v12)).toEqual([]);
    expect(capabilities(v12)).toEqual(expect.arrayContaining(['RuntimeDescriptorArray', 'ShaderNonUniform', 'SampledImageArrayNonUniformIndexing']));
  });

  it('a dynamically uniform index adds no NonUniform and no descriptor-indexing capability beyond the runtime array', () => {
    const dis = disassemble(`Texture2D t[]; cbuffer P { uint k; }; float4 main() : SV_Target { return t[k].Load(int3(0, 0, 0)); }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    expect(nonUniformOps(dis)).toEqual([]);
    expect(capabilities(dis).filter((c) => c !== 'Shader')).toEqual(['RuntimeDescriptorArray']);
  });

  it('survives a resource variable and a call: the copied index is marked again', () => {
    const dis = disassemble(`
      Texture2D t[];
      float4 read(Texture2D x) { return x.Load(int3(0, 0, 0)); }
      float4 main(uint i : A) : SV_Target {
        Texture2D a = t[NonUniformResourceIndex(i)];
        return a.Load(int3(0, 0, 0)) + read(t[NonUniformResourceIndex(i + 1)]);
      }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    // Every access chain into t is non-uniform.
    const chains = [...dis.matchAll(/^\s*(%\d+) = OpAccessChain %\d+ (%\d+)/gm)];
    const t = /OpName (%\d+) "t"/.exec(dis)![1]!;
    const decorated = new Set([...dis.matchAll(/OpDecorate (%\d+) NonUniform\b/g)].map((m) => m[1]!));
    const intoT = chains.filter((m) => m[2] === t);
    expect(intoT.length).toBe(2);
    for (const m of intoT) expect(decorated.has(m[1]!)).toBe(true);
  });

  it('is an error on a float and with the wrong argument count', () => {
    expect(errors(`Texture2D t[2]; float4 main(float f : A) : SV_Target { return t[NonUniformResourceIndex(f)].Load(int3(0,0,0)); }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] })[0]).toMatch(
      /1:\d+: error: no matching overload of 'NonUniformResourceIndex' for argument of type 'float'/,
    );
    expect(errors(`Texture2D t[2]; float4 main() : SV_Target { return t[NonUniformResourceIndex()].Load(int3(0,0,0)); }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] })[0]).toMatch(/takes 1 argument, but 0 were given/);
  });
});

describe('arrays of every resource type', () => {
  it.each([
    'Texture1D', 'Texture2D', 'Texture3D', 'TextureCube', 'Texture2DArray', 'Texture2DMS<float4>', 'RWTexture2D<float4>', 'RWTexture3D<uint>',
    'Buffer<float4>', 'RWBuffer<int>', 'SamplerState', 'SamplerComparisonState', 'StructuredBuffer<float4>', 'RWStructuredBuffer<uint>',
    'ByteAddressBuffer', 'RWByteAddressBuffer', 'AppendStructuredBuffer<uint>', 'ConsumeStructuredBuffer<uint>',
  ])('%s: sized and runtime arrays compile, buffers without ArrayStride on the descriptor array', (type) => {
    const source = `${type} a[3]; ${type} b[]; [numthreads(1, 1, 1)] void main() {}`;
    const dis = disassembleSpirv(compileValid(source, { optimizationLevel: 0, codeGenHighLevel: true }).spirv, ['--no-header']);
    expect(dis).toMatch(/OpTypeArray %\S+ %uint_3/);
    expect(dis).toMatch(/OpTypeRuntimeArray/);
    expect(capabilities(dis)).toContain('RuntimeDescriptorArray');
    // Only the runtime arrays inside buffer blocks carry a stride, never an array of descriptors.
    for (const m of dis.matchAll(/OpDecorate (%\S+) ArrayStride/g)) expect(m[1]).not.toMatch(/type_(RW)?(StructuredBuffer|ByteAddressBuffer|AppendStructuredBuffer|ConsumeStructuredBuffer|ACSBuffer)/);
  });

  it('ConstantBuffer arrays: the block is decorated, the array of blocks is not', () => {
    const dis = disassembleSpirv(compileValid(`struct S { float4 v; }; ConstantBuffer<S> cbs[]; float4 main(uint i : A) : SV_Target { return cbs[i].v; }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] }).spirv, ['--no-header']);
    expect(dis).toMatch(/%_runtimearr_type_ConstantBuffer_S = OpTypeRuntimeArray %type_ConstantBuffer_S/);
    expect(dis).toMatch(/OpDecorate %type_ConstantBuffer_S Block/);
    expect(dis).not.toMatch(/OpDecorate %_runtimearr_type_ConstantBuffer_S/);
  });
});

describe('SM 6.6 descriptor heaps (DXC bindings)', () => {
  it('each type read is a runtime array named after its heap; resource heap then sampler heap take the next free bindings of set 0', () => {
    const source = `
      Texture2D Texture;
      float4 main() : SV_Target {
        SamplerState s = SamplerDescriptorHeap[0];
        Texture2D t1 = ResourceDescriptorHeap[1];
        Texture3D t2 = ResourceDescriptorHeap[2];
        return Texture.Sample(s, float2(0, 0)) + t1.Sample(s, float2(0, 0)) + t2.Sample(s, float3(0, 0, 0));
      }`;
    const options: CompileOptions = { ...SM66, entryPoints: [{ name: 'main', stage: 'pixel' }] };
    const dis = disassembleSpirv(compileValid(source, options).spirv, ['--no-header']);
    expect(dis.match(/OpName %\S+ "ResourceDescriptorHeap"/g)).toHaveLength(2);
    expect(dis).toMatch(/OpAccessChain %\S+ %ResourceDescriptorHeap %uint_1/);
    expect(bindings(source, options)).toEqual({ Texture: [0, 0], ResourceDescriptorHeap: [0, 1], ResourceDescriptorHeap_0: [0, 1], SamplerDescriptorHeap: [0, 2] });
  });

  it('structured buffers from the heap get counters from counter.var.ResourceDescriptorHeap, after both heaps', () => {
    const source = `
      [[vk::binding(3, 4)]] RWStructuredBuffer<uint> a;
      [numthreads(1, 1, 1)] void main() {
        RWStructuredBuffer<uint> b = ResourceDescriptorHeap[1];
        a.IncrementCounter();
        b.IncrementCounter();
      }`;
    expect(bindings(source, { ...SM66, codeGenHighLevel: true })).toEqual({
      a: [4, 3], counter_var_a: [4, 0], ResourceDescriptorHeap: [0, 0], counter_var_ResourceDescriptorHeap: [0, 1],
    });
  });

  it('-fvk-bind-*-heap place the heaps and keep those bindings from other resources', () => {
    const source = `
      RWStructuredBuffer<uint> a;
      [numthreads(1, 1, 1)] void main() {
        RWStructuredBuffer<uint> b = ResourceDescriptorHeap[1];
        SamplerState s = SamplerDescriptorHeap[0];
        a.IncrementCounter();
        b.IncrementCounter();
        b[0] = a[0];
      }`;
    const given: CompileOptions = { ...SM66, codeGenHighLevel: true, resourceHeapBinding: { binding: 0, set: 0 }, counterHeapBinding: { binding: 1, set: 0 }, samplerHeapBinding: { binding: 2, set: 0 } };
    const got = bindings(source, given);
    // The sampler heap is declared by reading it even though nothing samples with it.
    expect(got).toEqual({ a: [0, 3], counter_var_a: [0, 4], ResourceDescriptorHeap: [0, 0], counter_var_ResourceDescriptorHeap: [0, 1], SamplerDescriptorHeap: [0, 2] });
  });

  it('a globallycoherent name taking a heap element makes that heap array Coherent', () => {
    const dis = disassembleSpirv(compileValid(`
      globallycoherent static RWStructuredBuffer<uint> A = ResourceDescriptorHeap[0];
      [numthreads(64, 1, 1)] void main() { InterlockedAdd(A[0], 1); }`, SM66).spirv, ['--no-header']);
    expect(dis).toMatch(/OpDecorate %ResourceDescriptorHeap Coherent/);
  });

  it.each([
    [`float4 main() : SV_Target { Texture2D t = ResourceDescriptorHeap[0]; return t.Load(int3(0,0,0)); }`, {}, /1:\d+: error: 'ResourceDescriptorHeap' requires shader model 6.6 or later \(this is 6.0\)/],
    [`float4 main() : SV_Target { Texture2D t = SamplerDescriptorHeap[0]; return t.Load(int3(0,0,0)); }`, SM66, /error: 'SamplerDescriptorHeap' holds samplers, not 'Texture2D<float4>' \(use ResourceDescriptorHeap\)/],
    [`float4 main() : SV_Target { SamplerState s = ResourceDescriptorHeap[0]; return 0; }`, SM66, /error: 'ResourceDescriptorHeap' holds resources, not samplers/],
    [`float4 main() : SV_Target { return ResourceDescriptorHeap[0].Load(0); }`, SM66, /error: 'ResourceDescriptorHeap\[…\]' has no type of its own: assign it to a resource variable or cast it/],
    [`float4 main() : SV_Target { Texture2D t = ResourceDescriptorHeap[0]; return t.Load(int3(0,0,0)); }`, { ...SM66, bindRegister: [{ register: 't0', space: 0, set: 0, binding: 0 }] }, /error: -fvk-bind-resource-heap is required when using -fvk-bind-register/],
  ])('%s is an error at its line:col', (body, options, message) => {
    expect(errors(body, { ...options, entryPoints: [{ name: 'main', stage: 'pixel' }] }).join('\n')).toMatch(message);
  });

  it('a cast gives the element its type', () => {
    const dis = disassembleSpirv(compileValid(`float4 main(uint i : A) : SV_Target { return ((Texture2D)ResourceDescriptorHeap[i]).Load(int3(0, 0, 0)); }`, { ...SM66, entryPoints: [{ name: 'main', stage: 'pixel' }] }).spirv, ['--no-header']);
    expect(dis).toMatch(/OpAccessChain %\S+ %ResourceDescriptorHeap %\d+/);
  });
});

describe('-fspv-flatten-resource-arrays (DXC numbering)', () => {
  const example1 = `
    Texture2D    MyTextures[5] : register(t0);
    Texture2D    NextTexture;
    Texture2D    AnotherTexture : register(t5);
    SamplerState MySamplers[2];
    float4 main(float2 uv : TexCoord) : SV_Target0 {
      return MyTextures[0].Sample(MySamplers[0], uv) + MyTextures[4].Sample(MySamplers[1], uv)
           + AnotherTexture.Sample(MySamplers[1], uv) + NextTexture.Sample(MySamplers[1], uv);
    }`;
  const options: CompileOptions = { flattenResourceArrays: true, codeGenHighLevel: true, entryPoints: [{ name: 'main', stage: 'pixel' }] };

  it('an array of N takes N consecutive bindings, one variable x[i] each', () => {
    expect(bindings(example1, options)).toEqual({
      MyTextures_0_: [0, 0], MyTextures_1_: [0, 1], MyTextures_2_: [0, 2], MyTextures_3_: [0, 3], MyTextures_4_: [0, 4],
      NextTexture: [0, 6], AnotherTexture: [0, 5], MySamplers_0_: [0, 7], MySamplers_1_: [0, 8],
    });
    // Without the option: one binding per array.
    expect(bindings(example1, { ...options, flattenResourceArrays: false })).toEqual({ MyTextures: [0, 0], NextTexture: [0, 1], AnotherTexture: [0, 5], MySamplers: [0, 2] });
  });

  it('an implicit array goes where N free bindings follow each other (example 2)', () => {
    const source = `
      Texture2D    MyTextures[5];
      Texture2D    AnotherTexture : register(t3);
      Texture2D    MyTextures2[2];
      SamplerState MySampler;
      SamplerState MySampler2;
      float4 main(float2 uv : TexCoord) : SV_Target0 {
        return MyTextures[0].Sample(MySampler, uv) + MyTextures2[1].Sample(MySampler2, uv) + AnotherTexture.Sample(MySampler, uv);
      }`;
    const got = bindings(source, options);
    expect(got.MyTextures_0_).toEqual([0, 4]);
    expect(got.MyTextures_4_).toEqual([0, 8]);
    expect(got.MyTextures2_0_).toEqual([0, 0]);
    expect(got.MySampler).toEqual([0, 2]);
    expect(got.MySampler2).toEqual([0, 9]);
  });

  it('with -fvk-auto-shift-bindings: N slots at or above the shift; counters take no shift (DXC gives them no register kind)', () => {
    const source = `
      Texture1DArray<float4> a[10] : register(t0);
      Texture2D<float4> b[10] : register(t15);
      Texture2DArray<float4> c[6];
      Texture3D<float4> d;
      AppendStructuredBuffer<float4> asb;
      ConsumeStructuredBuffer<float4> csb;
      RWBuffer<float4> rwbuffer;
      float4 main() : SV_Target { return 0; }`;
    const got = bindings(source, { ...options, bindingShifts: [{ registerKind: 't', shift: 200, space: 0 }, { registerKind: 'u', shift: 700, space: 0 }], autoShiftBindings: true });
    expect(got).toMatchObject({ a_0_: [0, 200], a_9_: [0, 209], b_0_: [0, 215], c_0_: [0, 225], c_5_: [0, 230], d: [0, 210], asb: [0, 700], csb: [0, 701], rwbuffer: [0, 702] });
  });

  it('buffers with counters: each element has its counter, the counters a chunk of their own', () => {
    const got = bindings(`
      RWStructuredBuffer<uint> g[3] : register(u0, space2);
      float4 main() : SV_Target { g[1].IncrementCounter(); return g[2][0]; }`, options);
    expect(got).toMatchObject({ g_0_: [2, 0], g_1_: [2, 1], g_2_: [2, 2], counter_var_g_1_: [2, 4] });
  });

  it('a run-time index becomes a switch over the elements, nested for a second array (as DXC\'s optimizer)', () => {
    const source = `SamplerState x[2] : register(s1); Texture2D y[3] : register(t2);
      float4 main(uint i : A, float2 uv : B) : SV_Target { return y[i].Sample(x[i % 2], uv); }`;
    const dis = disassembleSpirv(compileValid(source, options).spirv, ['--no-header']);
    expect(bindings(source, options)).toEqual({ x_0_: [0, 1], x_1_: [0, 2], y_0_: [0, 2], y_1_: [0, 3], y_2_: [0, 4] });
    // One switch on i over y's three elements, each holding a switch on i % 2 over x's two.
    expect(dis.match(/OpSwitch %\S+ %\S+ 0 %\S+ 1 %\S+ 2 %\S+/g)).toHaveLength(1);
    expect(dis.match(/OpSwitch %\S+ %\S+ 0 %\S+ 1 %\S+$/gm)).toHaveLength(3);
    for (const y of ['y_0_', 'y_1_', 'y_2_']) for (const x of ['x_0_', 'x_1_']) expect(dis).toMatch(new RegExp(`OpLoad %\\S+ %${y}\\n.*OpLoad %\\S+ %${x}\\n`));
  });
});

describe('reflection, typed module and WebGPU layouts', () => {
  const source = fixture('gather.hlsl');
  const result = compileValid(source, { filename: '/fixtures/bindless/gather.hlsl', entryPoints: fixtureEntries(source) });

  it('reflection counts sized arrays by length and runtime arrays as 0', () => {
    const counts = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, [b.kind, b.count]]));
    expect(counts).toEqual({
      Pass: ['uniform-buffer', 1],
      items: ['storage-buffer', 1],
      textures: ['sampled-image', 0],
      outputs: ['storage-buffer', 2],
      'counter.var.outputs': ['storage-buffer', 2],
      tallies: ['storage-texel-buffer', 0],
    });
  });

  it('descriptorSetLayouts give the counts; bindGroupLayouts leave arrays out and say why', () => {
    const generated = generateModule({ reflection: result.reflection!, spirv: { kind: 'inline', words: result.spirv }, runtimeImport: './runtime.mjs' });
    expect(generated.code).toMatch(/descriptorCount: 2\b/);
    expect(generated.code).toMatch(/descriptorCount: 0\b/);
    expect(generated.warnings).toEqual(expect.arrayContaining([
      expect.stringMatching(/"textures" \(set 0, binding 2\) is left out of bindGroupLayouts: WebGPU has no binding arrays \(a runtime array\)/),
      expect.stringMatching(/"outputs" \(set 0, binding 3\) is left out of bindGroupLayouts: WebGPU has no binding arrays \(an array of 2\)/),
      expect.stringMatching(/set 0, binding 2 is a runtime descriptor array: descriptorSetLayouts gives descriptorCount 0/),
    ]));
  });

  it('the typed module reports each binding\'s count: the array length, 0 for a runtime array', async () => {
    const { exports } = await loadGenerated({ reflection: result.reflection!, spirv: { kind: 'none' } });
    expect(exports.bindings.textures).toMatchObject({ set: 0, binding: 2, kind: 'sampled-image', count: 0 });
    expect(exports.bindings.outputs).toMatchObject({ set: 0, binding: 3, kind: 'storage-buffer', count: 2 });
    expect(exports.bindings.tallies).toMatchObject({ set: 0, binding: 4, kind: 'storage-texel-buffer', count: 0 });
    // The element layout of the buffer array writes one buffer's records.
    expect(exports.bindings.outputs.layout).toBe(exports.outputs);
    const sets = exports.descriptorSetLayouts as { set: number; bindings: { binding: number; descriptorCount: number }[] }[];
    expect(sets[0]!.bindings.map((b) => [b.binding, b.descriptorCount])).toEqual([[0, 1], [1, 1], [2, 0], [3, 2], [4, 0], [5, 2]]);
  });

  it('a heap read as several descriptor types is left out of descriptorSetLayouts, saying what it needs', () => {
    const heap = fixture('heap.hlsl');
    const r = compileValid(heap, { entryPoints: fixtureEntries(heap), shaderModel: { major: 6, minor: 6 } });
    const generated = generateModule({ reflection: r.reflection!, spirv: { kind: 'none' }, runtimeImport: './runtime.mjs' });
    expect(generated.warnings).toEqual(expect.arrayContaining([
      expect.stringMatching(/set 0, binding 1 is left out of descriptorSetLayouts: .*"ResourceDescriptorHeap" \(sampled-image\).*needs VK_EXT_mutable_descriptor_type/),
    ]));
  });

  it('the WGSL target refuses descriptor arrays at their declaration', () => {
    const r = compile(source, { filename: '/fixtures/bindless/gather.hlsl', entryPoints: fixtureEntries(source), target: 'wgsl' });
    const messages = r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source));
    expect(messages[0]).toMatch(/gather\.hlsl:\d+:\d+: error: .*(array of textures|array of buffers).*not supported by the WGSL target \(WGSL binding arrays are not in core WebGPU\)/);
  });
});
