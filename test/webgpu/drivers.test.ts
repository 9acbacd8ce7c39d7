// Dawn on Mesa 25 lavapipe (scripts/mesa25.sh), in its own process (dawn-process.ts): the adapter is
// that driver's, it offers shader-f16, a device gets only the features a job names, and results,
// draws and errors come back across the process as they do in-process. Without Mesa 25 the start
// fails naming the script (never a skip).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GpuSetupError } from '../gpu/runner-build.js';
import { startWebGpu, WebGpuValidationError, WgslCompilationError, type WebGpuRunner } from './harness.js';

const words = (bytes: Uint8Array) => Array.from(new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));

describe('WebGPU on Dawn + Mesa 25 lavapipe (child process)', () => {
  let gpu: WebGpuRunner;
  beforeAll(async () => {
    gpu = await startWebGpu({ driver: 'lavapipe-mesa25' });
  });
  afterAll(() => gpu?.close());

  it('runs on Mesa 25 llvmpipe and offers shader-f16 and subgroups', () => {
    expect(gpu.driver).toBe('lavapipe-mesa25');
    expect(gpu.adapterDescription).toMatch(/llvmpipe.*Mesa 25\./);
    expect(gpu.supportedFeatures).toEqual(['shader-f16', 'subgroups']);
  });

  it('runs an f16 module on a device asked for shader-f16, and rejects it on one without', async () => {
    const wgsl = `enable f16;
      @group(0) @binding(0) var<storage, read> input: array<f32>;
      @group(0) @binding(1) var<storage, read_write> out: array<u32>;
      @compute @workgroup_size(1) fn main() { out[0] = pack2x16float(vec2<f32>(0.0, 0.0)) | bitcast<u32>(vec2<f16>(f16(input[0]), f16(-2.0))); }`;
    const job = {
      wgsl,
      groups: [1, 1, 1] as const,
      bindings: [
        { binding: 0, kind: 'read-only-storage-buffer' as const, data: new Float32Array([1.5]) },
        { binding: 1, kind: 'storage-buffer' as const, size: 8, name: 'out' },
      ],
    };
    const { buffers } = await gpu.runCompute({ ...job, features: ['shader-f16'] });
    // 1.5 = 0x3e00 in the low half, -2.0 = 0xc000 in the high half; the second word is never written.
    expect(words(buffers.out!)).toEqual([0xc0003e00, 0xcdcdcdcd]);
    const error = await gpu.runCompute(job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WgslCompilationError);
    expect((error as Error).message).toContain("1:8 error: extension 'f16' is not allowed in the current environment");
  });

  it('brings back Tint messages and validation errors as their classes', async () => {
    const compileError = await gpu.compile('fn f() -> u32 { return 1.5; }').catch((e: unknown) => e);
    expect(compileError).toBeInstanceOf(WgslCompilationError);
    expect((compileError as WgslCompilationError).messages).toEqual([
      { type: 'error', message: "cannot convert value of type 'abstract-float' to type 'u32'", line: 1, column: 24 },
    ]);
    const wgsl = `@group(0) @binding(0) var<uniform> u: vec4<u32>;
      @group(0) @binding(1) var<storage, read_write> out: array<u32>;
      @compute @workgroup_size(1) fn main() { out[0] = u.x; }`;
    const validation = await gpu
      .runCompute({ wgsl, groups: [1, 1, 1], bindings: [{ binding: 0, kind: 'storage-buffer', size: 16 }, { binding: 1, kind: 'storage-buffer', size: 4 }] })
      .catch((e: unknown) => e);
    expect(validation).toBeInstanceOf(WebGpuValidationError);
    expect((validation as WebGpuValidationError).messages.join('\n')).toMatch(/binding/i);
  });

  it('draws, and the result decodes texels as in-process', async () => {
    const wgsl = `
      @vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
        let p = array(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
        return vec4<f32>(p[i], 0.0, 1.0);
      }
      @fragment fn ps() -> @location(0) vec4<f32> { return vec4<f32>(0.25, 0.5, 1.0, 1.0); }`;
    const image = await gpu.renderTriangle({ vertexWgsl: wgsl, vertexEntry: 'vs', pixelEntry: 'ps', vertexCount: 3, width: 4, height: 4, format: 'rgba32float' });
    expect(image.texel(0, 0)).toEqual([0.25, 0.5, 1, 1]);
    expect(image.texel(3, 3)).toEqual([0.25, 0.5, 1, 1]);
  });
});

describe('Dawn on Mesa 25 when it is not provisioned', () => {
  it('fails, naming scripts/mesa25.sh', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-mesa25-'));
    vi.stubEnv('HLSL_MESA25_DIR', empty);
    try {
      const started = startWebGpu({ driver: 'lavapipe-mesa25' });
      await expect(started).rejects.toThrow(GpuSetupError);
      await expect(started).rejects.toThrow(/bash scripts\/mesa25\.sh/);
    } finally {
      vi.unstubAllEnvs();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
