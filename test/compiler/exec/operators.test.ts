// Operators and conversions executed on lavapipe; expected values are plain JS arithmetic
// (C semantics: truncating division, remainder with the dividend's sign, 32-bit wrap).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const INPUT = [
  [-7, 2, 3.75, -2.5],
  [7, -2, 0.5, 16],
];
// Locals read from the input buffer: a = -7, b = 2, c = 7, d = -2, x = 3.75, y = -2.5, h = 0.5, s = 16.
const SETUP = `
  int a = (int)In[0].x; int b = (int)In[0].y; int c = (int)In[1].x; int d = (int)In[1].y;
  float x = In[0].z; float y = In[0].w; float h = In[1].z; float s = In[1].w;
  uint ua = (uint)c; uint zero = (uint)(s - 16);
`;

const u32 = (n: number) => n >>> 0;

describe('integer and float operators', () => {
  it('divide, remainder, shift and bitwise like C on 32-bit integers', async () => {
    const checks: Check[] = [
      { expr: 'a / b', kind: 'i', expect: Math.trunc(-7 / 2) },
      { expr: 'a % b', kind: 'i', expect: -7 % 2 },
      { expr: 'c / d', kind: 'i', expect: Math.trunc(7 / -2) },
      { expr: 'c % d', kind: 'i', expect: 7 % -2 },
      { expr: 'a / d', kind: 'i', expect: Math.trunc(-7 / -2) },
      { expr: 'a % d', kind: 'i', expect: -7 % -2 },
      { expr: 'ua / 2u', kind: 'u', expect: 3 },
      { expr: 'ua % 4u', kind: 'u', expect: 3 },
      { expr: 'zero - 1u', kind: 'u', expect: u32(-1) },
      { expr: '0xFFFFFFFFu + ua', kind: 'u', expect: 6 },
      { expr: 'ua * 0x80000000u', kind: 'u', expect: 0x80000000 },
      { expr: 'a << 4', kind: 'i', expect: -7 << 4 },
      { expr: '(a * 16) >> 2', kind: 'i', expect: (-7 * 16) >> 2 },
      { expr: '((uint)a) >> 28', kind: 'u', expect: u32(-7) >>> 28 },
      { expr: '1 << (c + 24)', kind: 'i', expect: 1 << 31 },
      { expr: 'ua & 5u', kind: 'u', expect: 7 & 5 },
      { expr: 'a | 16', kind: 'i', expect: -7 | 16 },
      { expr: 'a ^ c', kind: 'i', expect: -7 ^ 7 },
      { expr: '~a', kind: 'i', expect: ~-7 },
      { expr: '~ua', kind: 'u', expect: u32(~7) },
      { expr: '-a', kind: 'i', expect: 7 },
      { expr: 'x * y + s / 4', kind: 'f', expect: 3.75 * -2.5 + 4 },
      { expr: 'x / y', kind: 'f', expect: 3.75 / -2.5 },
      { expr: 'x % 2.0', kind: 'f', expect: 3.75 % 2 },
      { expr: 'y % 2.0', kind: 'f', expect: -2.5 % 2 },
      { expr: '-x', kind: 'f', expect: -3.75 },
      { expr: 'a < b', kind: 'b', expect: true },
      { expr: 'ua >= 7u', kind: 'b', expect: true },
      { expr: 'x != y', kind: 'b', expect: true },
      { expr: 'x == 3.75', kind: 'b', expect: true },
      { expr: '!(a < b)', kind: 'b', expect: false },
      { expr: 'a < b && x < y', kind: 'b', expect: false },
      { expr: 'a < b || x < y', kind: 'b', expect: true },
      // A comparison of an unsigned with a negative literal converts the literal to uint.
      { expr: 'ua > (uint)a', kind: 'b', expect: 7 > u32(-7) },
      { expr: 'a < b ? x : y', kind: 'f', expect: 3.75 },
      { expr: 'dot((a > b ? float2(1, 2) : float2(3, 4)), float2(1, 10))', kind: 'f', expect: 43 },
      { expr: 'all((float3(x, y, h) > 0) == bool3(true, false, true))', kind: 'b', expect: true },
      { expr: '(float2(x, y) < 0 ? float2(10, 20) : float2(30, 40)).y', kind: 'f', expect: 20 },
    ];
    await runChecks(gpu, { setup: SETUP, input: INPUT, checks });
  });

  it('assignments, increments and swizzle writes', async () => {
    const setup = `${SETUP}
      int i = c; int j = i++; int k = ++i; i += 10; i -= 1; i *= 2; i /= 3; i %= 7; i <<= 3; i >>= 1; i |= 1; i &= 0x1F; i ^= 2;
      float4 v = float4(1, 2, 3, 4); v.zx = float2(30, 10); v.w += 0.5; v *= 2; v.y--;
      uint3 w = uint3(1, 2, 3); w.yz = w.zy;
      float f = x; f++; f /= 2;
    `;
    let i = 7;
    const j = i++;
    const k = ++i;
    i += 10; i -= 1; i *= 2; i = Math.trunc(i / 3); i %= 7; i <<= 3; i >>= 1; i |= 1; i &= 0x1f; i ^= 2;
    const checks: Check[] = [
      { expr: 'j', kind: 'i', expect: j },
      { expr: 'k', kind: 'i', expect: k },
      { expr: 'i', kind: 'i', expect: i },
      { expr: 'v.x', kind: 'f', expect: 20 },
      { expr: 'v.y', kind: 'f', expect: 3 },
      { expr: 'v.z', kind: 'f', expect: 60 },
      { expr: 'v.w', kind: 'f', expect: 9 },
      { expr: 'w.y * 10 + w.z', kind: 'u', expect: 32 },
      { expr: 'f', kind: 'f', expect: (3.75 + 1) / 2 },
    ];
    await runChecks(gpu, { setup, input: INPUT, checks });
  });
});

