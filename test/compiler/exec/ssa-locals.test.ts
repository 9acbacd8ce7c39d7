// Locals held as SSA values at -O3 (compiler/spirv/ssa.ts): values that differ between the paths
// into a join become phis. Executed on lavapipe (and WebGPU): locals written in branches, loops
// (break, continue, do-while), switch cases with fallthrough, structs and vectors written part by
// part on some paths, locals of functions inlined inside loops and branches, and functions with
// early returns inlined (out/inout parameters included).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const PRELUDE = `
struct Pair { float a; int b; float2 v; };
float pick(float x) {
  float r;
  if (x > 2) r = x * 2; else r = -x;
  return r;
}
float accumulate(int n) {
  float s = 0; float last = 0;
  for (int i = 0; i < n; i++) {
    if (i == 3) continue;
    s += i;
    last = s;
    if (s > 20) break;
  }
  return s * 100 + last;
}
int cases(int v) {
  int r = 1;
  int k;
  switch (v) {
    case 0: r = 5;
    case 1: r *= 3; k = 2; break;
    case 2: k = 7; r = 0;
    default: r += 40; k = 1;
  }
  return r * 10 + k;
}
Pair build(int n) {
  Pair p;
  p.a = 1; p.b = 0; p.v = float2(0, 0);
  for (int i = 0; i < n; i++) {
    if ((i & 1) == 0) p.v.x += i; else p.v.y += i;
    p.b++;
  }
  if (n > 3) p.a = 9;
  return p;
}
float3 lanes(int n) {
  float3 c = float3(0, 0, 0);
  int i = 0;
  do {
    c[i % 3] += 1;
    c.yz += float2(0.5, 0.25);
    i++;
  } while (i < n);
  return c;
}
int nestedLoops(int n) {
  int total = 0;
  for (int a = 0; a < n; a++) {
    int row = 0;
    for (int b = 0; b <= a; b++) {
      if (b == 2) continue;
      row += b;
    }
    total += row * (a + 1);
    if (total > 200) break;
  }
  return total;
}
float bodyLocals(int n) {
  float acc = 0;
  float lastT;
  for (int i = 0; i < n; i++) {
    float t = i * 2;
    lastT = t;
    if (i == 2) continue;
    if (i > 5) { float u = t + 1; acc += u; } else { float u; if (i > 0) u = t; else u = 100; acc += u; }
  }
  return acc * 100 + lastT;
}
float safeInverse(float v) { if (v == 0) return -1; return 1 / v; }
float sorted(float v, out int kind, inout float total) {
  kind = 0;
  if (v < 0) { kind = 1; total -= v; return -v; }
  else if (v > 10) { kind = 2; return 10; }
  total += v;
  for (int i = 0; i < 3; i++) v += i;
  return v;
}
float magnitude(float v, out int negative) { negative = 0; if (v < 0) { negative = 1; return -v; } return v; }
void bump(inout int counter, int by) { if (by <= 0) return; counter += by; }
float arrays(int n) {
  float w[3];
  w[0] = 1; w[1] = 2; w[2] = 3;
  for (int i = 0; i < n; i++) { w[0] += w[2]; w[2] = w[1]; w[1] = i; }
  return w[0] * 100 + w[1] * 10 + w[2];
}
`;

describe('locals as SSA values (-O3)', () => {
  it('gives the values of the paths taken through branches, loops and switches', async () => {
    const setup = `
      int n = (int)In[0].y; // 10
      float x = In[0].x;    // 3
      float picked = 0;
      for (int j = 0; j < 3; j++) picked += pick(x - j); // inlined in a loop: 6 - 2 - 1
      float chosen;
      if (x > 5) chosen = 1; else if (x > 2) chosen = 2; else chosen = 3;
      Pair p = build(n);
      Pair q = build(2);
      float3 c = lanes(n);
      float inverses = 0;
      for (int m = 0; m < 3; m++) inverses += safeInverse(m * 2);
      float total = 1; int k1, k2, k3;
      float s1 = sorted(-x, k1, total), s2 = sorted(x * 5, k2, total), s3 = sorted(x, k3, total);
      int neg1, neg2; float mag = magnitude(-x, neg1) * 10 + magnitude(x, neg2);
      int counter = 1; bump(counter, n); bump(counter, -4); bump(counter, 2);
      uint3 u3 = uint3(n, n + 1, n + 2);
      float3 cv = float3(u3);            // one vector conversion at -O3
      float2 cv2 = float2(u3.yz);
      int2 iv = int2(float2(x + 0.7, -x - 0.7));
      float uninit;
      if (n > 0) uninit = 4;
      else uninit = 5;
    `;
    let s = 0;
    let last = 0;
    for (let i = 0; i < 10; i++) {
      if (i === 3) continue;
      s += i;
      last = s;
      if (s > 20) break;
    }
    let total = 0;
    for (let a = 0; a < 10; a++) {
      let row = 0;
      for (let b = 0; b <= a; b++) if (b !== 2) row += b;
      total += row * (a + 1);
      if (total > 200) break;
    }
    const lanes = [0, 0, 0];
    for (let i = 0; i < 10; i++) (lanes[i % 3]++, (lanes[1] += 0.5), (lanes[2] += 0.25));
    let bodyLocals = 0;
    for (let i = 0; i < 10; i++) if (i !== 2) bodyLocals += i > 5 ? i * 2 + 1 : i > 0 ? i * 2 : 100;
    const w = [1, 2, 3];
    for (let i = 0; i < 10; i++) ((w[0] += w[2]), (w[2] = w[1]), (w[1] = i));
    const checks: Check[] = [
      { expr: 'picked', kind: 'f', expect: 6 - 2 - 1 },
      { expr: 'chosen', kind: 'f', expect: 2 },
      { expr: 'accumulate(n)', kind: 'f', expect: s * 100 + last },
      { expr: 'accumulate(0)', kind: 'f', expect: 0 },
      { expr: 'cases(n - 10)', kind: 'i', expect: 152 },
      { expr: 'cases(n - 9)', kind: 'i', expect: 32 },
      { expr: 'cases(n - 8)', kind: 'i', expect: 401 },
      { expr: 'cases(n)', kind: 'i', expect: 411 },
      { expr: 'p.a', kind: 'f', expect: 9 },
      { expr: 'p.b', kind: 'i', expect: 10 },
      { expr: 'p.v.x * 100 + p.v.y', kind: 'f', expect: 20 * 100 + 25 },
      { expr: 'q.a * 10 + q.b', kind: 'f', expect: 12 },
      { expr: 'c.x', kind: 'f', expect: lanes[0]! },
      { expr: 'c.y', kind: 'f', expect: lanes[1]! },
      { expr: 'c.z', kind: 'f', expect: lanes[2]! },
      { expr: 'nestedLoops(n)', kind: 'i', expect: total },
      { expr: 'bodyLocals(n)', kind: 'f', expect: bodyLocals * 100 + 18 },
      { expr: 'arrays(n)', kind: 'f', expect: w[0]! * 100 + w[1]! * 10 + w[2]! },
      { expr: 'uninit', kind: 'f', expect: 4 },
      { expr: 'cv.x * 100 + cv.y * 10 + cv.z', kind: 'f', expect: 1122 },
      { expr: 'cv2.x * 100 + cv2.y', kind: 'f', expect: 1112 },
      { expr: 'iv.x * 10 + iv.y', kind: 'i', expect: 27 },
      { expr: 'inverses', kind: 'f', expect: -1 + 0.5 + 0.25 },
      { expr: 's1 * 100 + k1', kind: 'f', expect: 301 },
      { expr: 's2 * 100 + k2', kind: 'f', expect: 1002 },
      { expr: 's3 * 100 + k3', kind: 'f', expect: 600 },
      { expr: 'total', kind: 'f', expect: 7 },
      { expr: 'counter', kind: 'i', expect: 13 },
      { expr: 'mag * 100 + neg1 * 10 + neg2', kind: 'f', expect: 3310 },
    ];
    await runChecks(gpu, { prelude: PRELUDE, setup, input: [[3, 10, 0, 0]], checks });
  });
});
