// DXC's SPIR-V code generation options, one block each: the shape DXC gives the output (its
// CodeGenSPIRV tests are the reference), every module checked by spirv-val under its own target
// environment (compileValid). What the stage options do on a driver is in exec/stage-options.test.ts.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const vertex = { entryPoints: [{ name: 'main', stage: 'vertex' as const }] };
const pixel = { entryPoints: [{ name: 'main', stage: 'pixel' as const }] };
const compute = { entryPoints: [{ name: 'main', stage: 'compute' as const }] };

function text(source: string, options: CompileOptions, envs: string[] = ['vulkan1.0', 'vulkan1.2']): string {
  return disassembleSpirv(compileValid(source, options, envs).spirv);
}

function errors(source: string, options: CompileOptions): string[] {
  return compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
}

// A particle update: a storage buffer, a wave reduction (SPIR-V 1.3+) and groupshared memory.
const PARTICLES = `
struct Particle { float3 position; float life; float3 velocity; float pad; };
RWStructuredBuffer<Particle> particles : register(u0);
RWByteAddressBuffer counters : register(u1);
cbuffer Step : register(b0) { float dt; float3 gravity; };
groupshared uint alive;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) {
  if (index == 0) alive = 0;
  GroupMemoryBarrierWithGroupSync();
  Particle p = particles[id.x];
  p.velocity += gravity * dt;
  p.position += p.velocity * dt;
  p.life -= dt;
  particles[id.x] = p;
  uint living = WaveActiveCountBits(p.life > 0);
  if (WaveIsFirstLane()) InterlockedAdd(alive, living);
  GroupMemoryBarrierWithGroupSync();
  if (index == 0) counters.InterlockedAdd(0, alive);
}`;

describe('-fspv-target-env=vulkan1.1spirv1.4 and universal1.5', () => {
  it('vulkan1.1spirv1.4 emits SPIR-V 1.4: StorageBuffer blocks and every used global in the entry point interface', () => {
    const out = text(PARTICLES, { ...compute, targetEnv: 'vulkan1.1spirv1.4' }, ['vulkan1.1spirv1.4']);
    expect(out).toMatch(/; Version: 1\.4/);
    expect(out).toMatch(/OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_Particle StorageBuffer/);
    expect(out).not.toMatch(/BufferBlock/);
    expect(out).toMatch(/OpEntryPoint GLCompute %main "main" .*%particles.*%counters/);
  });

  it('__SPIRV_MAJOR_VERSION__ / __SPIRV_MINOR_VERSION__ are the target environment\'s SPIR-V version, as DXC', () => {
    const source = `
      RWStructuredBuffer<uint> o;
      [numthreads(1, 1, 1)] void main() {
      #if __SPIRV_MAJOR_VERSION__ == 1 && __SPIRV_MINOR_VERSION__ == EXPECTED
        o[0] = 77777;
      #endif
      }`;
    const expected = { 'vulkan1.0': 0, 'vulkan1.1': 3, 'vulkan1.1spirv1.4': 4, 'vulkan1.2': 5, 'vulkan1.3': 6, 'universal1.5': 5 } as const;
    for (const [env, minor] of Object.entries(expected)) {
      const options = { ...compute, targetEnv: env as keyof typeof expected };
      expect(text(source, { ...options, defines: { EXPECTED: String(minor) } }, [env]), env).toMatch(/OpConstant %uint 77777/);
      expect(text(source, { ...options, defines: { EXPECTED: String(minor + 1) } }, [env]), env).not.toMatch(/77777/);
    }
  });

  it('universal1.5 emits SPIR-V 1.5, valid as SPIR-V 1.5 outside Vulkan', () => {
    const out = text(PARTICLES, { ...compute, targetEnv: 'universal1.5' }, ['universal1.5']);
    expect(out).toMatch(/; Version: 1\.5/);
    expect(out).toMatch(/OpCapability GroupNonUniformBallot/);
  });
});

describe('-HV 202x', () => {
  const source = `
    RWStructuredBuffer<int64_t> outI;
    [numthreads(1, 1, 1)] void main() {
      outI[0] = 3000000000 + 1;   // 202x: a decimal literal over INT_MAX is an int64_t
      outI[1] = __HLSL_VERSION;
    }`;

  it('types unsuffixed literals as C++ does (int, then int64_t), as DXC; __HLSL_VERSION is 2029', () => {
    const out = text(source, { ...compute, hlslVersion: '202x' });
    expect(out).toMatch(/OpConstant %long 2029/);
    expect(out).toMatch(/OpConstant %long 3000000000/);
    expect(out).not.toMatch(/OpConstant %int -1294967296/);
  });

  it('2021 reports __HLSL_VERSION 2021', () => {
    expect(text(source, compute)).toMatch(/OpConstant %long 2021/);
  });
});

