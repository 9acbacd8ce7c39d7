// What the manual's tables say the SPIR-V contains, read back with spirv-dis: execution modes,
// builtins and locations of stage I/O, interpolation decorations, RelaxedPrecision, names, and the
// opcodes of the operator/intrinsic tables. Every module also passes spirv-val (compileValid).
import { describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../compiler/index.js';
import { disassembleSpirv } from '../helpers/tools.js';
import { compileValid } from './helpers.js';

function disassemble(source: string, options: CompileOptions = {}): string {
  return disassembleSpirv(compileValid(source, options).spirv, ['--raw-id']);
}

/** Disassembly with friendly names (`%main`, `%uint_3`) instead of raw ids. */
function disassembleNamed(source: string, options: CompileOptions = {}): string {
  return disassembleSpirv(compileValid(source, options).spirv);
}

/** The ids OpName gives `name`. */
function idsNamed(dis: string, name: string): string[] {
  return [...dis.matchAll(new RegExp(`OpName (%\\d+) "${name.replace(/[.$]/g, '\\$&')}"`, 'g'))].map((m) => m[1]!);
}

/** Ids of the variables decorated BuiltIn `builtin`, in order (optimised, builtin variables have no OpName). */
function builtinIds(dis: string, builtin: string): string[] {
  return [...dis.matchAll(new RegExp(`OpDecorate (%\\w+) BuiltIn ${builtin}\n`, 'g'))].map((m) => m[1]!);
}

function decorations(dis: string, id: string): string[] {
  return [...dis.matchAll(new RegExp(`OpDecorate ${id} (.*)`, 'g'))].map((m) => m[1]!.trim());
}

describe('entry points and stage I/O', () => {
  it('compute: LocalSize from [numthreads], builtins, wrapper and src. names', () => {
    const dis = disassemble(`
      RWStructuredBuffer<uint> o;
      [numthreads(8, 4, 1)] void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) { o[gi] = id.x; }`, { optimizationLevel: 0 });
    expect(dis).toMatch(/OpExecutionMode %\d+ LocalSize 8 4 1/);
    expect(dis).toMatch(/OpDecorate %\d+ BuiltIn GlobalInvocationId/);
    expect(dis).toMatch(/OpDecorate %\d+ BuiltIn LocalInvocationIndex/);
    expect(idsNamed(dis, 'main')).toHaveLength(1);
    expect(idsNamed(dis, 'src.main')).toHaveLength(1);
  });

  it('pixel: SV_Target[N] locations, SV_Depth* execution modes, stencil and coverage', () => {
    const dis = disassemble(`
      struct Out { float4 a : SV_Target2; float4 b : SV_Target0; float d : SV_DepthGreaterEqual; int s : SV_StencilRef; uint m : SV_Coverage; };
      Out main(float4 p : SV_Position, uint cov : SV_Coverage) { Out o; o.a = p; o.b = 1; o.d = 0.5; o.s = 3; o.m = cov; return o; }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    const target2 = idsNamed(dis, 'out.var.SV_Target2')[0]!;
    const target0 = idsNamed(dis, 'out.var.SV_Target0')[0]!;
    expect(decorations(dis, target2)).toContain('Location 2');
    expect(decorations(dis, target0)).toContain('Location 0');
    expect(dis).toMatch(/OpExecutionMode %\d+ DepthReplacing/);
    expect(dis).toMatch(/OpExecutionMode %\d+ DepthGreater/);
    expect(dis).toMatch(/OpDecorate %\d+ BuiltIn FragStencilRefEXT/);
    expect(dis).toMatch(/OpCapability StencilExportEXT/);
    expect(dis).toMatch(/OpExtension "SPV_EXT_shader_stencil_export"/);
    // SampleMask is an array builtin, in and out.
    expect(dis.match(/OpDecorate %\d+ BuiltIn SampleMask/g)).toHaveLength(2);
    expect(dis).toMatch(/OpTypeArray %\d+ %\d+/);
  });

  it('vertex: explicit [[vk::location]] inputs, outputs in declaration order; clip distances packed', () => {
    // The manual forbids mixing explicit and implicit locations within one SigPoint, but one SigPoint
    // (the inputs) may be explicit while another (the outputs) is implicit.
    const dis = disassemble(`
      struct VOut {
        float4 pos : SV_Position;
        float3 n : NORMAL;
        float2 uv : TEXCOORD0;
        float2 clip01 : SV_ClipDistance0;
        float clip2 : SV_ClipDistance1;
        float4 c : COLOR;
      };
      VOut main([[vk::location(2)]] float3 p : POSITION, [[vk::location(3)]] float2 uv : TEXCOORD, [[vk::location(0)]] float3 n : NORMAL) {
        VOut o; o.pos = float4(p, 1); o.n = n; o.uv = uv; o.clip01 = float2(1, 2); o.clip2 = 3; o.c = 1; return o;
      }`, { entryPoints: [{ name: 'main', stage: 'vertex' }] });
    const loc = (name: string) => decorations(dis, idsNamed(dis, name)[0]!).find((d) => d.startsWith('Location'));
    expect(loc('in.var.TEXCOORD')).toBe('Location 3');
    expect(loc('in.var.POSITION')).toBe('Location 2');
    expect(loc('in.var.NORMAL')).toBe('Location 0');
    expect(loc('out.var.NORMAL')).toBe('Location 0');
    expect(loc('out.var.TEXCOORD0')).toBe('Location 1');
    expect(loc('out.var.COLOR')).toBe('Location 2');
    const clip = builtinIds(dis, 'ClipDistance')[0]!;
    expect(dis).toMatch(new RegExp(`OpEntryPoint Vertex %\\d+ "main" .*${clip}`));
    // float[3]: float2 at index 0..1, float at index 2.
    expect(dis).toMatch(/%\d+ = OpConstant %\d+ 3\n[\s\S]*OpTypeArray %\d+ %\d+/);
    expect(dis).toMatch(/OpCapability ClipDistance/);
  });

  it('interpolation modifiers map to the manual table; integer pixel inputs are Flat', () => {
    const dis = disassemble(`
      struct In { float4 p : SV_Position; centroid float a : A; nointerpolation float b : B; noperspective float c : C; sample float d : D; linear float e : E; uint f : F; };
      float4 main(In i) : SV_Target { return i.a + i.b + i.c + i.d + i.e + i.f; }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    const decos = (s: string) => decorations(dis, idsNamed(dis, `in.var.${s}`)[0]!);
    expect(decos('A')).toContain('Centroid');
    expect(decos('B')).toContain('Flat');
    expect(decos('C')).toContain('NoPerspective');
    expect(decos('D')).toContain('Sample');
    expect(decos('E').filter((d) => !d.startsWith('Location') && !d.startsWith('UserSemantic'))).toEqual([]);
    expect(decos('F')).toContain('Flat');
    expect(dis).toMatch(/OpCapability SampleRateShading/);
  });
});

describe('types and operators', () => {
  it('min-precision values are 32-bit with RelaxedPrecision on variables and results', () => {
    const dis = disassemble(`
      RWStructuredBuffer<float> o;
      static min16float scale = 2;
      [numthreads(1, 1, 1)] void main() { min16float x = (min16float)o[0]; min16float y = x * scale; o[1] = y; }`, { optimizationLevel: 0 });
    for (const name of ['x', 'y', 'scale']) expect(decorations(dis, idsNamed(dis, name)[0]!)).toContain('RelaxedPrecision');
    const mul = /(%\d+) = OpFMul/.exec(dis)![1]!;
    expect(decorations(dis, mul)).toContain('RelaxedPrecision');
    expect(dis).not.toMatch(/OpTypeFloat 16/);
  });

  it('half is 32-bit without -enable-16bit-types, 16-bit with it', () => {
    const src = 'RWStructuredBuffer<float> o; [numthreads(1,1,1)] void main() { half h = (half)o[0]; o[1] = h * 2; }';
    expect(disassemble(src)).not.toMatch(/OpTypeFloat 16/);
    expect(disassemble(src, { enable16BitTypes: true })).toMatch(/OpTypeFloat 16/);
  });

  const OPERATORS = `
      RWStructuredBuffer<float> o;
      [numthreads(1, 1, 1)] void main() {
        float a = o[0], b = o[1]; int i = (int)a, j = (int)b; uint u = (uint)a;
        o[2] = (a != b) ? 1 : 0; o[3] = i % j; o[4] = u % 3u; o[5] = round(a); o[6] = mad(a, b, a);
        o[7] = float(i >> 1) + float(u >> 1); o[8] = fmod(a, b); o[9] = (float)(bool)a;
      }`;

  it('uses the opcodes of the manual operator and intrinsic tables (with DXC\'s bare arithmetic)', () => {
    const dis = disassemble(OPERATORS, { arithmetic: 'dxc' });
    for (const op of ['OpFOrdNotEqual', 'OpSRem', 'OpUMod', 'Round', 'Fma', 'OpShiftRightArithmetic', 'OpShiftRightLogical', 'OpFRem', 'OpConvertFToS']) {
      expect(dis, op).toMatch(new RegExp(`\\b${op}\\b`));
    }
    expect(dis).not.toMatch(/FUnord/);
  });

  it('by default avoids what Vulkan leaves undefined: no OpSRem, guarded division, saturating conversions', () => {
    const dis = disassemble(OPERATORS);
    expect(dis).not.toMatch(/\bOpSRem\b/);
    for (const op of ['OpUMod', 'OpIsNan', 'OpFOrdGreaterThanEqual', 'OpConvertFToS', 'OpConvertFToU']) expect(dis, op).toMatch(new RegExp(`\\b${op}\\b`));
    // Shifts are masked in both modes, as DXC does: `i >> 1` shifts by (1 & 31), at run time at -O0,
    // at compile time when optimising.
    expect(disassemble(OPERATORS, { optimizationLevel: 0 })).toMatch(/OpBitwiseAnd %\d+ %\d+ %\d+\n\s+%\d+ = OpShiftRightArithmetic/);
  });

  it('keeps struct and member names (OpName/OpMemberName)', () => {
    const dis = disassemble(`
      struct Particle { float3 position; float age; };
      RWStructuredBuffer<Particle> ps;
      [numthreads(1, 1, 1)] void main() { Particle p = ps[0]; p.age += 1; ps[0] = p; }`);
    expect(dis).toMatch(/OpName %\d+ "Particle"/);
    expect(dis).toMatch(/OpMemberName %\d+ 0 "position"/);
    expect(dis).toMatch(/OpMemberName %\d+ 1 "age"/);
  });

  it('loop attributes map to loop control masks', () => {
    const dis = disassemble(`
      RWStructuredBuffer<float> o;
      [numthreads(1, 1, 1)] void main() {
        [unroll] for (int i = 0; i < 4; i++) o[i] = i;
        [loop] for (int j = 0; j < 4; j++) o[j] += j;
        float s = 0; int k = 0; do { s += o[k]; k++; } while (k < 4); o[5] = s;
      }`);
    expect(dis).toMatch(/OpLoopMerge %\d+ %\d+ Unroll/);
    expect(dis).toMatch(/OpLoopMerge %\d+ %\d+ DontUnroll/);
  });
});

describe('selection control, static locals and inheritance', () => {
  it('[flatten]/[branch] on if and switch map to Flatten/DontFlatten; [fastopt] to DontUnroll', () => {
    const dis = disassembleNamed(`
      RWStructuredBuffer<int> o;
      [numthreads(1, 1, 1)] void main() {
        int v = o[0];
        [flatten] if (v > 1) o[1] = 1;
        [branch] if (v > 2) o[2] = 2;
        if (v > 3) o[3] = 3;
        [branch] switch (v) { case 1: o[4] = 1; break; default: break; }
        [flatten] switch (v) { case 2: o[5] = 1; break; default: break; }
        [fastopt] for (int i = 0; i < v; i++) o[6] += i;
      }`);
    const merges = [...dis.matchAll(/OpSelectionMerge %\d+ (\w+)/g)].map((m) => m[1]);
    // In source order: the two ifs with attributes, the plain if, the two switches (the loop's exit
    // test adds one more plain selection).
    expect(merges.slice(0, 5)).toEqual(['Flatten', 'DontFlatten', 'None', 'DontFlatten', 'Flatten']);
    expect(dis).toMatch(/OpLoopMerge %\d+ %\d+ DontUnroll/);
  });

  it('a static local with a run-time initializer is guarded by a Private bool initialized false', () => {
    const dis = disassembleNamed(`
      RWStructuredBuffer<int> o;
      int next() { static int n = o[0]; n++; return n; }
      [numthreads(1, 1, 1)] void main() { o[1] = next(); }`);
    expect(dis).toMatch(/%next_n = OpVariable %_ptr_Private_int Private\n/);
    expect(dis).toMatch(/%next_n_initialized = OpVariable %_ptr_Private_bool Private %false/);
  });

  it('a derived struct holds its base as member 0', () => {
    const dis = disassembleNamed(`
      struct A { float a; }; struct B : A { int b; };
      RWStructuredBuffer<float> o;
      [numthreads(1, 1, 1)] void main() { B x; x.a = 1; x.b = 2; o[0] = x.a + x.b; }`, { optimizationLevel: 0 });
    expect(dis).toMatch(/%B = OpTypeStruct %A %int/);
  });
});

describe('wave intrinsics', () => {
  const wave = `
    RWStructuredBuffer<uint> o;
    [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
      uint v = id.x;
      o[v] = WaveActiveSum(v) + WavePrefixProduct(v) + WaveActiveCountBits(v > 1) + WaveReadLaneAt(v, v + 1)
        + QuadReadAcrossDiagonal(v) + (WaveActiveAllTrue(v < 9) ? 1 : 0) + WaveGetLaneCount() + WaveGetLaneIndex();
    }`;

  it('map to GroupNonUniform instructions with Subgroup scope and their capabilities', () => {
    const dis = disassembleNamed(wave, { targetEnv: 'vulkan1.1' });
    for (const cap of ['GroupNonUniform', 'GroupNonUniformArithmetic', 'GroupNonUniformBallot', 'GroupNonUniformQuad', 'GroupNonUniformVote']) {
      expect(dis, cap).toMatch(new RegExp(`OpCapability ${cap}\\n`));
    }
    expect(dis).toMatch(/OpGroupNonUniformIAdd %uint %uint_3 Reduce/);
    expect(dis).toMatch(/OpGroupNonUniformIMul %uint %uint_3 ExclusiveScan/);
    expect(dis).toMatch(/OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce %\d+/);
    expect(dis).toMatch(/OpGroupNonUniformQuadSwap %uint %uint_3 %\d+ %uint_2/);
    expect(dis).toMatch(/OpGroupNonUniformAll %bool %uint_3/);
    const [size] = builtinIds(dis, 'SubgroupSize');
    const [lane] = builtinIds(dis, 'SubgroupLocalInvocationId');
    expect(dis).toMatch(new RegExp(`OpEntryPoint GLCompute %main "main" .*${size} ${lane}`));
  });

  it('WaveReadLaneAt with a dynamic lane is a shuffle before SPIR-V 1.5 and a broadcast from 1.5', () => {
    const v11 = disassembleNamed(wave, { targetEnv: 'vulkan1.1' });
    expect(v11).toMatch(/OpGroupNonUniformShuffle %uint %uint_3/);
    expect(v11).toMatch(/OpCapability GroupNonUniformShuffle\n/);
    const v12 = disassembleSpirv(compileValid(wave, { targetEnv: 'vulkan1.2' }, ['vulkan1.2']).spirv);
    expect(v12).toMatch(/OpGroupNonUniformBroadcast %uint %uint_3/);
    expect(v12).not.toMatch(/Shuffle/);
  });

  it('lane builtins: one Input per entry point (Flat only in the pixel one), read through a Private copy', () => {
    // A helper shared by a vertex and a pixel entry point: vertex inputs must not be Flat, integer
    // fragment inputs must be, so each entry point has its own variable and the helper reads a copy.
    const dis = disassembleNamed(`
      uint lane() { return WaveGetLaneIndex(); }
      [shader("vertex")] float4 vs(float4 p : POSITION) : SV_Position { return p * lane(); }
      [shader("pixel")] float4 ps(float4 p : SV_Position) : SV_Target { return p * lane() + QuadReadAcrossX(p.x); }`, { targetEnv: 'vulkan1.1' });
    const [vsLane, psLane] = builtinIds(dis, 'SubgroupLocalInvocationId');
    expect(dis).toMatch(new RegExp(`OpEntryPoint Vertex %vs "vs" .*${vsLane}\\n`));
    expect(dis).toMatch(new RegExp(`OpEntryPoint Fragment %ps "ps" .*${psLane}\\n`));
    expect(dis).toMatch(new RegExp(`OpDecorate ${psLane} Flat`));
    expect(dis).not.toMatch(new RegExp(`OpDecorate ${vsLane} Flat`));
    expect(dis).toMatch(/%copy_gl_SubgroupLocalInvocationId = OpVariable %_ptr_Private_uint Private/);
  });
});

describe('the implicit vk namespace', () => {
  it('vk::ReadClock is OpReadClockKHR (SPV_KHR_shader_clock) with the vk:: scope constants', () => {
    const dis = disassembleNamed(`
      RWStructuredBuffer<uint64_t> o;
      [numthreads(1, 1, 1)] void main() { o[0] = vk::ReadClock(vk::SubgroupScope) - vk::ReadClock(vk::DeviceScope) + vk::QueueFamilyScope; }`);
    expect(dis).toMatch(/OpCapability ShaderClockKHR\n/);
    expect(dis).toMatch(/OpExtension "SPV_KHR_shader_clock"/);
    expect(dis).toMatch(/OpReadClockKHR %ulong %uint_3\n/);
    expect(dis).toMatch(/OpReadClockKHR %ulong %uint_1\n/);
    expect(dis).toMatch(/OpIAdd %ulong %\w+ %ulong_5\n/);
  });
});
