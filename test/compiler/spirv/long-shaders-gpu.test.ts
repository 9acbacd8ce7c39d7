// Long straight-line shaders: thousands of branches in a row make a dominator tree thousands of
// blocks deep and an accumulator merged by a phi at every branch. Value numbering walked that tree
// by recursion (the call stack overflowed: an internal error at -O3) and reflection's sampled-image
// tracking unioned the phi's sources at every merge (quadratic). Executed on lavapipe: the sum the
// shader computes is compared with the same sum computed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const BRANCHES = 8_000;
const source = [
  'StructuredBuffer<uint> limit : register(t0);',
  'RWStructuredBuffer<uint> result : register(u1);',
  '[numthreads(1, 1, 1)] void main() {',
  '  uint v = limit[0];',
  '  uint acc = 0;',
  ...Array.from({ length: BRANCHES }, (_, k) => `  if (v > ${k}u) acc += ${(k % 7) + 1}u;`),
  '  result[0] = acc;',
  '}',
].join('\n');

describe('a shader of 8,000 branches in a row', () => {
  // -O3: value numbering walks the dominator tree (-O0 has no such pass; reflection runs at both).
  it('compiles at -O3 and sums what the branches add', async () => {
    const { spirv } = compileValid(source, { optimizationLevel: 3, entryPoints: [{ name: 'main', stage: 'compute' }] }, ['vulkan1.1']);
    const limit = 7_777;
    let expected = 0;
    for (let k = 0; k < BRANCHES; k++) if (limit > k) expected += (k % 7) + 1;
    const { buffers } = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint32Array([limit]), name: 'limit' },
        { binding: 1, kind: 'storage-buffer', size: 4, name: 'result' },
      ],
    });
    expect(new Uint32Array(buffers.result!.slice().buffer)[0]).toBe(expected);
  }, 60_000);
});