// A vertex shader as DirectX engines write it: clip-space y up, indices from 0 in every draw.
const VS = `
cbuffer Frame : register(b0) { float4x4 viewProj; };
struct VSOut { float4 pos : SV_Position; nointerpolation uint vertex : VERTEX; nointerpolation uint instance : INSTANCE; };
VSOut main(float3 position : POSITION, uint vertex : SV_VertexID, uint instance : SV_InstanceID) {
  VSOut o;
  o.pos = mul(viewProj, float4(position + float3(instance * 2.0, 0, 0), 1));
  o.vertex = vertex;
  o.instance = instance;
  return o;
}`;

describe('-fvk-invert-y', () => {
  it('negates SV_Position.y as the vertex shader writes it (OpFNegate of component 1, reinserted)', () => {
    const out = text(VS, { ...vertex, invertY: true });
    expect(out).toMatch(/(%\d+) = OpCompositeExtract %float (%\d+) 1\n\s*(%\d+) = OpFNegate %float \1\n\s*(%\d+) = OpCompositeInsert %v4float \3 \2 1\n\s*OpStore %gl_Position \4/);
    expect(text(VS, vertex)).not.toMatch(/OpFNegate/);
  });

  it('negates it where geometry shaders Append and domain shaders return it, as DXC', () => {
    const gs = `
      struct V { float4 pos : SV_Position; };
      [maxvertexcount(1)] void main(point V input[1], inout PointStream<V> stream) { stream.Append(input[0]); }`;
    const ds = `
      struct C { float3 p : POSITION; };
      struct K { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
      [domain("tri")] float4 main(K k, float3 uvw : SV_DomainLocation, const OutputPatch<C, 3> patch) : SV_Position {
        return float4(patch[0].p * uvw.x + patch[1].p * uvw.y + patch[2].p * uvw.z, 1);
      }`;
    const geometry = { entryPoints: [{ name: 'main', stage: 'geometry' as const }] };
    const domain = { entryPoints: [{ name: 'main', stage: 'domain' as const }] };
    const negated = /(%\d+) = OpFNegate %float %\d+\n\s*(%\d+) = OpCompositeInsert %v4float \1 %\d+ 1\n\s*OpStore %gl_Position \2/;
    expect(text(gs, { ...geometry, invertY: true })).toMatch(negated);
    expect(text(gs, geometry)).not.toMatch(/OpFNegate/);
    expect(text(ds, { ...domain, invertY: true })).toMatch(negated);
    expect(text(ds, domain)).not.toMatch(/OpFNegate/);
  });

  it('negates it at each write of a mesh shader\'s SV_Position, whole or by component (DXC\'s assignToMSOutAttribute)', () => {
    const ms = `
      struct V { float4 pos : SV_Position; };
      [outputtopology("triangle")] [numthreads(3, 1, 1)]
      void main(uint i : SV_GroupThreadID, out vertices V verts[3], out indices uint3 tris[1]) {
        SetMeshOutputCounts(3, 1);
        verts[i].pos = float4(i, 1, 0, 1);
        verts[i].pos.y = 2;
        verts[i].pos.x = 3;
        verts[i].pos[i] = 4;
        if (i == 0) tris[0] = uint3(0, 1, 2);
      }`;
    const mesh = { entryPoints: [{ name: 'main', stage: 'mesh' as const }], optimizationLevel: 0 as const };
    const out = text(ms, { ...mesh, invertY: true }, ['vulkan1.2']);
    // The whole vector: as DXC, y extracted, negated and inserted back before the store.
    expect(out).toMatch(/(%\d+) = OpAccessChain %_ptr_Output_v4float %gl_Position %\d+\n(?:.*\n)*?\s*(%\d+) = OpCompositeExtract %float (%\d+) 1\n\s*(%\d+) = OpFNegate %float \2\n\s*(%\d+) = OpCompositeInsert %v4float \4 \3 1\n\s*OpStore \1 \5/);
    // .y: the scalar negated; .x: stored as is; [i]: negated when i is 1.
    expect(out).toMatch(/(%\d+) = OpFNegate %float %float_2\n\s*OpStore %\d+ \1/);
    expect(out).toMatch(/OpStore %\d+ %float_3\n/);
    expect(out).toMatch(/(%\d+) = OpIEqual %bool %\d+ %uint_1\n\s*(%\d+) = OpFNegate %float %float_4\n\s*(%\d+) = OpSelect %float \1 \2 %float_4\n\s*OpStore %\d+ \3/);
    expect(text(ms, mesh, ['vulkan1.2'])).not.toMatch(/OpFNegate/);
  });

  it('leaves a pixel shader that reads SV_Position alone', () => {
    const ps = `float4 main(float4 pos : SV_Position) : SV_Target { return pos; }`;
    expect(text(ps, { ...pixel, invertY: true })).toBe(text(ps, pixel));
  });
});

