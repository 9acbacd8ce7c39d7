// C and MSVC spellings that real engine code uses and DXC accepts (issue 20, found by
// bench/engines/d3d12.mjs on DirectX-Graphics-Samples): `unsigned int` / `unsigned int2` / `unsigned`,
// a variable that takes the name of its struct type (`ConstantBuffer<Constants> Constants;`), the
// `1.#INF` infinity literal, a UTF-8 byte-order mark, a definition whose parameter names differ from
// its prototype's, `class S;` forward declarations, and struct values inside initializer lists.
// Values are observed on lavapipe.
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

  it("a definition's body sees its own parameter names, not the prototype's (defaults from the prototype)", async () => {
    const prelude = `
      struct Shape { float r; float scaled(float k); };
      float Shape::scaled(float factor) { return r * factor; }
      template <typename T> struct Box { T v; T plus(T a); };
      template <typename T> T Box<T>::plus(T other) { return v + other; }
      float distance(in float3 p, in uint kind = 2);
      float distance(in float3 position, in uint primitive) { return primitive == 2 ? position.x * 10 : position.y; }`;
    const setup = `Shape s; s.r = In[0].x; Box<float> b; b.v = In[0].y;`;
    const checks: Check[] = [
      { expr: 'distance(In[0].xyz)', kind: 'f', expect: 10 },
      { expr: 'distance(In[0].xyz, 0)', kind: 'f', expect: 2 },
      { expr: 's.scaled(3) + b.plus(4)', kind: 'f', expect: 9 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1, 2, 3, 0]], checks });
  });

  it('`class S;` declares a type a later definition completes', async () => {
    const prelude = `class Later; struct Data; class Unused;
      struct Data { float x; };
      class Later { float y; };`;
    const setup = `Data d; d.x = In[0].x; Later l; l.y = In[0].z;`;
    await runChecks(gpu, { prelude, setup, input: [[1, 2, 3, 0]], checks: [{ expr: 'd.x + l.y', kind: 'f', expect: 4 }] });
    expect(errors('class Fwd;\nFwd f;\n[numthreads(1,1,1)] void main() {}')[0]).toMatch(/^2:1 /);
  });

  it('a struct or array of numbers in a vector or matrix constructor gives its components (DXC: spirv.legal.sbuffer.counter)', async () => {
    const prelude = `
      struct S2 { float3 f; };
      struct Pair { float2 a; int b; };`;
    const setup = `
      S2 s = { In[0].xyz };
      Pair p = { In[1].xy, 3 };
      float arr[2] = { In[0].w, In[1].w };
      float4 fromStruct = float4(s, 9);
      float4 fromPair = float4(p, 10);
      float2x2 fromArrays = float2x2(arr, arr);`;
    const checks: Check[] = [
      { expr: 'all(fromStruct == float4(1, 2, 3, 9))', kind: 'b', expect: true },
      { expr: 'all(fromPair == float4(5, 6, 3, 10))', kind: 'b', expect: true },
      { expr: 'fromArrays[1][0] * 10 + fromArrays[0][1]', kind: 'f', expect: 48 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1, 2, 3, 4], [5, 6, 7, 8]], checks });
    expect(errors('struct R { Texture2D t; float x; };\n[numthreads(1,1,1)] void main() { R r; float2 v = float2(r, 1); }')).toEqual([
      "2:58 cannot use 'R' as a component of 'float2'",
    ]);
  });

  it('a struct or array value in an initializer list initialises a part of its type whole, or is flattened', async () => {
    const prelude = `
      struct Vertex { float3 position; float3 normal; float2 uv; float3 tangent; };
      struct Pair { float2 a; float b; };
      struct Outer { Pair p; int c; };`;
    const setup = `
      Vertex v0 = { In[0].xyz, In[1].xyz, In[0].xy, In[1].xyz };
      Vertex v1 = v0; v1.uv = float2(5, 6);
      Vertex tri[3] = { v0, v1, v0 };
      float arr[2] = { In[0].x, In[0].y };
      float4 flat = { arr, arr };
      Pair p = { 1, 2, 3 };
      float4 fromStruct = { p, 7 };
      Outer o = { p, 5 };
      Outer fromArray = { arr, 9, 4 };
      Pair pairs[2] = { p, arr, 8 };`;
    const checks: Check[] = [
      { expr: 'tri[1].uv.x * 10 + tri[2].uv.y + tri[0].tangent.z * 100', kind: 'f', expect: 50 + 2 + 600 },
      { expr: 'all(flat == float4(1, 2, 1, 2))', kind: 'b', expect: true },
      { expr: 'all(fromStruct == float4(1, 2, 3, 7))', kind: 'b', expect: true },
      { expr: 'o.p.b * 10 + o.c', kind: 'f', expect: 35 },
      { expr: 'fromArray.p.a.y * 100 + fromArray.p.b * 10 + fromArray.c', kind: 'f', expect: 294 },
      { expr: 'pairs[1].a.x * 100 + pairs[1].a.y * 10 + pairs[1].b + pairs[0].b * 1000', kind: 'f', expect: 3128 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1, 2, 3, 0], [4, 5, 6, 0]], checks });
    expect(errors('struct P { float a; float b; };\n[numthreads(1,1,1)] void main() { P p = { 1, 2 }; float3 v = { p }; }')).toEqual([
      "2:62 initializer list has 2 scalar components, but 'float3' needs 3",
    ]);
  });
});
