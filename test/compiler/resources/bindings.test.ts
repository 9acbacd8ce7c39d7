// Descriptor sets and bindings: the manual's three-pass assignment and its worked examples, read back
// from the SPIR-V through reflect(). Expected numbers are the manual's (or follow from its rules, noted).
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { compileValid } from '../helpers.js';

function bindings(source: string, options: CompileOptions = {}): Record<string, [set: number, binding: number]> {
  const r = compileValid(source, options);
  return Object.fromEntries(r.reflection!.bindings.map((b) => [b.name, [b.set, b.binding]]));
}

const USE_ALL = (names: string[]) => `[numthreads(1,1,1)] void main() { ${names.join(' ')} }`;

describe("the manual's worked example", () => {
  const source = `
struct S { float4 v; };
ConstantBuffer<S> cbuffer1 : register(b0);
Texture2D<float4> texture1 : register(t0);
Texture2D<float4> texture2 : register(t1, space1);
SamplerState      sampler1;
[[vk::binding(3)]]
RWBuffer<float4> rwbuffer1 : register(u5, space2);
${USE_ALL(['rwbuffer1[0] = cbuffer1.v + texture1.SampleLevel(sampler1, float2(0,0), 0) + texture2.Load(int3(0,0,0));'])}`;

  it('with -fvk-t-shift 10 0 -fvk-t-shift 20 1 gives the stated sets and bindings', () => {
    const got = bindings(source, {
      bindingShifts: [
        { registerKind: 't', shift: 10, space: 0 },
        { registerKind: 't', shift: 20, space: 1 },
      ],
    });
    expect(got).toEqual({
      rwbuffer1: [0, 3], // explicit [[vk::binding]] has precedence
      cbuffer1: [0, 0], // register(b0), no b shift
      texture1: [0, 10], // t0 + 10 in space 0
      texture2: [1, 21], // t1 + 20 in space 1
      sampler1: [0, 1], // next available binding in set 0
    });
  });

  it('without shifts texture1 collides with cbuffer1 (binding 0) and a warning names both', () => {
    const r = compile(source, { targetEnv: 'vulkan1.1' });
    const warnings = r.diagnostics.filter((d) => d.severity === 'warning' && /share descriptor set/.test(d.message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toBe(`'texture1' and 'cbuffer1' share descriptor set 0, binding 0`);
    expect(warnings[0]!.line).toBe(4);
    expect(warnings[0]!.notes[0]?.message).toBe(`'cbuffer1' is bound here`);
    expect(warnings[0]!.notes[0]?.line).toBe(3);
  });
});

describe('$Globals', () => {
  it('example 1: first global before the texture takes binding 0', () => {
    expect(bindings(`float4 someColors;\nTexture2D<float4> texture1;\nRWBuffer<float4> o : register(u9);\n${USE_ALL(['o[0] = someColors + texture1.Load(int3(0,0,0));'])}`)).toEqual({
      $Globals: [0, 0],
      texture1: [0, 1],
      o: [0, 9],
    });
  });

  it('example 2: texture first, $Globals next', () => {
    expect(bindings(`Texture2D<float4> texture1;\nfloat4 someColors;\nRWBuffer<float4> o : register(u9);\n${USE_ALL(['o[0] = someColors + texture1.Load(int3(0,0,0));'])}`)).toEqual({
      texture1: [0, 0],
      $Globals: [0, 1],
      o: [0, 9],
    });
  });

  it('example 3: -fvk-bind-globals 2 1', () => {
    expect(bindings(`Texture2D<float4> texture1;\nfloat4 someColors;\nRWBuffer<float4> o : register(u9);\n${USE_ALL(['o[0] = someColors + texture1.Load(int3(0,0,0));'])}`, { bindGlobals: { binding: 2, set: 1 } })).toEqual({
      texture1: [0, 0],
      $Globals: [1, 2],
      o: [0, 9],
    });
  });
});

describe('counters of RW/Append/Consume structured buffers', () => {
  // The counter is its own variable: `rw` itself must be used too, or dead-resource elimination drops it.
  const body = USE_ALL(['a.Append(c.Consume()); rw[rw.IncrementCounter()] = 1;']);
  it('take the next binding after their buffer when implicit', () => {
    expect(bindings(`AppendStructuredBuffer<float> a;\nConsumeStructuredBuffer<float> c;\nRWStructuredBuffer<float> rw;\n${body}`)).toEqual({
      a: [0, 0],
      'counter.var.a': [0, 1],
      c: [0, 2],
      'counter.var.c': [0, 3],
      rw: [0, 4],
      'counter.var.rw': [0, 5],
    });
  });

  it('[[vk::counter_binding(Z)]] is explicit, in the set of the buffer', () => {
    expect(
      bindings(`[[vk::binding(0, 2), vk::counter_binding(7)]] AppendStructuredBuffer<float> a;
ConsumeStructuredBuffer<float> c : register(u1, space3);
[[vk::counter_binding(0)]] RWStructuredBuffer<float> rw;
${body}`),
    ).toEqual({
      a: [2, 0],
      'counter.var.a': [2, 7],
      c: [3, 1],
      'counter.var.c': [3, 0], // implicit counter: lowest free binding in the buffer's register space
      rw: [0, 1], // binding 0 of set 0 is taken by rw's own counter (pass 1)
      'counter.var.rw': [0, 0],
    });
  });
});

describe('command-line options', () => {
  const source = `Texture2D<float4> t;\nSamplerState s;\nRWBuffer<float4> u;\ncbuffer B { float4 k; };
${USE_ALL(['u[0] = k + t.SampleLevel(s, float2(0,0), 0);'])}`;

  it('-auto-binding-space N moves implicit bindings to set N', () => {
    expect(bindings(source, { autoBindingSpace: 2 })).toEqual({ t: [2, 0], s: [2, 1], u: [2, 2], B: [2, 3] });
  });

  it('-fvk-auto-shift-bindings applies the shift of the implicit register kind', () => {
    const got = bindings(source, {
      autoShiftBindings: true,
      bindingShifts: [
        { registerKind: 't', shift: 100, space: 'all' },
        { registerKind: 's', shift: 200, space: 'all' },
        { registerKind: 'u', shift: 300, space: 'all' },
      ],
    });
    expect(got).toEqual({ t: [0, 100], s: [0, 200], u: [0, 300], B: [0, 0] });
  });

  it('a shift for one set does not apply to others; -fvk-x-shift N all applies everywhere', () => {
    const src = `Texture2D<float4> a : register(t1);\nTexture2D<float4> b : register(t1, space1);\nRWBuffer<float4> o : register(u0, space5);
${USE_ALL(['o[0] = a.Load(int3(0,0,0)) + b.Load(int3(0,0,0));'])}`;
    expect(bindings(src, { bindingShifts: [{ registerKind: 't', shift: 5, space: 1 }] })).toEqual({ a: [0, 1], b: [1, 6], o: [5, 0] });
    expect(bindings(src, { bindingShifts: [{ registerKind: 't', shift: 5, space: 'all' }] })).toEqual({ a: [0, 6], b: [1, 6], o: [5, 0] });
  });
});

describe('arrays of resources take one binding', () => {
  it('Texture2D t[4] then a sampler', () => {
    const r = compileValid(`Texture2D<float4> t[4];\nSamplerState s;\nRWBuffer<float4> o;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) { o[0] = t[id.x % 4].SampleLevel(s, float2(0,0), 0); }`);
    const t = r.reflection!.bindings.find((b) => b.name === 't')!;
    expect([t.set, t.binding, t.count]).toEqual([0, 0, 4]);
    expect(r.reflection!.bindings.find((b) => b.name === 's')!.binding).toBe(1);
  });
});

describe('register(spaceN) without a slot', () => {
  it('takes the next free binding of set N after the explicit registers (pass 3, as DXC)', () => {
    const src = `Texture2D<float4> a : register(space1);\nSamplerState s : register(s0, space1);\nTexture2D<float4> b : register(space1);\nRWBuffer<float4> o;
${USE_ALL(['o[0] = a.SampleLevel(s, float2(0,0), 0) + b.SampleLevel(s, float2(0,0), 0);'])}`;
    expect(bindings(src)).toEqual({ a: [1, 1], s: [1, 0], b: [1, 2], o: [0, 0] });
  });

  it('-fvk-auto-shift-bindings shifts it by its implicit register kind in set N', () => {
    const src = `Texture2D<float4> a : register(space2);\nRWBuffer<float4> o : register(u0);\n${USE_ALL(['o[0] = a.Load(int3(0,0,0));'])}`;
    expect(bindings(src, { autoShiftBindings: true, bindingShifts: [{ registerKind: 't', shift: 10, space: 2 }] })).toEqual({ a: [2, 10], o: [0, 0] });
  });
});

describe('-fvk-bind-register xX Y N M', () => {
  const src = `struct S { float4 v; };
ConstantBuffer<S> cb : register(b0);
Texture2D<float4> t : register(t3, space1);
[[vk::binding(9)]] SamplerState s : register(s0);
RWBuffer<float4> o : register(u0);
${USE_ALL(['o[0] = cb.v + t.SampleLevel(s, float2(0,0), 0);'])}`;
  const map = [
    { register: 'b0', space: 0, binding: 4, set: 3 },
    { register: 't3', space: 1, binding: 5, set: 2 },
    { register: 's0', space: 0, binding: 1, set: 0 },
    { register: 'u0', space: 0, binding: 0, set: 0 },
  ];

  it('binds register(xX, spaceY) to set M, binding N; it overrides [[vk::binding]]', () => {
    expect(bindings(src, { bindRegister: map })).toEqual({ cb: [3, 4], t: [2, 5], s: [0, 1], o: [0, 0] });
  });

  it('the space of a register without one is -auto-binding-space', () => {
    const shifted = map.map((m) => (m.space === 0 ? { ...m, space: 4 } : m));
    expect(bindings(src, { bindRegister: shifted, autoBindingSpace: 4 })).toEqual({ cb: [3, 4], t: [2, 5], s: [0, 1], o: [0, 0] });
  });

  it('a register missing from the map is an error (DXC: missing -fvk-bind-register for resource)', () => {
    const r = compile(src, { bindRegister: map.filter((m) => m.register !== 't3') });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.line, d.message])).toEqual([
      [3, `missing -fvk-bind-register for resource 't' at register(t3, space1)`],
    ]);
  });

  it('cannot bind a structured-buffer counter (DXC: unimplemented), so RW/Append/Consume buffers are errors', () => {
    const r = compile(`RWStructuredBuffer<uint> rw : register(u1);\n${USE_ALL(['rw.IncrementCounter();'])}`, { bindRegister: [{ register: 'u1', space: 0, binding: 0, set: 0 }] });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      `-fvk-bind-register cannot bind the counter of 'rw' (RW/Append/Consume StructuredBuffer counters are not supported with it, as in DXC)`,
    ]);
  });

  it('a resource without register() is an error; $Globals may use -fvk-bind-globals', () => {
    const loose = `float4 k;\nTexture2D<float4> t;\nRWBuffer<float4> o : register(u0);\n${USE_ALL(['o[0] = k + t.Load(int3(0,0,0));'])}`;
    const r = compile(loose, { bindRegister: map, bindGlobals: { binding: 2, set: 1 } });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.line, d.message])).toEqual([
      [2, `-fvk-bind-register requires register annotations on all resources; 't' has none`],
    ]);
    const fixed = loose.replace('Texture2D<float4> t;', 'Texture2D<float4> t : register(t3, space1);');
    expect(bindings(fixed, { bindRegister: map, bindGlobals: { binding: 2, set: 1 } })).toEqual({ $Globals: [1, 2], t: [2, 5], o: [0, 0] });
  });
});
