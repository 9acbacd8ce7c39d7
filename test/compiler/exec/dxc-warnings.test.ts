// Forms DXC accepts with a warning, accepted the same way and executed on lavapipe and WebGPU: a
// non-void function whose end is reachable (-Wreturn-type; it returns zero there, one of the
// undefined values DXC's OpUndef allows), and a groupshared variable with an initializer (ignored as
// DXC ignores it: spirv.cf.ret-missing.hlsl, groupshared.init.warning.hlsl).
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
float halfIfPositive(float v) { if (v > 0) return v * 0.5; }
struct P { float2 a; int b; };
P pairIf(bool ok) { if (ok) { P p = { 1, 2, 3 }; return p; } }
`;

describe('DXC warnings', () => {
  it('a function falling off its end returns zero there', async () => {
    const checks: Check[] = [
      { expr: 'halfIfPositive(In[0].x)', kind: 'f', expect: 2 },
      { expr: 'halfIfPositive(-In[0].x)', kind: 'f', expect: 0 },
      { expr: 'pairIf(In[0].x > 0).b', kind: 'i', expect: 3 },
      { expr: 'pairIf(In[0].x < 0).a.y', kind: 'f', expect: 0 },
    ];
    await runChecks(gpu, { prelude: PRELUDE, checks, input: [[4, 0, 0, 0]] });
  });

  it('warns in the return-type group (-Wno-return-type silences it), and for an ignored groupshared initializer', () => {
    const source = `${PRELUDE}\ngroupshared uint counter = 5;\nRWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)] void main() { counter = 0; o[0] = halfIfPositive(o[1]) + counter; }`;
    const warnings = (flags?: Record<string, 'off'>) =>
      compile(source, flags ? { warnings: { flags } } : {}).diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.line}: ${d.message} [${d.flag}]`);
    // pairIf is not called: only the functions an entry point reaches are checked.
    expect(warnings()).toEqual([
      "6: Initializer of external global will be ignored: groupshared variable 'counter' starts undefined [ignored-initializer]",
      "2: non-void function 'halfIfPositive' does not return a value on every path: it returns zero where it ends [return-type]",
    ]);
    expect(warnings({ 'return-type': 'off', 'ignored-initializer': 'off' })).toEqual([]);
  });
});
