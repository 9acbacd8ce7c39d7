// vk::RawBufferLoad/Store executed on lavapipe: the runner writes two buffers' device addresses into
// the push constants (test/gpu/device-addresses.ts), the shader reads structs, bools and scalars
// through them and writes back. Expected bytes follow from the inputs and the storage-buffer layout
// (Particle: float3 at 0, uint at 12, float2 at 16), not from the compiler. The SPIR-V declares what
// DXC declares for it (PhysicalStorageBuffer64, the capability, the extension before SPIR-V 1.5), and
// the WGSL target refuses device addresses.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/raw-buffer.hlsl', import.meta.url), 'utf8');
// Structure as the manual maps it (unoptimised: names of locals and functions kept, no inlining).
const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }], optimizationLevel: 0 as const };

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

/** Four particles, 32 bytes apart: position, id, velocity, then the frozen flag at byte 24. */
function particles(): ArrayBuffer {
  const bytes = new ArrayBuffer(4 * 32);
  const view = new DataView(bytes);
  for (let i = 0; i < 4; i++) {
    const at = i * 32;
    [i, 10 + i, 100 + i].forEach((v, k) => view.setFloat32(at + k * 4, v, true));
    view.setUint32(at + 12, 7 + i, true);
    view.setFloat32(at + 16, 2 * (i + 1), true);
    view.setFloat32(at + 20, -(i + 1), true);
    view.setUint32(at + 24, i === 2 ? 1 : 0, true);
    view.setUint32(at + 28, 0xdeadbeef, true);
  }
  return bytes;
}

describe('vk::RawBufferLoad / vk::RawBufferStore', () => {
  for (const env of ['vulkan1.1', 'vulkan1.2'] as const) {
    it(`reads and writes through device addresses from the push constants (${env})`, async () => {
      const { spirv } = compileValid(source, { ...options, targetEnv: env }, [env]);
      const text = disassembleSpirv(spirv);
      expect(text).toContain('OpMemoryModel PhysicalStorageBuffer64 GLSL450');
      expect(text).toContain('OpCapability PhysicalStorageBufferAddresses');
      // Core from SPIR-V 1.5 (vulkan1.2): the extension only before it.
      expect(text.includes('OpExtension "SPV_KHR_physical_storage_buffer"')).toBe(env === 'vulkan1.1');
      expect(text).toMatch(/OpLoad %Particle_0 %\d+ Aligned 16/);

      const push = new DataView(new ArrayBuffer(24));
      push.setFloat32(16, 0.5, true); // dt
      push.setUint32(20, 4, true); // count
      const result = await gpu.runCompute({
        spirv,
        groups: [1, 1, 1],
        push: new Uint8Array(push.buffer),
        bindings: [
          { binding: 0, kind: 'storage-buffer', data: new Uint8Array(particles()), name: 'particles' },
          { binding: 1, kind: 'storage-buffer', size: 4 * 4 + 4 * 8, name: 'results' },
        ],
        addresses: [
          { binding: 0, pushOffset: 0 },
          { binding: 1, pushOffset: 8 },
        ],
      });
      const out = new DataView(result.buffers.particles!.slice().buffer);
      for (let i = 0; i < 4; i++) {
        const at = i * 32;
        const moved = i === 2 ? 0 : 0.5;
        expect([0, 1, 2].map((k) => out.getFloat32(at + k * 4, true))).toEqual([i + moved * 2 * (i + 1), 10 + i - moved * (i + 1), 100 + i]);
        expect(out.getUint32(at + 12, true)).toBe(7 + i);
        expect(out.getUint32(at + 28, true)).toBe(0xdeadbeef); // past the struct: never written
      }
      const results = new DataView(result.buffers.results!.slice().buffer);
      expect([0, 1, 2, 3].map((i) => results.getUint32(i * 4, true))).toEqual([70, 80, 91, 100]);
      expect([0, 1, 2, 3].flatMap((i) => [results.getFloat32(16 + i * 8, true), results.getFloat32(20 + i * 8, true)])).toEqual([2, 1, 4, 2, 6, 3, 8, 4]);
    });
  }

  it('loads and stores a sized vk::SpirvType (DXC intrinsics.vkrawbufferload), not an opaque one', async () => {
    // Word is a 32-bit unsigned OpTypeInt written inline: each word moves to the slot after the next.
    const shader = `
      using Word = vk::SpirvType</* OpTypeInt */ 21, 4, 4, vk::Literal<vk::integral_constant<uint, 32> >, vk::Literal<vk::integral_constant<uint, 0> > >;
      struct Push { uint64_t address; };
      [[vk::push_constant]] Push push;
      [numthreads(2, 1, 1)]
      void main(uint i : SV_GroupIndex) {
        Word w = vk::RawBufferLoad<Word>(push.address + i * 4);
        vk::RawBufferStore<Word>(push.address + (i + 2) * 4, w);
      }`;
    const { spirv } = compileValid(shader, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.2' }, ['vulkan1.2']);
    // The inline OpTypeInt 32 0 is the module's uint (SPIR-V types are unique).
    expect(disassembleSpirv(spirv)).toMatch(/OpLoad %uint %\d+ Aligned 4/);
    const result = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      push: new Uint8Array(8),
      bindings: [{ binding: 0, kind: 'storage-buffer', data: new Uint32Array([0x12345678, 0xcafe, 0, 0]), name: 'words' }],
      addresses: [{ binding: 0, pushOffset: 0 }],
    });
    expect([...new Uint32Array(result.buffers.words!.slice().buffer)]).toEqual([0x12345678, 0xcafe, 0x12345678, 0xcafe]);
    const opaque = compile('using Q = vk::SpirvOpaqueType</* OpTypeRayQueryKHR */ 4472>;\n[numthreads(1,1,1)] void main() { Q q = vk::RawBufferLoad<Q>(0); }');
    expect(opaque.diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(/'vk::RawBufferLoad' reads and writes numeric values, structs, arrays and sized vk::SpirvType values, not/));
  });

  it('needs a constant power-of-two alignment, and the WGSL target refuses device addresses', () => {
    const errors = (body: string, target: 'spirv' | 'wgsl' = 'spirv') =>
      compile(`RWStructuredBuffer<uint> o;\n[numthreads(1,1,1)] void main() {\n${body}\n}`, { target })
        .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(errors('o[0] = vk::RawBufferLoad<uint>(0, 3);')).toEqual(["3:35 the alignment of 'vk::RawBufferLoad' must be a constant power of two"]);
    expect(errors('o[0] = vk::RawBufferLoad<uint>(0, o[1]);')).toEqual(["3:36 the alignment of 'vk::RawBufferLoad' must be a constant power of two"]);
    expect(errors('o[0] = vk::RawBufferLoad(0);', 'wgsl')).toEqual([
      "1:1 memory at a device address (vk::RawBufferLoad/Store, vk::BufferPointer) is not supported by the WGSL target (WebGPU has no buffer device addresses), in function 'main'",
    ]);
  });
});