describe('-fvk-use-dx-position-w', () => {
  const ps = `float4 main(float4 pos : SV_Position) : SV_Target { return float4(pos.xy * 0.015625, pos.z, pos.w); }`;
  it('gives the pixel shader 1 / FragCoord.w, the clip w', () => {
    const out = text(ps, { ...pixel, useDxPositionW: true });
    expect(out).toMatch(/(%\d+) = OpLoad %v4float %gl_FragCoord\n\s*(%\d+) = OpCompositeExtract %float \1 3\n\s*(%\d+) = OpFDiv %float %float_1 \2\n\s*%\d+ = OpCompositeInsert %v4float \3 \1 3/);
    expect(text(ps, pixel)).not.toMatch(/OpFDiv/);
  });

  it('is no-op in other stages (the manual)', () => {
    expect(text(VS, { ...vertex, useDxPositionW: true })).toBe(text(VS, vertex));
  });
});

describe('-fvk-support-nonzero-base-vertex / -instance', () => {
  it('subtracts BaseVertex from VertexIndex (DrawParameters; its extension only before SPIR-V 1.3)', () => {
    const v10 = text(VS, { ...vertex, targetEnv: 'vulkan1.0', supportNonzeroBaseVertex: true }, ['vulkan1.0']);
    expect(v10).toMatch(/OpCapability DrawParameters/);
    expect(v10).toMatch(/OpExtension "SPV_KHR_shader_draw_parameters"/);
    // Optimised, the variable has no OpName (and spirv-dis has no friendly name for BaseVertex).
    const base = /OpDecorate (%\w+) BuiltIn BaseVertex/.exec(v10)![1]!;
    expect(v10).toMatch(new RegExp(`OpEntryPoint Vertex %main "main" .*%gl_VertexIndex ${base}`));
    expect(v10).toMatch(new RegExp(`(%\\d+) = OpLoad %uint %gl_VertexIndex\\n\\s*(%\\d+) = OpLoad %uint ${base}\\n\\s*%\\d+ = OpISub %uint \\1 \\2`));
    expect(v10).not.toMatch(/BaseInstance/);
    const v12 = text(VS, { ...vertex, supportNonzeroBaseVertex: true }, ['vulkan1.2']);
    expect(v12).not.toMatch(/OpExtension/);
  });

  it('subtracts BaseInstance from InstanceIndex', () => {
    const out = text(VS, { ...vertex, supportNonzeroBaseInstance: true });
    const base = /OpDecorate (%\w+) BuiltIn BaseInstance/.exec(out)![1]!;
    expect(out).toMatch(new RegExp(`(%\\d+) = OpLoad %uint %gl_InstanceIndex\\n\\s*(%\\d+) = OpLoad %uint ${base}\\n\\s*%\\d+ = OpISub %uint \\1 \\2`));
    expect(out).not.toMatch(/BaseVertex/);
  });

  it('adds nothing without the options (SV_VertexID is VertexIndex, as DXC)', () => {
    expect(text(VS, vertex)).not.toMatch(/DrawParameters|BaseVertex|BaseInstance/);
  });
});

