// msad4 (masked sums of absolute byte differences at four alignments) executed on lavapipe and
// WebGPU, against a byte-by-byte model of the HLSL definition written here.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

function msad4(ref: number, src: [number, number], accum: number[]): number[] {
  const bytes = (w: number) => [0, 1, 2, 3].map((j) => (w >>> (8 * j)) & 0xff);
  const all = [...bytes(src[0]), ...bytes(src[1])];
  return [0, 1, 2, 3].map((i) => bytes(ref).reduce((sum, r, j) => sum + (r === 0 ? 0 : Math.abs(r - all[i + j]!)), accum[i]!) >>> 0);
}

describe('msad4', () => {
  it('masks zero reference bytes and slides over the 8 source bytes', async () => {
    const cases: [number, [number, number], number[]][] = [
      [0x10203040, [0x11223344, 0x55667788], [0, 1, 2, 3]],
      [0x00ff0080, [0x80ff7f00, 0x01020304], [100, 0, 0, 7]],
      [0xffffffff, [0, 0xffffffff], [0, 0, 0, 0]],
    ];
    const setup = `uint k = (uint)In[0].x; // 0: keeps the arguments from folding`;
    const checks: Check[] = cases.flatMap(([ref, src, acc]) => {
      const got = `msad4(0x${ref.toString(16)}u + k, uint2(0x${src[0].toString(16)}u, 0x${src[1].toString(16)}u + k), uint4(${acc.join(', ')}))`;
      return msad4(ref, src, acc).map((v, i): Check => ({ expr: `${got}[${i}]`, kind: 'u', expect: v }));
    });
    await runChecks(gpu, { setup, checks });
  });
});