describe('conversions', () => {
  it('truncate toward zero, wrap unsigned, map bools to 0/1 and numbers to bools', async () => {
    const checks: Check[] = [
      { expr: '(int)y', kind: 'i', expect: Math.trunc(-2.5) },
      { expr: '(int)x', kind: 'i', expect: 3 },
      { expr: '(uint)x', kind: 'u', expect: 3 },
      { expr: 'int(-x)', kind: 'i', expect: -3 },
      { expr: '(float)a / 2', kind: 'f', expect: -3.5 },
      { expr: '(float)ua', kind: 'f', expect: 7 },
      { expr: '(uint)a', kind: 'u', expect: u32(-7) },
      { expr: '(int)(zero - 2u)', kind: 'i', expect: -2 },
      { expr: '(float)(zero - 1u)', kind: 'f', expect: 4294967296 },
      { expr: '(int)(a < b)', kind: 'i', expect: 1 },
      { expr: '(float)(a > b)', kind: 'f', expect: 0 },
      { expr: '(bool)h', kind: 'b', expect: true },
      { expr: '(bool)(s - 16)', kind: 'b', expect: false },
      { expr: '(bool)a', kind: 'b', expect: true },
      { expr: 'true + true', kind: 'i', expect: 2 },
      { expr: 'dot(int3(bool3(a, 0, c)), int3(1, 10, 100))', kind: 'i', expect: 101 },
      // Implicit truncation float4 → float takes .x (DXC warns).
      { expr: 'In[1]', kind: 'f', expect: 7 },
      { expr: 'int2(float2(x, y)).y', kind: 'i', expect: -2 },
      { expr: 'uint2(3.9, 200.5).x + uint2(3.9, 200.5).y', kind: 'u', expect: 203 },
      { expr: 'x * a', kind: 'f', expect: 3.75 * -7 },
      { expr: 'ua + a', kind: 'u', expect: 0 },
      { expr: 'asuint(-0.0f)', kind: 'u', expect: 0x80000000 },
      { expr: 'asfloat(0x40490FDBu)', kind: 'f', expect: Math.fround(Math.PI) },
      { expr: 'asint(y)', kind: 'i', expect: new Int32Array(new Float32Array([-2.5]).buffer)[0]! },
    ];
    await runChecks(gpu, { setup: SETUP, input: INPUT, checks });
  });
});