describe('-fspv-use-unknown-image-format', () => {
  const source = `
    RWTexture2D<float4> color : register(u0);
    [[vk::image_format("rgba8")]] RWTexture2D<float4> ldr : register(u1);
    RWBuffer<uint> histogram : register(u2);
    [numthreads(8, 8, 1)] void main(uint3 id : SV_DispatchThreadID) {
      float4 c = color[id.xy];
      ldr[id.xy] = saturate(c);
      histogram[id.x] = uint(c.r * 255);
    }`;

  it('declares images without [[vk::image_format]] with format Unknown, and the read/write-without-format capabilities', () => {
    const out = text(source, { ...compute, useUnknownImageFormat: true });
    expect(out).toMatch(/OpTypeImage %float 2D 2 0 0 2 Unknown/);
    expect(out).toMatch(/OpTypeImage %float 2D 2 0 0 2 Rgba8/);
    expect(out).toMatch(/OpTypeImage %uint Buffer 2 0 0 2 Unknown/);
    expect(out).toMatch(/OpCapability StorageImageReadWithoutFormat/);
  });

  it('is an error for an image atomic on such an image (Vulkan needs its R32/R64 format)', () => {
    const atomic = `RWBuffer<uint> histogram; [numthreads(1, 1, 1)] void main() { InterlockedAdd(histogram[3], 1); }`;
    expect(errors(atomic, { ...compute, useUnknownImageFormat: true })).toEqual([
      'an atomic operation on a texel of \'histogram\' needs an image format (R32ui, R32i, …): with -fspv-use-unknown-image-format give it [[vk::image_format("r32ui")]] (or r32i/r32f)',
    ]);
    expect(text(`[[vk::image_format("r32ui")]] ${atomic}`, { ...compute, useUnknownImageFormat: true })).toMatch(/OpTypeImage %uint Buffer 2 0 0 2 R32ui/);
  });

  it('derives the format from the texel type by default', () => {
    const out = text(source, compute);
    expect(out).toMatch(/OpTypeImage %float 2D 2 0 0 2 Rgba32f/);
    expect(out).toMatch(/OpTypeImage %uint Buffer 2 0 0 2 R32ui/);
    expect(out).not.toMatch(/WithoutFormat/);
  });
});

describe('-denorm', () => {
  const ps = `float4 main(float4 col : COLOR) : SV_Target { return col * 0.5; }`;
  it('preserve: DenormPreserve 32 with its capability; SPV_KHR_float_controls before SPIR-V 1.4', () => {
    const v10 = text(ps, { ...pixel, denorm: 'preserve', targetEnv: 'vulkan1.0' }, ['vulkan1.0']);
    expect(v10).toMatch(/OpCapability DenormPreserve/);
    expect(v10).toMatch(/OpExtension "SPV_KHR_float_controls"/);
    expect(v10).toMatch(/OpExecutionMode %main DenormPreserve 32/);
    const v12 = text(ps, { ...pixel, denorm: 'preserve' }, ['vulkan1.2']);
    expect(v12).toMatch(/OpExecutionMode %main DenormPreserve 32/);
    expect(v12).not.toMatch(/SPV_KHR_float_controls/);
  });

  it('ftz: DenormFlushToZero 32; any (the default) adds nothing', () => {
    const ftz = text(ps, { ...pixel, denorm: 'ftz' });
    expect(ftz).toMatch(/OpCapability DenormFlushToZero/);
    expect(ftz).toMatch(/OpExecutionMode %main DenormFlushToZero 32/);
    expect(text(ps, { ...pixel, denorm: 'any' })).toBe(text(ps, pixel));
    expect(text(ps, pixel)).not.toMatch(/Denorm|float_controls/);
  });
});

describe('-Gis', () => {
  const ps = `
    cbuffer Material : register(b0) { float4 tint; float4x4 uvTransform; };
    float4 main(float4 col : COLOR, float2 uv : UV) : SV_Target {
      float2 t = mul(uvTransform, float4(uv, 0, 1)).xy;
      return col * tint + float4(t, 0, 0) - dot(col, tint) / 3;
    }`;

  it('decorates every arithmetic result NoContraction and preserves signed zeros, infinities and NaNs', () => {
    const out = text(ps, { ...pixel, ieeeStrict: true });
    expect(out).toMatch(/OpCapability SignedZeroInfNanPreserve/);
    expect(out).toMatch(/OpExecutionMode %main SignedZeroInfNanPreserve 32/);
    const arithmetic = [...out.matchAll(/(%\d+) = Op(FMul|FAdd|FSub|FDiv|Dot|MatrixTimesVector|VectorTimesMatrix|VectorTimesScalar)\b/g)].map((m) => m[1]);
    expect(arithmetic.length).toBeGreaterThanOrEqual(5);
    for (const id of arithmetic) expect(out).toContain(`OpDecorate ${id} NoContraction`);
  });

  it('declares SPV_KHR_float_controls only before SPIR-V 1.4; nothing without -Gis', () => {
    expect(text(ps, { ...pixel, ieeeStrict: true, targetEnv: 'vulkan1.1' }, ['vulkan1.1'])).toMatch(/OpExtension "SPV_KHR_float_controls"/);
    expect(text(ps, { ...pixel, ieeeStrict: true }, ['vulkan1.2'])).not.toMatch(/OpExtension/);
    expect(text(ps, pixel)).not.toMatch(/NoContraction|SignedZeroInfNanPreserve/);
  });
});

