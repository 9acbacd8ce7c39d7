// out/inout resource parameters (DXC's fn.param.inout.*.resource tests), legalised like returned
// resources: after the call the caller's variable names the global the callee left in the parameter,
// which must be one resource on every exit. Executed on lavapipe and WebGPU: each read goes to the
// buffer the callee chose. Expected values follow from the buffers' contents.
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

const PRELUDE = `
StructuredBuffer<uint> first : register(t0);
StructuredBuffer<uint> second : register(t1);
RWStructuredBuffer<uint> results : register(u2);
void pick(uint which, out StructuredBuffer<uint> chosen) {
  if (which == 0) { chosen = first; return; }
  chosen = second;
}
void swap(inout StructuredBuffer<uint> a, inout StructuredBuffer<uint> b) {
  StructuredBuffer<uint> t = a;
  a = b;
  b = t;
}
uint readVia(inout StructuredBuffer<uint> buf, uint i) { return buf[i]; }
`;

const source = `${PRELUDE}
[numthreads(1, 1, 1)] void main() {
  StructuredBuffer<uint> a;
  StructuredBuffer<uint> b;
  pick(0, a);
  pick(1, b);
  results[0] = a[0];
  results[1] = b[0];
  swap(a, b);
  results[2] = a[1];
  results[3] = b[1];
  results[4] = readVia(first, 2);
}`;

const compute = { entryPoints: [{ name: 'main', stage: 'compute' as const }] };

function errors(main: string): string[] {
  return compile(`${PRELUDE}\n[numthreads(1, 1, 1)] void main() { ${main} }`, compute).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
}

describe('out/inout resource parameters', () => {
  it("leave the callee's choice in the caller's variable, on both targets", async () => {
    const { spirv, reflection } = compileValid(source, compute, ['vulkan1.0', 'vulkan1.2']);
    const results = await runComputeOnBoth(gpu, source, compute, {
      spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint32Array([10, 11, 12]) },
        { binding: 1, kind: 'storage-buffer', data: new Uint32Array([20, 21, 22]) },
        { binding: 2, kind: 'storage-buffer', size: 20, name: 'results' },
      ],
    }, reflection!);
    const check = (r: ComputeResult, target: string) => expect([...new Uint32Array(r.buffers.results!.buffer, r.buffers.results!.byteOffset, 5)], target).toEqual([10, 20, 21, 11, 12]);
    check(results.spirv, 'SPIR-V on lavapipe');
    if (results.wgsl) check(results.wgsl, 'WGSL on WebGPU');
  });

  it('refuse what cannot be resolved to one global', () => {
    expect(errors('StructuredBuffer<uint> a; pick(results[0], a); results[1] = a[0];')).toEqual([
      "the resource left in out parameter 'chosen' of 'pick' cannot be determined statically: another path leaves a different resource in it",
    ]);
    expect(errors('pick(0, first); results[0] = 0;')).toEqual(["the argument of the out resource parameter 'chosen' must be a local resource variable"]);
    expect(errors('StructuredBuffer<uint> a = second; swap(first, a); results[0] = a[0];')).toEqual([
      "'swap' leaves another resource in inout parameter 'a', but its argument is a global resource, which cannot be reassigned",
    ]);
    expect(errors('StructuredBuffer<uint> a; swap(a, a); results[0] = 0;')).toEqual(["resource variable 'a' is used before a resource is assigned to it"]);
  });
});
