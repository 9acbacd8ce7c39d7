// Structured control flow and the language's function features, executed on lavapipe: loops with
// break/continue and early returns, switch with fallthrough, HLSL 2021 short-circuit evaluation,
// in/out/inout copies, methods, templates, default arguments and static initialization.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const PRELUDE = `
int firstAbove(int limit, int n) {
  [loop] for (int i = 0; i < n; i++) {
    if (i * i > limit) return i;
    if (i == 100) break;
  }
  return -1;
}
int sumOdd(int n) {
  int s = 0;
  int i = 0;
  while (true) {
    i++;
    if (i > n) break;
    if ((i & 1) == 0) continue;
    s += i;
  }
  return s;
}
int classify(int v) {
  int r = 0;
  switch (v) {
    case 0: r += 1;
    case 1: r += 10; break;
    case 2:
    case 3: { r = 100; break; }
    default: r = -1;
  }
  return r;
}
int labelledBlock(int v) {
  int r = 0;
  switch (v) {
    case 1: r = 1;
    case 6: {  // labels that open a nested block label the block (DXC: cf.switch.ifstmt.hlsl)
    case 7: r += 20; break; }
    default: r = -1;
  }
  return r;
}
int nested(int n) {
  int count = 0;
  [unroll] for (int a = 0; a < 3; a++) {
    for (int b = 0; b < n; b++) {
      if (b == a) continue;
      if (b > 3) break;
      count += 1;
    }
  }
  int d = 0;
  do { d += 2; } while (d < 7);
  return count * 100 + d;
}
static int calls = 0;
bool bump(bool r) { calls++; return r; }
void swap(inout float a, inout float b) { float t = a; a = b; b = t; }
void split(float v, out int whole, out float rest) { whole = (int)v; rest = v - whole; }
struct Counter {
  int value;
  static const int STEP = 5;
  void add(int n) { value += n * STEP; }
  int get() { return value; }
  int twice() { return get() * 2; }
};
template<typename T> T square(T v) { return v * v; }
template<typename T, int N> T sumOf(vector<T, N> v) { T s = 0; for (int i = 0; i < N; i++) s += v[i]; return s; }
float scaled(float v, float by = 3.0, float plus = 0.5) { return v * by + plus; }
static float seed = sin(0.0) + In[0].x * 2;
static const float LUT[3] = { 1.5, 2.5, 3.5 };
namespace util { int triple(int v) { return 3 * v; } }
enum Mode { MODE_A = 2, MODE_B };
struct Scaler { float k; float operator()(float v); };
float Scaler::operator()(float v) { return v * k; }  // defined outside its struct (DXC: func.noidentifier.hlsl)
template<bool Flip> int chooseOne(int a, int b) { return Flip && !false ? b : a; }  // bool value parameter (DXC: fn.template.arg.substitute.hlsl)
using ModeAlias = Mode;   // an alias names the enumerators too (DXC: binary-op-sugar.hlsl)
typedef Mode ModeT;
typedef float3 color;
int counterOnce() { static int n = 40; n++; return n; }
`;

describe('control flow and functions', () => {
  it('loops, early returns, switch fallthrough and short-circuit evaluation', async () => {
    const setup = `
      int n = (int)In[0].y; // 10
      bool t = In[0].x > 0; bool f = !t;
      bool sc1 = f && bump(true);   // bump not called
      bool sc2 = t || bump(true);   // bump not called
      bool sc3 = t && bump(false);  // called once
      int sel = t ? calls + 10 : bump(true) ? 1 : 2; // else branch not evaluated
      int after = calls;
    `;
    const sumOdd = (k: number) => Array.from({ length: k }, (_, i) => i + 1).filter((i) => i % 2).reduce((a, b) => a + b, 0);
    let count = 0;
    for (let a = 0; a < 3; a++) for (let b = 0; b < 10; b++) { if (b === a) continue; if (b > 3) break; count++; }
    const checks: Check[] = [
      { expr: 'firstAbove(20, n)', kind: 'i', expect: 5 },
      { expr: 'firstAbove(200, n)', kind: 'i', expect: -1 },
      { expr: 'sumOdd(n)', kind: 'i', expect: sumOdd(10) },
      { expr: 'classify(n - 10)', kind: 'i', expect: 11 },
      { expr: 'classify(n - 9)', kind: 'i', expect: 10 },
      { expr: 'classify(n - 7)', kind: 'i', expect: 100 },
      { expr: 'classify(n)', kind: 'i', expect: -1 },
      { expr: 'labelledBlock(n - 9)', kind: 'i', expect: 21 },
      { expr: 'labelledBlock(n - 4)', kind: 'i', expect: 20 },
      { expr: 'labelledBlock(n - 3)', kind: 'i', expect: 20 },
      { expr: 'labelledBlock(n)', kind: 'i', expect: -1 },
      { expr: 'nested(n)', kind: 'i', expect: count * 100 + 8 },
      { expr: 'sc1', kind: 'b', expect: false },
      { expr: 'sc2', kind: 'b', expect: true },
      { expr: 'sc3', kind: 'b', expect: false },
      { expr: 'sel', kind: 'i', expect: 11 },
      { expr: 'after', kind: 'i', expect: 1 },
    ];
    await runChecks(gpu, { prelude: PRELUDE, setup, input: [[1, 10, 0, 0]], checks });
  });

  it('out/inout copies, methods, templates, defaults, statics, namespaces, enums', async () => {
    const setup = `
      float a = In[0].x, b = In[0].y;
      swap(a, b);
      float4 v = float4(1, 2, 3, 4);
      swap(v.x, v.w);
      int whole; float rest; split(In[0].z, whole, rest);
      Counter c; c.value = 1; c.add(2);
      Scaler sc; sc.k = 3;
      color col = color(1, 2, 3);
      int once = counterOnce(); int twiceCalled = counterOnce();
    `;
    const checks: Check[] = [
      { expr: 'a', kind: 'f', expect: 10 },
      { expr: 'b', kind: 'f', expect: 1 },
      { expr: 'v.x * 10 + v.w', kind: 'f', expect: 41 },
      { expr: 'whole', kind: 'i', expect: 2 },
      { expr: 'rest', kind: 'f', expect: 0.75 },
      { expr: 'c.get()', kind: 'i', expect: 11 },
      { expr: 'sc(a)', kind: 'f', expect: 30 },
      { expr: 'chooseOne<true>(1, 2) * 10 + chooseOne<false>(1, 2)', kind: 'i', expect: 21 },
      { expr: 'c.twice()', kind: 'i', expect: 22 },
      { expr: 'Counter::STEP', kind: 'i', expect: 5 },
      { expr: 'square(3)', kind: 'i', expect: 9 },
      { expr: 'square(1.5)', kind: 'f', expect: 2.25 },
      { expr: 'square<uint>(3u)', kind: 'u', expect: 9 },
      { expr: 'sumOf(float3(1, 2, 3.5))', kind: 'f', expect: 6.5 },
      { expr: 'sumOf(int2(4, -9))', kind: 'i', expect: -5 },
      { expr: 'scaled(2)', kind: 'f', expect: 6.5 },
      { expr: 'scaled(2, 4)', kind: 'f', expect: 8.5 },
      { expr: 'scaled(2, 4, 1)', kind: 'f', expect: 9 },
      { expr: 'seed', kind: 'f', expect: 2 },
      { expr: 'LUT[(int)In[0].x]', kind: 'f', expect: 2.5 },
      { expr: 'util::triple(7)', kind: 'i', expect: 21 },
      { expr: 'MODE_B', kind: 'i', expect: 3 },
      { expr: 'ModeAlias::MODE_B + ModeT::MODE_A * 10', kind: 'i', expect: 23 },
      { expr: 'col.z', kind: 'f', expect: 3 },
      { expr: 'once * 100 + twiceCalled', kind: 'i', expect: 41 * 100 + 42 },
    ];
    await runChecks(gpu, { prelude: PRELUDE, setup, input: [[1, 10, 2.75, 0]], checks });
  });
});
