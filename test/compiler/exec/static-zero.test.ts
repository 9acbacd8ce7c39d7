// HLSL's static variables start at zero when nothing initializes them (globals, function-local
// statics, static data members, `static const` without a value), as DXC makes them: executed on
// lavapipe and WebGPU at both optimisation levels, and the SPIR-V gives every such Private variable
// the zero as its initializer (a Private variable without one starts undefined; a driver that
// happens to hand out zeroed memory would hide that, so the module's text is checked too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const PRELUDE = `
static const float3 table[3];
static float counter;
static int2 pairs[2];
struct Light { float3 color; uint flags; };
static Light light;
struct Counters { static uint total; static float scale; static const int SIX; };
float Counters::scale = 2.5;
const int Counters::SIX = 6;     // a static const member's value may come from its definition
uint bump() { static uint calls; calls += 1; return calls; }
`;

describe('static variables without an initializer', () => {
  it('read as zero: globals, arrays, structs, static const, static members and function-local statics', async () => {
    const setup = `
      counter += In[0].x;          // 0 + 1.5
      uint first = bump();         // 1
      uint second = bump();        // 2
    `;
    const checks: Check[] = [
      { expr: 'table[(uint)In[0].y].y', kind: 'f', expect: 0 },
      { expr: 'counter', kind: 'f', expect: 1.5 },
      { expr: 'pairs[1].x + pairs[(uint)In[0].y].y', kind: 'i', expect: 0 },
      { expr: 'light.color.z + light.flags', kind: 'f', expect: 0 },
      { expr: 'Counters::total', kind: 'u', expect: 0 },
      { expr: 'Counters::scale', kind: 'f', expect: 2.5 },
      { expr: 'Counters::SIX', kind: 'i', expect: 6 },
      { expr: 'first * 10 + second', kind: 'u', expect: 12 },
    ];
    await runChecks(gpu, { prelude: PRELUDE, setup, checks, input: [[1.5, 2, 0, 0]] });
  });

  it('are Private variables initialized with their zero in the SPIR-V', () => {
    const source = `${PRELUDE}
      RWStructuredBuffer<float> o;
      [numthreads(1, 1, 1)] void main(uint i : SV_DispatchThreadID) {
        o[0] = table[i].x + counter + pairs[i].x + light.color.x + Counters::total + Counters::scale + bump();
        counter = 1;
      }`;
    for (const optimizationLevel of [0, 3] as const) {
      const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }], optimizationLevel }).spirv);
      const privates = [...text.matchAll(/^\s*%(\S+) = OpVariable %_ptr_Private_\S+ Private( %\S+)?$/gm)].map((m) => [m[1], Boolean(m[2])]);
      expect(privates.length, `-O${optimizationLevel}`).toBeGreaterThanOrEqual(optimizationLevel ? 1 : 7);
      expect(privates.filter(([, initialized]) => !initialized), `-O${optimizationLevel}`).toEqual([]);
    }
  });
});
