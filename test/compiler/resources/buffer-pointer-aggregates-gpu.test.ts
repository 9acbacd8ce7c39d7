// Buffer pointers inside aggregates executed on lavapipe (fixtures/resources/buffer-pointer-aggregates.hlsl):
// a pointer is a leaf of flat conversions (`Accessor<float4>(ptr)`) and initializer lists (nested and
// flat), and Get() works on a pointer that is no variable (a call's result, a conditional: DXC issue
// #7302). Expected values follow from the inputs, not from the compiler.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/buffer-pointer-aggregates.hlsl', import.meta.url), 'utf8');
const entryPoints = [{ name: 'main', stage: 'compute' as const }];
const SENTINEL = new DataView(new Uint8Array([0xcd, 0xcd, 0xcd, 0xcd]).buffer).getFloat32(0, true);

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

describe('vk::BufferPointer in aggregates', () => {
  for (const optimizationLevel of [0, 3] as const) {
    it(`copies through accessors built by casts and initializer lists (-O${optimizationLevel})`, async () => {
      const { spirv } = compileValid(source, { entryPoints, optimizationLevel });
      const input = Float32Array.from({ length: 16 }, (_, i) => i + 1);
      const { buffers } = await gpu.runCompute({
        spirv,
        groups: [1, 1, 1],
        push: new Uint8Array(16),
        bindings: [
          { binding: 0, kind: 'storage-buffer', data: input, name: 'input' },
          { binding: 1, kind: 'storage-buffer', size: 8 * 16, name: 'output' },
        ],
        addresses: [
          { binding: 0, pushOffset: 0 },
          { binding: 1, pushOffset: 8 },
        ],
      });
      const out = [...new Float32Array(buffers.output!.slice().buffer)];
      const row = (i: number) => [...input.slice(i * 4, i * 4 + 4)];
      const expected = [0, 1, 2, 3].flatMap((t) => row(t).map((v, k) => v * 10 + row(3 - t)[k]!));
      expected[3] = 100; // thread 0 through the conditional's first arm
      expected.push(SENTINEL, SENTINEL, SENTINEL, SENTINEL);
      for (const t of [1, 2, 3]) expected.push(SENTINEL, SENTINEL, SENTINEL, 100 + t);
      expect(out).toEqual(expected);
    });
  }

  it('keeps pointer leaves whole: no pointer from numbers or of another type, in casts or lists', () => {
    const errors = (body: string) =>
      compile(`struct A { vk::BufferPointer<float> p; };\nstruct B { vk::BufferPointer<float> p; float f; };\ncbuffer C { vk::BufferPointer<float> fp; vk::BufferPointer<int> ip; };\n[numthreads(1,1,1)] void main() {\n${body}\n}`, { entryPoints })
        .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(errors('A a = A(fp); B b = { fp, 2.0 }; B c = { a, 1 }; A d = (A)c; vk::BufferPointer<float> q[2] = { fp, a.p };')).toEqual([]);
    // A buffer-pointer type as a template argument of a call, and Get() on the call's result.
    expect(errors('vk::reinterpret_pointer_cast<vk::BufferPointer<float> >(ip).Get() = fp; vk::reinterpret_pointer_cast<float>(fp).Get() = 2;')).toEqual([]);
    expect(errors('A a = A(ip);')).toEqual(["5:7 cannot convert from 'vk::BufferPointer<int>' to 'A'"]);
    expect(errors('A a = { 1.0 };')).toEqual(["5:7 initializer list has 1 scalar components, but 'A' needs 1"]);
    expect(errors('B b = { ip, 1.0 };')[0]).toMatch(/^5:7 initializer list has/);
  });
});