describe('-ffinite-math-only', () => {
  const source = `
    RWStructuredBuffer<float3> o; RWStructuredBuffer<int3> i;
    [numthreads(1, 1, 1)] void main() { o[0] = min(o[1], o[2]); o[3] = max(o[4], o[5]); i[0] = min(i[1], i[2]); }`;
  it('float min/max are NaN-aware NMin/NMax by default (HLSL: a NaN operand yields the other), as DXC', () => {
    const out = text(source, compute);
    expect(out).toMatch(/OpExtInst %v3float %\d+ NMin/);
    expect(out).toMatch(/OpExtInst %v3float %\d+ NMax/);
    expect(out).toMatch(/OpExtInst %v3int %\d+ SMin/);
  });

  it('with it, FMin/FMax (undefined for NaN operands)', () => {
    const out = text(source, { ...compute, finiteMathOnly: true });
    expect(out).toMatch(/OpExtInst %v3float %\d+ FMin/);
    expect(out).toMatch(/OpExtInst %v3float %\d+ FMax/);
    expect(out).not.toMatch(/NMin|NMax/);
  });
});

describe('-fspv-use-vulkan-memory-model', () => {
  const source = `
    struct Tile { uint count; uint first; };
    globallycoherent RWStructuredBuffer<Tile> tiles : register(u0);
    RWStructuredBuffer<uint> list : register(u1);
    [numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
      uint slot;
      InterlockedAdd(tiles[id.x / 64].count, 1, slot);
      DeviceMemoryBarrier();
      list[slot] = tiles[id.x / 64].first + slot;
      tiles[0].first = 7;
    }`;

  it('uses the Vulkan memory model: coherent accesses carry availability and visibility at QueueFamily scope', () => {
    const out = text(source, { ...compute, vulkanMemoryModel: true }, ['vulkan1.1', 'vulkan1.2']);
    expect(out).toMatch(/OpCapability VulkanMemoryModel/);
    expect(out).toMatch(/OpMemoryModel Logical Vulkan/);
    expect(out).not.toMatch(/Coherent/);
    expect(out).toMatch(/OpLoad %uint %\d+ MakePointerVisible\|NonPrivatePointer %uint_5/);
    expect(out).toMatch(/OpStore %\d+ %uint_7 MakePointerAvailable\|NonPrivatePointer %uint_5/);
    // Device scope needs VulkanMemoryModelDeviceScope in this model: DXC's upgrade uses QueueFamily.
    expect(out).toMatch(/OpAtomicIAdd %uint %\d+ %uint_5 %uint_0/);
    expect(out).toMatch(/OpMemoryBarrier %uint_5 /);
    expect(out).not.toMatch(/VulkanMemoryModelDeviceScope/);
    // The list buffer is not coherent: plain accesses.
    expect(out).toMatch(/OpStore %\d+ %\d+\n/);
  });

  it('declares SPV_KHR_vulkan_memory_model before SPIR-V 1.5 only; GLSL450 and Coherent without the option', () => {
    expect(text(source, { ...compute, vulkanMemoryModel: true, targetEnv: 'vulkan1.1' }, ['vulkan1.1'])).toMatch(/OpExtension "SPV_KHR_vulkan_memory_model"/);
    expect(text(source, { ...compute, vulkanMemoryModel: true }, ['vulkan1.2'])).not.toMatch(/OpExtension/);
    const glsl = text(source, compute);
    expect(glsl).toMatch(/OpMemoryModel Logical GLSL450/);
    expect(glsl).toMatch(/OpDecorate %tiles Coherent/);
  });

  it('is an error for a globallycoherent texture (its image operands are not emitted yet)', () => {
    const tex = `globallycoherent RWTexture2D<float4> t; [numthreads(1, 1, 1)] void main() { t[uint2(0, 0)] = 1; }`;
    expect(errors(tex, { ...compute, vulkanMemoryModel: true })).toEqual([
      "globallycoherent texture 't' with -fspv-use-vulkan-memory-model is not supported yet (its image reads and writes need MakeTexelVisible/Available)",
    ]);
  });
});

