// NonUniformResourceIndex on the WGSL target: WGSL has no binding arrays, so the intrinsic can only
// mark an ordinary index, where it is the index itself; Tint accepts the module and Dawn computes
// with it. Resource arrays themselves are refused (test/compiler/resources/bindless.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startWebGpu, type WebGpuRunner } from '../../webgpu/harness.js';

let gpu: WebGpuRunner;
beforeAll(async () => {
  gpu = await startWebGpu();
});
afterAll(() => gpu?.close());

describe('NonUniformResourceIndex (WGSL)', () => {
  it('is the index itself', async () => {
    const source = `RWStructuredBuffer<uint> o : register(u0);
      static const uint table[4] = { 7, 11, 13, 17 };
      [numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) { o[i] = table[NonUniformResourceIndex(3 - i)] + NonUniformResourceIndex(i); }`;
    const r = compile(source, { target: 'wgsl', entryPoints: [{ name: 'main', stage: 'compute' }] });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const code = r.wgsl!.code;
    await gpu.compile(code);
    const out = (await gpu.runCompute({ wgsl: code, groups: [1, 1, 1], bindings: [{ binding: 0, kind: 'storage-buffer', size: 16 }] })).buffers['0:0'];
    expect([...new Uint32Array(out!.buffer, out!.byteOffset, 4)]).toEqual([17, 14, 13, 10]);
  });
});
