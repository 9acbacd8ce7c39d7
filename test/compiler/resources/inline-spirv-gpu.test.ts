// Inline SPIR-V (vk::ext_instruction with ext_capability / ext_extension / ext_literal /
// ext_reference) and vk::ReadClock, executed on lavapipe with VK_KHR_shader_clock named by the test,
// as an application enables it. Expected values follow from the inputs (FindILsb, Fma, a volatile
// load) and from the clock being monotonic within an invocation.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/inline-spirv.hlsl', import.meta.url), 'utf8');
// Structure as the manual maps it (unoptimised: names of locals and functions kept, no inlining).
const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }], optimizationLevel: 0 as const };

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const bits = (f: number) => new Uint32Array(new Float32Array([f]).buffer)[0]!;

describe('inline SPIR-V and the shader clock', () => {
  const { spirv } = compileValid(source, options, ['vulkan1.0', 'vulkan1.2']);

  it('emits the instructions as written, with what their attributes declare', () => {
    const text = disassembleSpirv(spirv);
    expect(text).toContain('OpCapability ShaderClockKHR');
    expect(text).toContain('OpExtension "SPV_KHR_shader_clock"');
    expect(text).toMatch(/OpExtInst %uint %\d+ FindILsb/);
    expect(text).toMatch(/OpExtInst %float %\d+ Fma/);
    expect(text).toMatch(/OpLoad %float %kept Volatile/);
    expect(text.match(/OpReadClockKHR %ulong %uint_3/g)?.length).toBe(2);
  });

  it('runs on the driver with VK_KHR_shader_clock', async () => {
    const result = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      bindings: [{ binding: 0, kind: 'storage-buffer', data: new Uint32Array([0b1011000, bits(1.25), bits(7), 5, 0]), name: 'results' }],
      extensions: ['VK_KHR_shader_clock'],
    });
    const out = new Uint32Array(result.buffers.results!.slice().buffer);
    let spin = 5;
    for (let i = 0; i < 64; i++) spin = (Math.imul(spin, 1664525) + 1013904223) >>> 0;
    expect([...out]).toEqual([3, bits(1.25 * 2 + 0.5), bits(21), spin, 1]);
  });

  it('without the extension named, the harness refuses the module as an application would', async () => {
    await expect(gpu.runCompute({ spirv, groups: [1, 1, 1], bindings: [{ binding: 0, kind: 'storage-buffer', size: 20 }] })).rejects.toThrow(/VK_KHR_shader_clock/);
  });

  it('declares the subgroup capabilities an inline OpGroupNonUniform* instruction needs', () => {
    const src = `
      [[vk::ext_instruction(/* OpGroupNonUniformBallotBitCount */ 342)]]
      uint ballotBitCount(uint scope, [[vk::ext_literal]] uint groupOperation, uint4 ballot);
      [[vk::ext_instruction(/* OpGroupNonUniformIAdd */ 349)]]
      uint subgroupAdd(uint scope, [[vk::ext_literal]] uint groupOperation, uint value);
      RWStructuredBuffer<uint> o;
      [numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) {
        o[i] = ballotBitCount(vk::SubgroupScope, /* Reduce */ 0, uint4(1, 0, 0, 0)) + subgroupAdd(vk::SubgroupScope, /* ExclusiveScan */ 2, i);
      }`;
    const text = disassembleSpirv(compileValid(src, options, ['vulkan1.1']).spirv);
    expect(text).toContain('OpCapability GroupNonUniformBallot');
    expect(text).toContain('OpCapability GroupNonUniformArithmetic');
    expect(text).toMatch(/OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce/);
  });

  it('checks literal operands, and the WGSL target refuses inline SPIR-V', () => {
    const errors = (body: string, target: 'spirv' | 'wgsl' = 'spirv') =>
      compile(`[[vk::ext_instruction(61)]] float ld([[vk::ext_reference]] float p, [[vk::ext_literal]] uint m);\n[[vk::ext_instruction(13, "GLSL.std.450")]] float s(float x);\nRWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void main() {\n${body}\n}`, { target })
        .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(errors('float x = 1; o[0] = ld(x, o[1]);')).toEqual([
      "5:28 argument 2 of 'ld' is a literal operand ([[vk::ext_literal]]): it must be an integer constant",
    ]);
    expect(errors('o[0] = s(o[1]);', 'wgsl')).toEqual([
      // At the call, as written.
      '5:8 inline SPIR-V (vk::ext_instruction GLSL.std.450 13) is not supported by the WGSL target (WGSL has no inline SPIR-V)',
    ]);
  });
});

describe('execution modes from the source', () => {
  const source = `
    void flushDenormals() {
      vk::ext_execution_mode(/* DenormFlushToZero */ 4460, 32);
    }
    [[vk::spvexecutionmode(/* EarlyFragmentTests */ 9)]]
    float4 main() : SV_Target {
      flushDenormals();
      return 1;
    }
    float4 other() : SV_Target { return 0; }`;

  it('belong to the entry points whose call graph reaches them, with the capability each needs', () => {
    const main = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'pixel' }] }, ['vulkan1.1', 'vulkan1.2']).spirv);
    expect(main).toContain('OpExecutionMode %main EarlyFragmentTests');
    expect(main).toContain('OpExecutionMode %main DenormFlushToZero 32');
    expect(main).toContain('OpCapability DenormFlushToZero');
    const other = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'other', stage: 'pixel' }] }, ['vulkan1.1']).spirv);
    expect(other).not.toContain('DenormFlushToZero');
  });

  it('refuses modes Vulkan cannot have, and non-constant operands', () => {
    const errors = (body: string) =>
      compile(`float4 main() : SV_Target {\n${body}\nreturn 0; }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] })
        .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors('vk::ext_execution_mode(35, 32);')).toEqual([
      "entry point 'main': execution mode SubgroupSize (35) needs the Kernel-only SubgroupDispatch capability, which Vulkan shaders cannot declare",
    ]);
    expect(errors('uint m = 9; vk::ext_execution_mode(m);')).toEqual(["the arguments of 'vk::ext_execution_mode' must be integer constants"]);
  });
});

describe('inline SPIR-V operands that SPIR-V requires to be constants', () => {
  // HLSL 202x types `8 | 256` as int arithmetic, not a literal: still one OpConstant, at every level.
  const barrier = `
    [[vk::ext_instruction(/* OpControlBarrier */ 224)]]
    void controlBarrier(uint executionScope, uint memoryScope, uint memorySemantics);
    [numthreads(64, 1, 1)] void main() { controlBarrier(2, 2, 0x8 | 0x100); }`;
  it.each([0, 3] as const)('folds a scope or semantics expression into one constant (-O%d)', (level) => {
    const text = disassembleSpirv(
      compileValid(barrier, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.3', hlslVersion: '202x', optimizationLevel: level }, ['vulkan1.3']).spirv,
    );
    expect(text).toMatch(/OpControlBarrier %uint_2 %uint_2 %uint_264/);
  });
});