describe('-fspv-entrypoint-name', () => {
  const ps = `float4 PSMain(float4 color : COLOR) : SV_Target { return color; }`;
  it('names the SPIR-V entry point', () => {
    expect(text(ps, { entryPoints: [{ name: 'PSMain', stage: 'pixel' }], entryPointName: 'main' })).toMatch(/OpEntryPoint Fragment %PSMain "main"/);
  });

  it('is an error when the module has several entry points', () => {
    const two = `${ps}\n[shader("vertex")] float4 VSMain(float4 p : POSITION) : SV_Position { return p; }\n[shader("pixel")] float4 PS2(float4 c : COLOR) : SV_Target { return c; }`;
    expect(errors(two, { entryPointName: 'main' })).toEqual(['-fspv-entrypoint-name names one entry point, but the module has 2']);
  });
});

describe('-fspv-extension', () => {
  const options = { ...vertex, targetEnv: 'vulkan1.0' as const, supportNonzeroBaseVertex: true };
  it('a needed extension that is not allowed is an error naming it', () => {
    expect(errors(VS, { ...options, allowedExtensions: ['SPV_KHR_multiview'] })).toEqual([
      "SPIR-V extension 'SPV_KHR_shader_draw_parameters' is required by this module but not permitted by -fspv-extension (add -fspv-extension=SPV_KHR_shader_draw_parameters)",
    ]);
  });

  it('allows it by name or as KHR', () => {
    for (const allowed of [['SPV_KHR_shader_draw_parameters'], ['KHR']]) {
      expect(text(VS, { ...options, allowedExtensions: allowed }, ['vulkan1.0'])).toMatch(/OpExtension "SPV_KHR_shader_draw_parameters"/);
    }
  });

  it('does not forbid extensions a module does not need, nor the memory model option its own', () => {
    expect(text(PARTICLES, { ...compute, allowedExtensions: ['SPV_EXT_descriptor_indexing'] }, ['vulkan1.1'])).not.toMatch(/OpExtension/);
    const coherent = `globallycoherent RWStructuredBuffer<uint> b; [numthreads(1, 1, 1)] void main() { b[0] = b[1]; }`;
    expect(text(coherent, { ...compute, vulkanMemoryModel: true, allowedExtensions: ['SPV_KHR_multiview'] }, ['vulkan1.1'])).toMatch(/OpExtension "SPV_KHR_vulkan_memory_model"/);
  });

  it('rejects a name DXC does not know, with its message', () => {
    expect(errors(VS, { ...vertex, allowedExtensions: ['SPV_KHR_nope'] })).toEqual(["unknown SPIR-V extension 'SPV_KHR_nope'"]);
  });
});

describe('-fspv-max-id', () => {
  it('is an error when the id bound exceeds it; a module within it compiles', () => {
    const spirv = compileValid(PARTICLES, compute, ['vulkan1.1']).spirv;
    const bound = spirv[3]!;
    expect(errors(PARTICLES, { ...compute, targetEnv: 'vulkan1.1', maxId: bound - 1 })).toEqual([`the module's id bound ${bound} exceeds -fspv-max-id ${bound - 1}`]);
    expect(compileValid(PARTICLES, { ...compute, maxId: bound }, ['vulkan1.1']).spirv).toEqual(spirv);
  });
});

describe('-fvk-stage-io-order', () => {
  // DXC's semantic.arbitrary.location tests: nested structs, inputs and outputs.
  const source = `
    struct S { float c : C; float a : A; float b : B; };
    struct T { float e : E; S s; float d : D; };
    void main(in float input1 : N, in T input2, in float input3 : M, out T output1, out float output2 : Q, out float output3 : P) {
      output1 = input2; output2 = input1; output3 = input3;
    }`;
  const locations = (out: string, dir: 'in' | 'out') => [...out.matchAll(new RegExp(`OpDecorate %${dir}_var_(\\w+) Location (\\d+)`, 'g'))].map((m) => `${m[1]}=${m[2]}`);

  it('alpha: implicit locations follow the semantic names', () => {
    const out = text(source, { ...vertex, stageIoOrder: 'alpha' });
    expect(locations(out, 'in')).toEqual(['A=0', 'B=1', 'C=2', 'D=3', 'E=4', 'M=5', 'N=6']);
    expect(locations(out, 'out')).toEqual(['A=0', 'B=1', 'C=2', 'D=3', 'E=4', 'P=5', 'Q=6']);
  });

  it('decl (the default): declaration order', () => {
    const out = text(source, vertex);
    expect(locations(out, 'in')).toEqual(['N=0', 'E=1', 'C=2', 'A=3', 'B=4', 'D=5', 'M=6']);
    expect(locations(out, 'out')).toEqual(['E=0', 'C=1', 'A=2', 'B=3', 'D=4', 'Q=5', 'P=6']);
    expect(text(source, { ...vertex, stageIoOrder: 'decl' })).toBe(out);
  });
});

