// The harness's driver choice: the system lavapipe (Mesa 22.3 on Debian 12) by default, Mesa 25
// lavapipe (scripts/mesa25.sh) on request. A driver that is not provisioned fails the test, naming
// the script; the Mesa 25 tests never skip.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GpuJobError, GpuSetupError, startGpuRunner, type ComputeJob, type GpuRunner } from './harness.js';
import { assembleSpirv } from './spirv-tools.js';

// Writes 7 to the first word of a storage buffer: the job itself only has to run.
const STORE_SEVEN = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %out
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Out 0 Offset 0
               OpDecorate %Out Block
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_7 = OpConstant %uint 7
     %uint_4 = OpConstant %uint 4
        %arr = OpTypeArray %uint %uint_4
        %Out = OpTypeStruct %arr
    %Out_ptr = OpTypePointer StorageBuffer %Out
   %uint_ptr = OpTypePointer StorageBuffer %uint
        %out = OpVariable %Out_ptr StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %uint_ptr %out %uint_0 %uint_0
               OpStore %p %uint_7
               OpReturn
               OpFunctionEnd
`;

// VK_KHR_acceleration_structure requires VK_KHR_deferred_host_operations (the layer checks it).
const MESA25_EXTENSIONS = [
  'VK_EXT_mesh_shader',
  'VK_KHR_ray_query',
  'VK_KHR_ray_tracing_pipeline',
  'VK_KHR_acceleration_structure',
  'VK_KHR_deferred_host_operations',
];

describe('gpu harness drivers', () => {
  let system: GpuRunner;
  let mesa25: GpuRunner;
  const spirv = assembleSpirv(STORE_SEVEN, 'vulkan1.3');
  const job = (extra: Partial<ComputeJob> = {}): ComputeJob => ({
    spirv,
    groups: [1, 1, 1],
    bindings: [{ binding: 0, kind: 'storage-buffer', size: 16, name: 'out' }],
    ...extra,
  });

  beforeAll(async () => {
    system = await startGpuRunner();
    mesa25 = await startGpuRunner({ driver: 'lavapipe-mesa25' });
  });
  afterAll(async () => {
    await system?.close();
    await mesa25?.close();
  });

  it('runs jobs on Mesa 25 lavapipe', async () => {
    const { buffers } = await mesa25.runCompute(job());
    expect(new Uint32Array(buffers.out!.slice().buffer)[0]).toBe(7);
  });

  it('Mesa 25 offers mesh shaders, ray queries and ray tracing with their features; Mesa 22.3 does not', async () => {
    // Naming an extension-owned feature also chains that extension's feature struct in the runner.
    const features = ['meshShader', 'taskShader', 'rayQuery', 'rayTracingPipeline', 'accelerationStructure', 'bufferDeviceAddress'];
    const { buffers } = await mesa25.runCompute(job({ extensions: MESA25_EXTENSIONS, features }));
    expect(new Uint32Array(buffers.out!.slice().buffer)[0]).toBe(7);
    await expect(system.runCompute(job({ extensions: ['VK_EXT_mesh_shader'] }))).rejects.toThrow(
      /device extension VK_EXT_mesh_shader is not supported by this driver/,
    );
  });

  it('an extension feature needs its extension named by the job', async () => {
    await expect(mesa25.runCompute(job({ features: ['meshShader'] }))).rejects.toThrow(GpuJobError);
    await expect(mesa25.runCompute(job({ features: ['meshShader'] }))).rejects.toThrow(
      /meshShader belongs to VK_EXT_mesh_shader, which the job does not name/,
    );
  });

  it('fails, naming scripts/mesa25.sh, when Mesa 25 is not provisioned', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-mesa25-'));
    vi.stubEnv('HLSL_MESA25_DIR', empty);
    try {
      const started = startGpuRunner({ driver: 'lavapipe-mesa25' });
      await expect(started).rejects.toThrow(GpuSetupError);
      await expect(started).rejects.toThrow(/bash scripts\/mesa25\.sh/);
    } finally {
      vi.unstubAllEnvs();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
