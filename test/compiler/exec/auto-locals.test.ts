// HLSL 202x `auto` locals (DXC's var.auto.* tests): each variable takes its initializer's type,
// C++ literal types included (`1` is int, `2.5` float), also inside templates; executed on lavapipe
// and WebGPU. Before 202x `auto` stays an unknown type name, as in DXC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const PRELUDE = `
template<typename T> T square(T v) { auto r = v * v; return r; }
struct Pair { int a; float b; };
Pair make(int a) { Pair p = { a, a * 0.5 }; return p; }
`;

describe('auto', () => {
  it('deduces int, float, bool, vectors, structs and template results', async () => {
    const setup = `
      auto a = 7 / 2;            // int: 3
      auto b = 7.0 / 2;          // float: 3.5
      auto c = In[0].x > 0;      // bool
      auto d = In[0].xy * 2;     // float2
      auto p = make(5);          // Pair
      auto s = square(3);        // int
      auto f = square(In[0].x);  // float
      const auto k = a + 1;
      a += 10;
    `;
    const checks: Check[] = [
      { expr: 'a', kind: 'i', expect: 13 },
      { expr: 'b', kind: 'f', expect: 3.5 },
      { expr: 'c', kind: 'b', expect: true },
      { expr: 'd.y', kind: 'f', expect: 5 },
      { expr: 'p.b', kind: 'f', expect: 2.5 },
      { expr: 's', kind: 'i', expect: 9 },
      { expr: 'f', kind: 'f', expect: 2.25 },
      { expr: 'k', kind: 'i', expect: 4 },
    ];
    await runChecks(gpu, { prelude: PRELUDE, setup, checks, input: [[1.5, 2.5, 0, 0]], options: { hlslVersion: '202x' } });
  });

  it('is an unknown type before HLSL 202x, and needs a deducible initializer', () => {
    const errs = (body: string, hlslVersion?: 2021 | '202x') =>
      compile(`RWStructuredBuffer<int> o; [numthreads(1, 1, 1)] void main() { ${body} }`, hlslVersion ? { hlslVersion } : {})
        .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errs('auto a = 1; o[0] = a;', 2021)).toEqual(["unknown type name 'auto'"]);
    expect(errs('auto a; o[0] = 0;', '202x')).toEqual(["'auto' needs one non-static local variable with a single-expression initializer"]);
    expect(errs('auto b = o; b[0] = 1;', '202x')).toEqual(["'auto' cannot deduce a variable of type 'RWStructuredBuffer<int>'"]);
  });
});