describe('-fspv-enable-maximal-reconvergence', () => {
  // Each lane leaves the loop in its own iteration; the ballot after the `if` must see the whole wave.
  const source = `
    RWStructuredBuffer<uint> counts : register(u0);
    [numthreads(32, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
      for (uint i = 0; ; ++i) {
        if (i == WaveGetLaneIndex()) { counts[id.x] = WaveActiveCountBits(true); break; }
      }
    }`;

  it('declares MaximallyReconvergesKHR on the entry point with SPV_KHR_maximal_reconvergence (DXC: spv.enable-maximal-reconvergence.hlsl)', () => {
    const out = text(source, { ...compute, maximalReconvergence: true }, ['vulkan1.1', 'vulkan1.3']);
    expect(out).toMatch(/OpExtension "SPV_KHR_maximal_reconvergence"/);
    expect(out).toMatch(/OpExecutionMode %main MaximallyReconvergesKHR/);
  });

  it('declares neither without the option', () => {
    const out = text(source, compute, ['vulkan1.1']);
    expect(out).not.toMatch(/maximal_reconvergence|MaximallyReconverges/);
  });

  it('marks every entry point of a multi-entry module', () => {
    const two = `${source}\n[numthreads(1, 1, 1)] void other() {}`;
    const out = text(two, { entryPoints: [{ name: 'main', stage: 'compute' }, { name: 'other', stage: 'compute' }], maximalReconvergence: true }, ['vulkan1.1']);
    expect(out.match(/OpExecutionMode %\w+ MaximallyReconvergesKHR/g)).toHaveLength(2);
  });

  it('is refused by -fspv-extension lists that do not name it', () => {
    expect(errors(source, { ...compute, maximalReconvergence: true, targetEnv: 'vulkan1.1', allowedExtensions: ['SPV_KHR_multiview'] })).toEqual([
      "SPIR-V extension 'SPV_KHR_maximal_reconvergence' is required by this module but not permitted by -fspv-extension (add -fspv-extension=SPV_KHR_maximal_reconvergence)",
    ]);
  });
});

