// `static` structs holding resources (DXC: spirv.legal.sbuffer.counter.struct): data members are
// Private globals, resources aliases fixed by the initializer (a call returning the struct, or a
// flattened initializer list, possibly calling functions defined later), for global and function-local
// statics. Executed on lavapipe and WebGPU.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import type { ComputeResult } from '../../gpu/harness.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const DECLS = `
struct Bundle { StructuredBuffer<uint> src; uint bias; RWStructuredBuffer<uint> dst; };
StructuredBuffer<uint> inA : register(t0);
StructuredBuffer<uint> inB : register(t1);
RWStructuredBuffer<uint> results : register(u2);
Bundle make(uint bias) { Bundle b; b.src = inB; b.bias = bias; b.dst = results; return b; }
`;
const source = `${DECLS}
static Bundle made = make(7);
static Bundle listed = { inA, 100, results };
[numthreads(2, 1, 1)] void main(uint i : SV_DispatchThreadID) {
  static Bundle local = { inB, 1000, results };
  made.dst[i] = made.src[i] + made.bias + listed.src[i] + listed.bias + local.bias * (i + 1);
  listed.bias += 1; // a data member is an ordinary static
  local.dst[2 + i] = listed.bias;
}`;
const compute = { entryPoints: [{ name: 'main', stage: 'compute' as const }] };

describe('static structs holding resources', () => {
  it('read and write the resources their initializers name, with their data members as statics, on both targets', async () => {
    const { spirv, reflection } = compileValid(source, compute, ['vulkan1.0', 'vulkan1.2']);
    const results = await runComputeOnBoth(gpu, source, compute, {
      spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint32Array([10, 11]) },
        { binding: 1, kind: 'storage-buffer', data: new Uint32Array([20, 21]) },
        { binding: 2, kind: 'storage-buffer', size: 16, name: 'results' },
      ],
    }, reflection!);
    const check = (r: ComputeResult, target: string) =>
      expect([...new Uint32Array(r.buffers.results!.buffer, r.buffers.results!.byteOffset, 4)], target).toEqual([20 + 7 + 10 + 100 + 1000, 21 + 7 + 11 + 100 + 2000, 101, 101]);
    check(results.spirv, 'SPIR-V on lavapipe');
    if (results.wgsl) check(results.wgsl, 'WGSL on WebGPU');
  });

  it('cannot be given another resource later (the initializer decides it for every entry point); the same one is a no-op', () => {
    const errors = (body: string) => compile(`${DECLS}\nstatic Bundle listed = { inA, 100, results };\n[numthreads(1, 1, 1)] void main() { ${body} results[0] = listed.src[0]; }`, compute)
      .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors('listed.src = inB;')).toEqual(["cannot assign to 'listed.src': a static resource variable holds the resource of its initializer; assigning it is not supported"]);
    expect(errors('Bundle copy = listed; copy.bias = 1; listed = copy;')).toEqual([]);
  });

  it('may call functions defined after them, and are initialized in declaration order (DXC runs them at entry)', async () => {
    const later = `
      struct Bundle { StructuredBuffer<uint> src; uint bias; };
      StructuredBuffer<uint> inA : register(t0);
      RWStructuredBuffer<uint> results : register(u1);
      Bundle make(uint bias);
      uint twice(uint v);
      static uint first = 5;
      static Bundle made = make(7);
      static uint after = made.bias + twice(first);   // reads the deferred static: deferred with it
      static float scale = twice(2);
      [numthreads(1, 1, 1)] void main() { results[0] = made.src[1] + made.bias * 10 + after * 100 + uint(scale) * 1000; }
      Bundle make(uint bias) { Bundle b; b.src = inA; b.bias = bias; return b; }
      uint twice(uint v) { return v * 2; }`;
    const { spirv, reflection } = compileValid(later, compute, ['vulkan1.0']);
    const results = await runComputeOnBoth(gpu, later, compute, {
      spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint32Array([3, 4]) },
        { binding: 1, kind: 'storage-buffer', size: 4, name: 'results' },
      ],
    }, reflection!);
    const check = (r: ComputeResult, target: string) => expect([...new Uint32Array(r.buffers.results!.buffer, r.buffers.results!.byteOffset, 1)], target).toEqual([4 + 70 + 1700 + 4000]);
    check(results.spirv, 'SPIR-V on lavapipe');
    if (results.wgsl) check(results.wgsl, 'WGSL on WebGPU');
  });
});
