// vk::BufferPointer executed on lavapipe: pointers in a push-constant struct (the runner writes the
// buffers' device addresses there), moved through uint64_t arithmetic, passed to a function, read
// and written with Get() (an atomic too). Expected values follow from the inputs and the storage-buffer layout of
// Material (float4 at 0, float at 16, uint at 20), not from the compiler. The SPIR-V has DXC's shape
// (pointer-typed members, OpConvertUToPtr/PtrToU, Aligned accesses, RestrictPointer variables unless
// [[vk::aliased_pointer]]); the reflection sees each pointer as 8 bytes; the WGSL target refuses the type.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/buffer-pointer.hlsl', import.meta.url), 'utf8');
// Structure as the manual maps it (unoptimised: names of locals and functions kept, no inlining).
const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }], optimizationLevel: 0 as const };

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

function materials(): ArrayBuffer {
  const view = new DataView(new ArrayBuffer(64));
  const put = (at: number, albedo: number[], roughness: number, flags: number) => {
    albedo.forEach((v, k) => view.setFloat32(at + k * 4, v, true));
    view.setFloat32(at + 16, roughness, true);
    view.setUint32(at + 20, flags, true);
    view.setUint32(at + 24, 0xcafe, true); // past the struct
  };
  put(0, [1, 2, 3, 4], 0.25, 1);
  put(32, [10, 20, 30, 40], 0.5, 2);
  return view.buffer;
}

describe('vk::BufferPointer', () => {
  const { spirv, reflection } = compileValid(source, options, ['vulkan1.1', 'vulkan1.2']);

  it('lowers as DXC does: PhysicalStorageBuffer pointer members, pointer casts, aligned accesses', () => {
    const text = disassembleSpirv(spirv);
    expect(text).toContain('OpMemoryModel PhysicalStorageBuffer64 GLSL450');
    expect(text).toMatch(/OpTypeStruct %_ptr_PhysicalStorageBuffer_Material %_ptr_PhysicalStorageBuffer_v4float/);
    expect(text).toMatch(/OpConvertPtrToU %ulong/);
    expect(text).toMatch(/OpConvertUToPtr %_ptr_PhysicalStorageBuffer_Material/);
    expect(text).toMatch(/OpLoad %v4float %\d+ Aligned 16/);
    expect(text).toMatch(/OpDecorate %m_0 RestrictPointer/); // no [[vk::aliased_pointer]]: DXC's default
    const pc = reflection!.pushConstants[0]!;
    expect(pc.block.size).toBe(24);
    expect(pc.block.members.map((m) => [m.name, m.offset, m.type.kind === 'scalar' ? m.type.scalar : m.type.kind])).toEqual([
      ['materials', 0, 'u64'],
      ['output', 8, 'u64'],
      ['shaded', 16, 'u64'],
    ]);
  });

  it('reads and writes through the pointers on the driver', async () => {
    const result = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      push: new Uint8Array(24),
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint8Array(materials()), name: 'materials' },
        { binding: 1, kind: 'storage-buffer', size: 32, name: 'output' },
        { binding: 2, kind: 'storage-buffer', data: new Uint32Array([10]), name: 'counter' },
      ],
      addresses: [
        { binding: 0, pushOffset: 0 },
        { binding: 1, pushOffset: 8 },
        { binding: 2, pushOffset: 16 },
      ],
    });
    // albedo * 2 * (1 - roughness)
    expect([...new Float32Array(result.buffers.output!.slice().buffer)]).toEqual([1.5, 3, 4.5, 6, 10, 20, 30, 40]);
    const m = new DataView(result.buffers.materials!.slice().buffer);
    expect([m.getUint32(20, true), m.getUint32(52, true)]).toEqual([0x101, 0x102]);
    expect([m.getUint32(24, true), m.getUint32(56, true)]).toEqual([0xcafe, 0xcafe]);
    expect(new Uint32Array(result.buffers.counter!.slice().buffer)[0]).toBe(10 + 1 + 2); // InterlockedAdd through Get()
  });

  it('checks alignments and casts, and the WGSL target refuses buffer pointers', () => {
    const errors = (body: string, target: 'spirv' | 'wgsl' = 'spirv') =>
      compile(`struct B { int a; }; struct D : B { int b; };\ncbuffer C { vk::BufferPointer<D, 16> d; vk::BufferPointer<int> i; };\n[numthreads(1,1,1)] void main() {\n${body}\n}`, { target })
        .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(errors('vk::BufferPointer<B, 16> b = vk::static_pointer_cast<B, 16>(d); b.Get().a = 1;')).toEqual([]);
    expect(errors('vk::BufferPointer<B, 32> b = vk::static_pointer_cast<B, 32>(d);')).toEqual([
      '4:30 a buffer pointer cannot be cast to a greater alignment (16 to 32)',
    ]);
    expect(errors('vk::BufferPointer<float> f = vk::static_pointer_cast<float>(i);')).toEqual([
      "4:30 vk::static_pointer_cast needs a base struct of 'int', not 'float'",
    ]);
    expect(errors('vk::BufferPointer<float> f = vk::reinterpret_pointer_cast<float>(i); i.Get() = (int)f.Get();')).toEqual([]);
    expect(errors('vk::BufferPointer<int, 3> p = i;')).toEqual(["4:24 the alignment of 'vk::BufferPointer' must be a constant power of two"]);
    expect(errors('i.Get() = 1;', 'wgsl')).toEqual([
      "2:1 the buffer pointer type 'vk::BufferPointer<D, 16>' (in 'C') is not supported by the WGSL target (WebGPU has no buffer device addresses)",
    ]);
  });

  it('refuses a buffer pointer held only in locals for WGSL where the user wrote it', () => {
    const errors = (body: string) =>
      compile(`struct D { float4 v; };\nRWStructuredBuffer<uint64_t> addrs;\nRWStructuredBuffer<float4> outv;\nfloat4 read(vk::BufferPointer<D> q) { return q.Get().v; }\n[numthreads(1,1,1)] void main() {\n${body}\n}`, { target: 'wgsl' })
        .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    const refused = (type: string, where: string) => `the buffer pointer type '${type}' (in ${where}) is not supported by the WGSL target (WebGPU has no buffer device addresses)`;
    // A declared local (at its name) or parameter (at its declaration).
    expect(errors('vk::BufferPointer<D> p = vk::BufferPointer<D>(addrs[0]); outv[0] = p.Get().v;')).toEqual([`6:22 ${refused('vk::BufferPointer<D>', "'p'")}`]);
    expect(errors('outv[0] = read(vk::BufferPointer<D>(addrs[0]));')).toEqual([`4:13 ${refused('vk::BufferPointer<D>', "'q'")}`]);
    // Only a value: at the entry point whose function computes it.
    expect(errors('outv[0] = vk::BufferPointer<D>(addrs[0]).Get().v;')).toEqual([`5:26 ${refused('vk::BufferPointer<D>', "entry point 'main'")}`]);
    // Only a value in a helper: at the helper's call.
    const helper = compile(`struct D { float4 v; };\nRWStructuredBuffer<uint64_t> addrs;\nRWStructuredBuffer<float4> outv;\nfloat4 load(uint i) { return vk::BufferPointer<D>(addrs[i]).Get().v; }\n[numthreads(1,1,1)] void main() {\n  outv[0] = load(0);\n}`, { target: 'wgsl' })
      .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(helper).toEqual([`6:13 ${refused('vk::BufferPointer<D>', "'load', called here")}`]);
  });
});
