// Resource methods compiled by our compiler and executed on lavapipe: SampleLevel, Load, operator[],
// GetDimensions, storage-image writes, texel buffers, byte-address loads/stores/atomics, counters and
// Append/Consume. Expected values follow from the input data, not from the compiler. Each case also
// runs the WGSL of the same source on WebGPU with the same bytes (test/webgpu/both-targets.ts).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputeResult } from '../../gpu/harness.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/resources/${name}`, import.meta.url), 'utf8');

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});

/** `check` on the SPIR-V result, then on the WGSL one when the case runs as WGSL. */
function onBoth(results: { spirv: ComputeResult; wgsl?: ComputeResult }, check: (result: ComputeResult) => void): void {
  check(results.spirv);
  if (results.wgsl) check(results.wgsl);
}
afterAll(() => gpu?.close());

const words = (bytes: Uint8Array) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
const floats = (bytes: Uint8Array) => new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);

describe('texture, texel-buffer and byte-address methods', () => {
  const source = fixture('methods.hlsl');
  const result = compileValid(source, {}, ['vulkan1.1', 'vulkan1.2']);

  it('binds as register() says, the counter at the next free binding (5)', () => {
    const got = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, [b.binding, b.kind]]));
    expect(got).toEqual({
      tex: [0, 'sampled-image'],
      samp: [1, 'sampler'],
      img: [2, 'storage-image'],
      outBuf: [3, 'storage-buffer'],
      counted: [4, 'storage-buffer'],
      'counter.var.counted': [5, 'storage-buffer'],
      tbuf: [6, 'uniform-texel-buffer'],
      rwbuf: [7, 'storage-texel-buffer'],
    });
  });

  it('computes the expected values on the driver', async () => {
    // 2x2 rgba32float texture: texel k = y*2+x holds [k+1, k+2, k+3, k+4].
    const texels = new Float32Array(16);
    for (let k = 0; k < 4; k++) texels.set([k + 1, k + 2, k + 3, k + 4], k * 4);
    const tbuf = new Float32Array(16);
    for (let k = 0; k < 4; k++) tbuf.set([0, 50 + k, 0, 0], k * 4);
    const results = await runComputeOnBoth(gpu, source, {}, {
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'sampled-image', format: 'rgba32float', width: 2, height: 2, data: texels },
        { binding: 1, kind: 'sampler', filter: 'nearest' },
        { binding: 2, kind: 'storage-image', format: 'rgba32float', width: 2, height: 2 },
        { binding: 3, kind: 'storage-buffer', data: new Uint32Array(28), name: 'out' },
        { binding: 4, kind: 'storage-buffer', size: 16, name: 'counted' },
        { binding: 5, kind: 'storage-buffer', data: new Uint32Array([0]), name: 'counter' },
        { binding: 6, kind: 'uniform-texel-buffer', format: 'rgba32float', data: tbuf },
        { binding: 7, kind: 'storage-texel-buffer', format: 'r32uint', data: new Uint32Array([0, 0, 0]), name: 'rwbuf' },
      ],
    }, result.reflection!);
    onBoth(results, ({ buffers, images }) => {
    // SampleLevel (nearest, texel centres) + 10 * Load + 100 * tex[] = 111 * texel.
    expect([...floats(images['0:2']!)]).toEqual([...texels].map((v) => 111 * v));
    const out = words(buffers.out!);
    for (let i = 0; i < 4; i++) expect([...out.subarray(i * 4, i * 4 + 3)]).toEqual([2, 2, 1]); // width, height, mip levels
    expect([0, 1, 2, 3].map((i) => out[i * 4 + 3]).sort()).toEqual([0, 1, 2, 3]); // IncrementCounter's old values
    expect(words(buffers.counter!)[0]).toBe(4);
    expect([...words(buffers.counted!)].sort()).toEqual([1, 2, 3, 4]);
    expect(out[16]).toBe(4); // RWByteAddressBuffer.InterlockedAdd
    expect([...floats(buffers.out!).subarray(20, 24)]).toEqual([50, 51, 52, 53]); // Buffer<float4>[i].y
    expect([...out.subarray(24, 28)]).toEqual([3, 3, 3, 3]); // RWBuffer.GetDimensions: 3 texels
    expect(words(buffers.rwbuf!)[0]).toBe(1 + 2 + 3 + 4); // InterlockedAdd on a RWBuffer texel
    });
  });
});

describe('Append/Consume', () => {
  const source = fixture('append-consume.hlsl');
  const result = compileValid(source);

  it('consumes every element once and appends its double', async () => {
    const counters = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, b.binding]));
    expect(counters).toEqual({ source: 0, 'counter.var.source': 2, sink: 1, 'counter.var.sink': 3 });
    const results = await runComputeOnBoth(gpu, source, {}, {
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Float32Array([1.5, 2.5, 3.5, 4.5]) },
        { binding: 2, kind: 'storage-buffer', data: new Int32Array([4]), name: 'sourceCount' },
        { binding: 1, kind: 'storage-buffer', size: 16, name: 'sink' },
        { binding: 3, kind: 'storage-buffer', data: new Int32Array([0]), name: 'sinkCount' },
      ],
    }, result.reflection!);
    onBoth(results, ({ buffers }) => {
      expect(new Int32Array(buffers.sourceCount!.buffer, buffers.sourceCount!.byteOffset, 1)[0]).toBe(0);
      expect(new Int32Array(buffers.sinkCount!.buffer, buffers.sinkCount!.byteOffset, 1)[0]).toBe(4);
      expect([...floats(buffers.sink!)].sort()).toEqual([3, 5, 7, 9]);
    });
  });
});
