// C++ forms DXC accepts in control flow (its cf.* tests), executed on lavapipe and WebGPU: a variable
// declared in the condition of `if`, `switch` and `while` (the while one declared and tested before
// every iteration), a floating-point switch selector (converted to int), and `return f();` in a void
// function. Expected values are computed here from the same inputs.
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
static int log = 0;
int next(inout int n) { n -= 3; return n; }
int countdown(int from) {
  int steps = 0;
  int n = from;
  while (int left = next(n)) {
    if (left < 0) break;
    steps += left;
  }
  return steps;
}
int pick(int v) {
  if (int half = v / 2) return half * 10;
  else return -1;
}
int sel(int v) {
  switch (int k = v % 3) {
    case 0: return 100;
    case 1: return 100 + k;
    default: return k * 1000;
  }
}
int byFloat(float f) {
  switch (f) {
    case 1: return 10;
    case 2: return 20;
    default: return 0;
  }
}
void note(int v) { log += v; }
void twice(int v) { note(v); return note(v); }
`;

describe('condition declarations, float selectors and void returns', () => {
  it('run as DXC compiles them', async () => {
    const setup = `int n = (int)In[0].x; float f = In[0].y; twice(n);`;
    // countdown(12): next gives 9, 6, 3, 0 (stops at 0): 9 + 6 + 3.
    const checks: Check[] = [
      { expr: 'countdown(n)', kind: 'i', expect: 18 },
      { expr: 'countdown(n - 1)', kind: 'i', expect: 8 + 5 + 2 },
      { expr: 'pick(n)', kind: 'i', expect: 60 },
      { expr: 'pick(1)', kind: 'i', expect: -1 },
      { expr: 'sel(n)', kind: 'i', expect: 100 },
      { expr: 'sel(n + 1)', kind: 'i', expect: 101 },
      { expr: 'sel(n + 2)', kind: 'i', expect: 2000 },
      { expr: 'byFloat(f)', kind: 'i', expect: 20 },
      { expr: 'byFloat(f + 0.75)', kind: 'i', expect: 20 },
      { expr: 'byFloat(f - 1.5)', kind: 'i', expect: 0 },
      { expr: 'log', kind: 'i', expect: 24 },
    ];
    await runChecks(gpu, { prelude: PRELUDE, setup, input: [[12, 2, 0, 0]], checks });
  });

  it('scopes the declared variable to the statement, and still refuses a value returned from a void function', () => {
    const errs = (body: string) =>
      compile(`RWStructuredBuffer<int> o; int f() { return 1; } void g() {} [numthreads(1, 1, 1)] void main() { ${body} }`)
        .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errs('if (int a = f()) o[0] = a; o[1] = a;')).toEqual(["use of undeclared identifier 'a'"]);
    expect(errs('while (int b = f()) { o[0] = b; break; } o[1] = b;')).toEqual(["use of undeclared identifier 'b'"]);
    expect(errs('return f();')).toEqual(["void function 'main' should not return a value"]);
    expect(errs('return g();')).toEqual([]);
  });

  it('reads `a < b || c > d` as an expression, not as a template type declaring a name', () => {
    const errs = (body: string) =>
      compile(`RWStructuredBuffer<int> o; int f() { return 1; } [numthreads(1, 1, 1)] void main() { int t = o[0]; ${body} }`)
        .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errs('if (t < f() || t > f()) o[1] = 2;')).toEqual([]);
    expect(errs('while (t < f() || t > f()) { o[1] = 2; break; }')).toEqual([]);
    expect(errs('switch (t < f() || t > f()) { default: o[1] = 2; }')).toEqual([]);
  });
});
