// Rasterizer-ordered views drawn on lavapipe (VK_EXT_fragment_shader_interlock named by the test):
// two full-screen triangles read-modify-write each pixel's history in primitive order, so every
// pixel ends with 1 then 2 appended (12) and a coverage count of 2. The SPIR-V has one interlock
// around the pixel shader's HLSL function and PixelInterlockOrderedEXT; a vertex shader using a
// rasterizer-ordered view and the WGSL target are refused.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/rasterizer-ordered.hlsl', import.meta.url), 'utf8');

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

describe('RasterizerOrderedTexture2D and RasterizerOrderedStructuredBuffer', () => {
  // Unoptimised: the interlock brackets the call of the HLSL function, as the structure test reads it.
  const vs = compileValid(source, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }], optimizationLevel: 0 });
  const ps = compileValid(source, { entryPoints: [{ name: 'ps_main', stage: 'pixel' }], optimizationLevel: 0 });

  it('runs the pixel shader inside one interlock, in PixelInterlockOrderedEXT mode', () => {
    const text = disassembleSpirv(ps.spirv);
    expect(text).toContain('OpCapability FragmentShaderPixelInterlockEXT');
    expect(text).toContain('OpExecutionMode %ps_main PixelInterlockOrderedEXT');
    expect(text.match(/OpBeginInvocationInterlockEXT/g)?.length).toBe(1);
    // In the entry wrapper: begin before the inputs are read and the HLSL function runs, end after it returns.
    expect(text).toMatch(/OpBeginInvocationInterlockEXT\n(?:[^\n]*\n)*?[^\n]*OpFunctionCall %v4float %src_ps_main[^\n]*\n\s+OpEndInvocationInterlockEXT/);
    expect(ps.reflection!.bindings.map((b) => [b.name, b.kind])).toEqual([
      ['history', 'storage-image'],
      ['coverage', 'storage-buffer'],
    ]);
  });

  it('orders overlapping fragments by primitive on the driver', async (ctx) => {
    const run = gpu.renderTriangle({
      vertexSpirv: vs.spirv,
      pixelSpirv: ps.spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertexCount: 6,
      width: 8,
      height: 8,
      format: 'rgba32float',
      bindings: [
        { binding: 0, kind: 'storage-image', format: 'r32uint', width: 8, height: 8, data: new Uint32Array(64) },
        { binding: 1, kind: 'storage-buffer', data: new Uint32Array(64), name: 'coverage' },
      ],
      features: ['fragmentStoresAndAtomics'],
      extensions: ['VK_EXT_fragment_shader_interlock'],
    });
    // Neither lavapipe (Mesa 22.3 nor 25) has fragment shader interlock: reported as skipped, not passed;
    // the real-driver lane (scripts/gpu-lane) runs it on a driver that has it (NVIDIA: passes).
    const image = await run.catch((error: Error) => {
      if (/(?:fragmentShaderPixelInterlock|VK_EXT_fragment_shader_interlock) is not supported by this driver/.test(error.message)) ctx.skip();
      throw error;
    });
    expect([...new Uint32Array(image.images['0:0']!.slice().buffer)]).toEqual(new Array(64).fill(12));
    expect([...new Uint32Array(image.buffers.coverage!.slice().buffer)]).toEqual(new Array(64).fill(2));
    expect(image.texel(3, 3)[0]).toBe(2); // the second triangle is drawn last
  });

  it('refuses other stages and the WGSL target', () => {
    const errors = (src: string, options: Parameters<typeof compile>[1]) => compile(src, options).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    const vertex = 'RasterizerOrderedBuffer<float> b;\nfloat4 main(uint id : SV_VertexID) : SV_Position { b[id] = 1; return 0; }';
    expect(errors(vertex, { entryPoints: [{ name: 'main', stage: 'vertex' }] })).toEqual([
      "entry point 'main' uses a rasterizer-ordered view: only pixel shaders have a fragment interlock, not the vertex stage",
    ]);
    expect(errors(source, { entryPoints: [{ name: 'ps_main', stage: 'pixel' }], target: 'wgsl' })).toEqual([
      "the rasterizer-ordered view 'history' is not supported by the WGSL target (WebGPU has no fragment shader interlock)",
    ]);
  });
});
