// vk::ext_execution_mode_id: OpExecutionModeId with constant (or specialization constant) id operands.
// LocalSizeId in a compute shader replaces [numthreads]'s LocalSize (Vulkan 1.3: maintenance4); the dispatch on
// lavapipe shows the driver runs the workgroup size the ids give. Everything else is refused with why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const COMPUTE: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.3' };

// [numthreads(1,1,1)] is what HLSL requires; LocalSizeId makes the group WIDTH x 2 x 1.
const SOURCE = `
  [[vk::constant_id(0)]] const uint WIDTH = 4;
  RWStructuredBuffer<uint> results;
  void sized() { vk::ext_execution_mode_id(/* LocalSizeId */ 38, WIDTH, 2u, 1u); }
  [numthreads(1, 1, 1)]
  void main(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) {
    sized();
    results[id.y * 8 + id.x] = index + 1;
  }`;

function errorsOf(source: string, options: CompileOptions): string[] {
  return compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0]!);
}

describe('vk::ext_execution_mode_id', () => {
  it('is OpExecutionModeId LocalSizeId with the constants’ ids, in place of LocalSize', () => {
    for (const optimize of [false, true]) {
      const text = disassembleSpirv(compileValid(SOURCE, { ...COMPUTE, optimizationLevel: optimize ? 3 : 0 }, ['vulkan1.3']).spirv);
      expect(text).toMatch(/OpExecutionModeId %main LocalSizeId %\w+ %uint_2 %uint_1\n/);
      expect(text).toMatch(/OpDecorate %\w+ SpecId 0/);
      expect(text).not.toMatch(/OpExecutionMode %main LocalSize /);
    }
  });

  it('refuses other stages, Kernel modes, targets before Vulkan 1.3 and run-time operands, at the call', () => {
    // DXC's own test writes LocalSizeId and LocalSizeHintId in a pixel shader: invalid SPIR-V for Vulkan.
    const pixel = `int main() : SV_Target0 {\n  vk::ext_execution_mode_id(38, 8u, 6u, 8u);\n  vk::ext_execution_mode_id(39, 4, 4, 4);\n  return 3;\n}`;
    expect(errorsOf(pixel, { entryPoints: [{ name: 'main', stage: 'pixel' }], targetEnv: 'vulkan1.3' })).toEqual([
      "/input.hlsl:2:3: error: entry point 'main': LocalSizeId (vk::ext_execution_mode_id) sets a compute workgroup size: it is not an execution mode of the pixel stage",
      "/input.hlsl:3:3: error: entry point 'main': execution mode LocalSizeHintId (39) is Kernel-only: Vulkan shaders cannot declare it",
    ]);
    for (const [env, version] of [['vulkan1.0', '1.0'], ['vulkan1.2', '1.5']] as const) {
      expect(errorsOf(SOURCE, { ...COMPUTE, targetEnv: env })).toEqual([
        `/input.hlsl:4:18: error: entry point 'main': LocalSizeId (vk::ext_execution_mode_id) needs Vulkan 1.3 (maintenance4; SPIR-V 1.6), but the module is SPIR-V ${version}: use -fspv-target-env=vulkan1.3`,
      ]);
    }
    expect(errorsOf(`[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { vk::ext_execution_mode_id(38, id.x, 1u, 1u); }`, COMPUTE)).toEqual([
      "/input.hlsl:1:99: error: the operands of 'vk::ext_execution_mode_id' must be scalar constants or specialization constants: OpExecutionModeId takes ids of constant instructions",
    ]);
  });
});

describe('on lavapipe', () => {
  let gpu: GpuRunner;
  beforeAll(async () => {
    gpu = await startGpuRunner();
  });
  afterAll(() => gpu?.close());

  it('a LocalSizeId workgroup of WIDTH x 2 runs: two groups fill 16 slots with their local indices', async () => {
    for (const optimize of [false, true]) {
      const { spirv } = compileValid(SOURCE, { ...COMPUTE, optimizationLevel: optimize ? 3 : 0 }, ['vulkan1.3']);
      const result = await gpu.runCompute({ spirv, groups: [2, 1, 1], bindings: [{ binding: 0, kind: 'storage-buffer', size: 4 * 16, name: 'results' }] });
      const out = [...new Uint32Array(result.buffers.results!.slice().buffer)];
      // Thread (x, y): local index (x % 4) + 4y; with [numthreads(1,1,1)]'s size only slots 0 and 1 would be written.
      expect(out).toEqual(Array.from({ length: 16 }, (_, i) => (i % 8) % 4 + 4 * Math.floor(i / 8) + 1));
    }
  });
});
