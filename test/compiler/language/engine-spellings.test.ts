// C and MSVC spellings that real engine code uses and DXC accepts (issue 20, found by
// bench/engines/d3d12.mjs on DirectX-Graphics-Samples): `unsigned int` / `unsigned int2` / `unsigned`,
// a variable that takes the name of its struct type (`ConstantBuffer<Constants> Constants;`), the
// `1.#INF` infinity literal, and a UTF-8 byte-order mark. Values are observed on lavapipe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from '../exec/kernel.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const errors = (source: string) => compile(source).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);

describe('engine spellings DXC accepts', () => {
  it('unsigned spellings are the unsigned types, and a variable may take its struct type name', async () => {
    const prelude = `
      struct Params { float scale; uint count; };
      static Params Params = { 2.5, 7 };
      unsigned int twice(unsigned int x) { unsigned y = x * 2; return y; }
      float pick(int x) { return 1; }
      float pick(uint x) { return 2; }`;
    const setup = `unsigned int2 p = (unsigned int2)In[0].xy; unsigned min16int m = 3;`;
    const checks: Check[] = [
      { expr: 'twice(4)', kind: 'u', expect: 8 },
      { expr: 'pick((unsigned)1) + pick((unsigned int)1) * 10 + pick(p.x) * 100 + pick(1) * 1000', kind: 'f', expect: 1222 },
      { expr: '(unsigned int)(-1)', kind: 'u', expect: 0xffffffff },
      { expr: 'p.x + p.y * 10', kind: 'u', expect: 21 },
      { expr: 'm', kind: 'u', expect: 3 },
      { expr: 'Params.scale * Params.count', kind: 'f', expect: 17.5 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1, 2, 3, 0]], checks });
  });

  it('1.#INF is +infinity', async () => {
    const checks: Check[] = [
      { expr: 'asuint(1.#INF) == 0x7f800000u', kind: 'b', expect: true },
      { expr: 'In[0].x * 1.#INF', kind: 'f', expect: Infinity },
      { expr: '-In[0].x * 2.#INFf', kind: 'f', expect: -Infinity },
    ];
    await runChecks(gpu, { input: [[1, 2, 3, 0]], checks });
  });

  it('a byte-order mark before the first token is skipped', () => {
    const r = compileValid('\ufeff[numthreads(1, 1, 1)] void main() {}');
    expect(r.success).toBe(true);
    expect(errors('int x = 1;\n\ufeff[numthreads(1, 1, 1)] void main() {}')).toEqual(["2:1 invalid character '\\ufeff' in source"]);
  });

  it('the struct name is hidden by the variable; #INF needs the period; the rest stay errors', () => {
    expect(errors(`struct S { float a; };\nS S;\nS t;\n[numthreads(1,1,1)] void main() {}`)).toEqual(["3:1 'S' does not name a type"]);
    expect(errors(`static float x = 1#INF;\n[numthreads(1,1,1)] void main() {}`)[0]).toMatch(/^1:19 /);
    expect(errors(`static float x = 1.#INFx;\n[numthreads(1,1,1)] void main() {}`)).toEqual(["1:18 invalid suffix 'x' on floating constant"]);
  });
});