describe('SPIR-V-only options with the WGSL target', () => {
  it('each one WGSL cannot honour is an error naming it, not an output without it', () => {
    const cases: [CompileOptions, string][] = [
      [{ supportNonzeroBaseVertex: true }, '-fvk-support-nonzero-base-vertex'],
      [{ supportNonzeroBaseInstance: true }, '-fvk-support-nonzero-base-instance'],
      [{ useDxPositionW: true }, '-fvk-use-dx-position-w'],
      [{ denorm: 'ftz' }, '-denorm'],
      [{ ieeeStrict: true }, '-Gis'],
      [{ vulkanMemoryModel: true }, '-fspv-use-vulkan-memory-model'],
      [{ useUnknownImageFormat: true }, '-fspv-use-unknown-image-format'],
      [{ maximalReconvergence: true }, '-fspv-enable-maximal-reconvergence'],
      [{ packOptimized: true }, '-pack-optimized'],
    ];
    for (const [options, flag] of cases) {
      const found = errors(VS, { ...vertex, ...options, target: 'wgsl' });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^${flag} has no WGSL equivalent`));
    }
  });
});

describe('-pack-optimized', () => {
  const source = `
    struct V { float4 pos : SV_Position; float a : A; double b : B; float2 c[3] : C; int e : E; float2 f : F; float g : G; };
    V main(float4 p : POSITION, float4 color : COLOR) { V o = (V)0; o.pos = p * color; return o; }`;
  /** Each output variable's "location.component", by the name spirv-dis gives it (C, C_0, C_1 for C's elements). */
  const slots = (out: string) =>
    [...out.matchAll(/OpDecorate %out_var_(\w+) (Location|Component) (\d+)/g)].reduce<Record<string, string>>((acc, m) => {
      acc[m[1]!] = acc[m[1]!] ? `${acc[m[1]!]}.${m[3]}` : m[3]!;
      return acc;
    }, {});

  it('packs outputs with DXC\'s first-fit order, sharing a location only within one component type and interpolation', () => {
    const out = text(source, { ...vertex, packOptimized: true, shaderModel: { major: 6, minor: 0 } });
    // DXC's algorithm, but the double B and the int E do not join float locations (DXC: B 0.2, E 1.2).
    // The array C is one variable per element, each with Component 0, as DXC's interface SROA leaves it.
    expect(slots(out)).toEqual({ A: '0', B: '1', C: '2.0', C_0: '3.0', C_1: '4.0', E: '5', F: '0.1', G: '0.3' });
    // A vertex shader's inputs keep the application's signature.
    expect(out).toMatch(/OpDecorate %in_var_POSITION Location 0\n\s*OpDecorate %in_var_COLOR Location 1/);
    expect(slots(text(source, vertex))).toEqual({ A: '0', B: '1', C: '2', E: '5', F: '6', G: '7' });
  });

  it('splits matrices and arrays into one variable per row or element at the whole\'s component (DXC\'s signature.packing)', () => {
    // DXC's signature.packing.hlsl with one component type (its CHECK lines differ only where a double or an int joins floats).
    const matrices = `
      struct V { float4 pos : SV_Position; float a : A; float2 b : B; float2 c[3] : C; float2x2 d : D; float e : E; float2 f : F; float g : G;
                 float4x3 k : K; int2x2 n[2] : N; };
      V main() { V o = (V)0; return o; }`;
    const out = text(matrices, { ...vertex, packOptimized: true });
    // First fit over whole variables (D: 2 locations of 2 components, beside C; K: 4 rows of 3, beside nothing
    // wider than one), then each matrix row and array element is its own variable at the next location.
    expect(slots(out)).toEqual({
      A: '0', B: '0.1', C: '1.0', C_0: '2.0', C_1: '3.0', D: '1.2', D_0: '2.2', E: '0.3', F: '3.2', G: '4',
      K: '5.0', K_0: '6.0', K_1: '7.0', K_2: '8.0', N: '9.0', N_0: '10.0', N_1: '11.0', N_2: '12.0',
    });
    expect(out).toMatch(/%out_var_K = OpVariable %_ptr_Output_v3float Output/);
    expect(out).toMatch(/%out_var_N = OpVariable %_ptr_Output_v2int Output/);
    expect(out).not.toMatch(/OpVariable %_ptr_Output_mat/);
  });

  it('is an error, not a silent mismatch with the packed pixel inputs, for a mesh shader\'s outputs', () => {
    const ms = `
      struct V { float4 pos : SV_Position; float a : A; float b : B; };
      [outputtopology("triangle")] [numthreads(1, 1, 1)]
      void main(out vertices V verts[3], out indices uint3 tris[1]) { SetMeshOutputCounts(3, 1); tris[0] = uint3(0, 1, 2); }`;
    const mesh = { entryPoints: [{ name: 'main', stage: 'mesh' as const }], targetEnv: 'vulkan1.2' as const };
    expect(errors(ms, { ...mesh, packOptimized: true })).toEqual([
      "-pack-optimized is not supported yet for mesh shader outputs (the vertices member 'A' of mesh entry point 'main')",
      "-pack-optimized is not supported yet for mesh shader outputs (the vertices member 'B' of mesh entry point 'main')",
    ]);
    expect(errors(ms, mesh)).toEqual([]);
  });

  it('splits a hull shader\'s per-control-point and per-patch matrices alike, keeping the control-point arrays', () => {
    const hull = `
      struct P { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; float2x2 m : M; };
      struct C { float3 p : POS; float3x2 t : T; };
      P patch(InputPatch<C, 3> ip) { P o = (P)0; o.m = float2x2(ip[0].t[0], ip[1].t[1]); return o; }
      [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)] [patchconstantfunc("patch")]
      C main(InputPatch<C, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }`;
    const out = text(hull, { entryPoints: [{ name: 'main', stage: 'hull' }], packOptimized: true });
    expect(out).toMatch(/%out_var_T = OpVariable %_ptr_Output__arr_v2float_uint_3 Output/);
    expect(out).toMatch(/%out_var_M = OpVariable %_ptr_Output_v2float Output/);
    expect(out).toMatch(/OpDecorate %out_var_M Patch/);
    expect(out).toMatch(/OpDecorate %out_var_M_0 Patch/);
    expect(out).toMatch(/%in_var_T = OpVariable %_ptr_Input__arr_v2float_uint_3 Input/);
  });
});
