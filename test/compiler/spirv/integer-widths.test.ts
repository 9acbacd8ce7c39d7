// Integer operations at widths Vulkan's instructions do not take directly, executed on lavapipe:
// countbits/reversebits on 16- and 64-bit values (OpBitCount/OpBitReverse are 32-bit only), and
// uint → int64 widening (OpUConvert yields an unsigned type: zero-extend, then reinterpret).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const popcount = (v: bigint) => [...v.toString(2)].filter((c) => c === '1').length;
const reverse = (v: bigint, bits: number) => BigInt(`0b${[...v.toString(2).padStart(bits, '0')].reverse().join('')}`);

describe('integer widths', () => {
  it('counts and reverses bits of 16- and 64-bit values, widens uint to int64 without sign extension', async () => {
    const source = `
      [[vk::binding(0)]] RWStructuredBuffer<uint> Out;
      [[vk::binding(1)]] StructuredBuffer<uint> In;
      [numthreads(1, 1, 1)]
      void main() {
        uint64_t x = ((uint64_t)In[1] << 32) | In[0];
        uint16_t h = (uint16_t)In[0];
        int16_t sh = (int16_t)(In[0] >> 16);
        uint16_t3 hv = uint16_t3(h, (uint16_t)3, (uint16_t)0x8000);
        Out[0] = (uint)countbits(x);
        Out[1] = (uint)countbits(h);
        Out[2] = (uint)countbits(sh);
        uint64_t r = reversebits(x);
        Out[3] = (uint)r;
        Out[4] = (uint)(r >> 32);
        Out[5] = (uint)reversebits(h);
        uint16_t3 rv = reversebits(hv);
        Out[6] = (uint)rv.z;
        int64_t wide = (int64_t)In[1];
        Out[7] = wide > 0 ? 1u : 0u;
        Out[8] = (uint)(wide >> 32);
      }`;
    const { spirv } = compileValid(source, { enable16BitTypes: true, shaderModel: { major: 6, minor: 2 } }, ['vulkan1.0', 'vulkan1.1', 'vulkan1.3']);
    const lo = 0xf0f00061n;
    const hi = 0x80000003n;
    const { buffers } = await gpu.runCompute({
      spirv,
      entry: 'main',
      groups: [1, 1, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'storage-buffer', size: 9 * 4, name: 'out' },
        { set: 0, binding: 1, kind: 'storage-buffer', data: new Uint8Array(new Uint32Array([Number(lo), Number(hi)]).buffer) },
      ],
    });
    const out = [...new Uint32Array(buffers.out!.buffer, buffers.out!.byteOffset, 9)];
    const x = (hi << 32n) | lo;
    const h = lo & 0xffffn;
    const r = reverse(x, 64);
    expect(out).toEqual([
      popcount(x),
      popcount(h),
      popcount(lo >> 16n),
      Number(r & 0xffffffffn),
      Number(r >> 32n),
      Number(reverse(h, 16)),
      Number(reverse(0x8000n, 16)),
      1,
      0,
    ]);
  });
});
