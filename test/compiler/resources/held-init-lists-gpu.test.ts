// Initializer lists of structs holding resources, flattened as HLSL flattens them (DXC:
// var.init.opaque.hlsl): a struct-valued element gives its members, a nested list its elements, and
// they fill the target's members in order. Executed on lavapipe and WebGPU: each read goes to the
// buffer the flattened list put in that member.
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
StructuredBuffer<uint> first : register(t0);
StructuredBuffer<uint> second : register(t1);
RWStructuredBuffer<uint> results : register(u2);
struct Pair { StructuredBuffer<uint> a; StructuredBuffer<uint> b; };
struct Trio { Pair p; uint bias; StructuredBuffer<uint> c; };
`;
/** The buffers DECLS declares: first, second, results. */
const DECL_BINDINGS = [
  { binding: 0, kind: 'storage-buffer' as const, data: new Uint32Array([10, 11, 12]) },
  { binding: 1, kind: 'storage-buffer' as const, data: new Uint32Array([20, 21, 22]) },
  { binding: 2, kind: 'storage-buffer' as const, size: 16, name: 'results' },
];
const source = `${DECLS}
[numthreads(1, 1, 1)] void main() {
  Pair pair = { second, first };
  Trio trio = { pair, 100, { second } };          // p = pair, bias = 100, c = second
  Trio flat = { first, second, 7, first };         // four leaves in order
  results[0] = trio.p.a[0] + trio.bias;
  results[1] = trio.c[1];
  results[2] = flat.p.b[2] + flat.bias;
  results[3] = flat.c[0];
}`;
const compute = { entryPoints: [{ name: 'main', stage: 'compute' as const }] };

describe('flattened initializer lists of structs holding resources', () => {
  it('fill the members in order, on both targets', async () => {
    const { spirv, reflection } = compileValid(source, compute, ['vulkan1.0', 'vulkan1.2']);
    const results = await runComputeOnBoth(gpu, source, compute, {
      spirv,
      groups: [1, 1, 1],
      bindings: [
        ...DECL_BINDINGS,
      ],
    }, reflection!);
    const check = (r: ComputeResult, target: string) => expect([...new Uint32Array(r.buffers.results!.buffer, r.buffers.results!.byteOffset, 4)], target).toEqual([120, 21, 29, 10]);
    check(results.spirv, 'SPIR-V on lavapipe');
    if (results.wgsl) check(results.wgsl, 'WGSL on WebGPU');
  });

  it('needs as many flattened elements as leaves', () => {
    const errors = compile(`${DECLS}\n[numthreads(1, 1, 1)] void main() { Trio t = { first, second, 7 }; results[0] = t.bias; }`, compute)
      .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors).toEqual(["initializer list of 'Trio' has 3 elements once flattened, but its members take 4"]);
  });
});

describe('initializer lists of resource arrays and of arrays of structs holding resources', () => {
  const arrays = `${DECLS}
StructuredBuffer<uint> many[2] : register(t3);
[numthreads(2, 1, 1)] void main(uint i : SV_DispatchThreadID) {
  StructuredBuffer<uint> bufs[2] = { second, first };                // each element its own alias (DXC: binary-op.assign.opaque.array)
  Pair pairs[2] = { { first, second }, { second, second } };
  results[i] = bufs[0][i] + bufs[1][1] * 100 + pairs[1].a[2] * 10000 + pairs[0].b[0] * 1000000;
  bufs = many;                                                       // element k aliases many[k]: a run-time index is fine
  results[2 + i] = bufs[i][0];
}`;

  it('give each element the resource the list names (SPIR-V on lavapipe; WGSL has no buffer arrays)', async () => {
    const { spirv } = compileValid(arrays, compute, ['vulkan1.0', 'vulkan1.2']);
    const { buffers } = await gpu.vulkan.runCompute({
      spirv,
      groups: [1, 1, 1],
      bindings: [
        ...DECL_BINDINGS,
        { binding: 3, arrayElement: 0, kind: 'storage-buffer', data: new Uint32Array([30]) },
        { binding: 3, arrayElement: 1, kind: 'storage-buffer', data: new Uint32Array([40]) },
      ],
    });
    const got = [...new Uint32Array(buffers.results!.buffer, buffers.results!.byteOffset, 4)];
    expect(got).toEqual([20 + 1100 + 220000 + 20000000, 21 + 1100 + 220000 + 20000000, 30, 40]);
  });

  it('refuse a run-time index while the elements name different resources, and passing such an array whole', () => {
    const errors = (body: string, helper = '') => compile(`${DECLS}
${helper}
[numthreads(1, 1, 1)] void main(uint i : SV_DispatchThreadID) { ${body} }`, compute)
      .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors('StructuredBuffer<uint> bufs[2] = { second, first }; results[0] = bufs[i][0];')).toEqual([
      "an array of resources given element by element ('StructuredBuffer<uint>[2]') can only be indexed with a constant: each element's resources are their own variables",
    ]);
    expect(errors('StructuredBuffer<uint> bufs[2] = { second, first }; results[0] = total(bufs);', 'uint total(StructuredBuffer<uint> b[2]) { return b[0][0] + b[1][0]; }')).toEqual([
      "parameter 'b' of type 'StructuredBuffer<uint>[2]': an array of resources built element by element (an initializer list) cannot be passed as a whole; pass a global array",
    ]);
  });
});
