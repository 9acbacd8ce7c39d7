// The foundation slice, compiled by our compiler and executed on lavapipe: the bytes placed at the
// offsets DXC assigns (0, 4, 16, 80; size 144) are the ones the shader reads, and `xform[1][2]`
// reads row 1, column 2 of a column_major matrix (a transposed read would pick a different value).
// The WGSL of the same source reads the same bytes on WebGPU.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler/index.js';
import { validateSpirv } from '../helpers/tools.js';
import { runComputeOnBoth, startTargets, type Targets } from '../webgpu/both-targets.js';

const slicePath = new URL('../../fixtures/shaders/slice.hlsl', import.meta.url);
const source = readFileSync(slicePath, 'utf8');

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe('foundation slice on a Vulkan driver', () => {
  const result = compile(source, { filename: slicePath.pathname, targetEnv: 'vulkan1.1' });

  it('compiles without diagnostics to valid SPIR-V', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.success).toBe(true);
    validateSpirv(result.spirv!, { targetEnv: 'vulkan1.1' });
  });

  it('binds Params at b0 and output at u1, with no unused counter variable (as DXC after optimisation)', () => {
    const bindings = result.reflection!.bindings.map((b) => [b.name, b.set, b.binding, b.kind]);
    expect(bindings).toEqual([
      ['Params', 0, 0, 'uniform-buffer'],
      ['output', 0, 1, 'storage-buffer'],
    ]);
    expect(result.entryPoints).toEqual([{ name: 'main', stage: 'compute', workgroupSize: [64, 1, 1], inputNames: { SV_DispatchThreadID: 'id' } }]);
  });

  it('computes time * tint.x + xform[1][2] + counts[3] from a buffer packed at DXC offsets', async () => {
    // Hand-packed at the offsets the manual's vector-relaxed std140 rules give (not the code under test's).
    const params = new ArrayBuffer(144);
    const f = new Float32Array(params);
    const i = new Int32Array(params);
    f[0] = 1.5; // time @ 0
    f.set([2, 7, 9], 1); // tint @ 4
    // xform @ 16, column_major: column c at 16 + 16c, element r of the column at +4r.
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) f[4 + c * 4 + r] = 10 * r + c; // value = 10*row + col
    // counts @ 80, array stride 16
    for (let k = 0; k < 4; k++) i[20 + k * 4] = 100 * (k + 1);
    const results = await runComputeOnBoth(gpu, source, { filename: slicePath.pathname }, {
      spirv: result.spirv!,
      entry: 'main',
      groups: [1, 1, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'uniform-buffer', data: new Uint8Array(params) },
        { set: 0, binding: 1, kind: 'storage-buffer', size: 64 * 4 + 16, name: 'out' },
      ],
    }, result.reflection!);
    for (const [target, { buffers }] of [['SPIR-V', results.spirv], ...(results.wgsl ? [['WGSL', results.wgsl] as const] : [])] as const) {
      const out = new Float32Array(buffers.out!.buffer, buffers.out!.byteOffset, 64);
      const expected = 1.5 * 2 + 12 /* row 1, col 2 */ + 400;
      expect([...out], target).toEqual(new Array(64).fill(expected));
      // Bytes past the 64 written floats keep the sentinel.
      expect([...buffers.out!.subarray(256)], target).toEqual(new Array(16).fill(0xcd));
    }
  });
});
