// A function that returns an element of a resource array chosen by a run-time index computed from its
// parameters (DirectX-Graphics-Samples' raytracing fallback layer: `return DescriptorHeapBufferTable
// [NonUniformResourceIndex(address[1])];`), also through a struct-returning function that takes the
// result as a parameter. DXC inlines these calls, so the access chain indexes with the caller's values;
// here the caller recomputes the index from its arguments, evaluated once at the call. Executed on
// Mesa 25 lavapipe (runtime descriptor arrays, non-uniform indexing); expected values follow from the
// input data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type Binding, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
});
afterAll(() => gpu?.close());

const words = (bytes: Uint8Array) => [...new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)];

const SOURCE = `
RWByteAddressBuffer Heap[] : register(u0);
RWByteAddressBuffer Result : register(u0, space1);
#define GpuVA uint2
struct Pointer { RWByteAddressBuffer buffer; uint offset; };
static RWByteAddressBuffer BufferOf(GpuVA address) { return Heap[NonUniformResourceIndex(address[1])]; }
static Pointer MakePointer(in RWByteAddressBuffer buffer, uint offset) {
  Pointer p;
  p.buffer = buffer;
  p.offset = offset;
  return p;
}
static Pointer PointerOf(GpuVA address) { return MakePointer(BufferOf(address), address[0]); }
uint Load(GpuVA address) { return BufferOf(address).Load(address[0]); }

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  GpuVA address = uint2(i * 4, i % 3);
  Pointer p = PointerOf(address);
  address = uint2(0, 0); // the pointer keeps the buffer its argument named
  Result.Store(i * 4, p.buffer.Load(p.offset) + Load(uint2(4, 2)) + BufferOf(address).Load(8));
}`;

describe('a returned resource array element indexed by the parameters (DXC inlines the call)', () => {
  for (const optimizationLevel of [0, 3] as const) {
    it(`reads the buffer its arguments name, -O${optimizationLevel}`, async () => {
      const cs = compileValid(SOURCE, { entryPoints: [{ name: 'main', stage: 'compute' }], optimizationLevel }, ['vulkan1.1', 'vulkan1.2']);
      const heap = [0, 1, 2].map((k): Binding => ({ binding: 0, arrayElement: k, kind: 'storage-buffer', data: new Uint32Array([0, 1, 2, 3].map((j) => 100 * k + j)) }));
      const { buffers } = await gpu.runCompute({
        spirv: cs.spirv,
        groups: [1, 1, 1],
        bindings: [...heap, { set: 1, binding: 0, kind: 'storage-buffer', size: 16, name: 'result' }],
      });
      // Thread i: word i of buffer i % 3, plus word 1 of buffer 2 (201), plus word 2 of buffer 0 (2).
      expect(words(buffers.result!)).toEqual([0, 1, 2, 3].map((i) => 100 * (i % 3) + i + 201 + 2));
    });
  }

  it('keeps the index NonUniform in the caller', () => {
    const cs = compileValid(SOURCE, { entryPoints: [{ name: 'main', stage: 'compute' }], optimizationLevel: 0 }, ['vulkan1.1']);
    const dis = disassembleSpirv(cs.spirv, ['--no-header']);
    const decorated = new Set([...dis.matchAll(/OpDecorate (%\w+) NonUniform\b/g)].map((m) => m[1]));
    const heapChains = [...dis.matchAll(/^\s*(%\w+) = OpAccessChain %\w+ %Heap /gm)].map((m) => m[1]!);
    // Two calls index by NonUniformResourceIndex(address[1]); the third names Heap[2] by a constant.
    expect(heapChains.filter((id) => decorated.has(id)).length).toBeGreaterThanOrEqual(2);
  });

  it('still refuses an index the caller cannot recompute', () => {
    const r = compile(`
      RWByteAddressBuffer Heap[4] : register(u0);
      RWByteAddressBuffer Result : register(u0, space1);
      static RWByteAddressBuffer Pick(uint k) { k = k + 1; return Heap[k]; }
      [numthreads(1, 1, 1)] void main(uint i : SV_DispatchThreadID) { Result.Store(0, Pick(i).Load(0)); }`);
    const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(errors).toEqual(["4:67 the resource returned by 'Pick' cannot be determined statically: it is an element of a resource array chosen by a run-time index"]);
  });
});
