// Bitfields in function-local structs and their diagnostics (issue 20): packing as DXC does (the
// member list reflection reads), initializer lists, compound assignment, ++/--, out arguments, sign
// extension; values checked on lavapipe.
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

function errors(source: string): string[] {
  return compile(`${source}\n[numthreads(1,1,1)] void main() {}`).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
}

describe('struct bitfields', () => {
  it('are packed into members as DXC packs them (what reflection sees)', () => {
    const source = `
      struct S { uint a : 1; uint b : 31; uint c : 1; int d : 1; int e : 3; uint plain; uint f : 2; float4 g; uint h : 30; uint i : 3; };
      ConstantBuffer<S> cb;
      RWStructuredBuffer<uint> o;
      [numthreads(1,1,1)] void main() { o[0] = cb.b + cb.i; }`;
    const { reflection } = compileValid(source);
    const block = reflection!.bindings.find((b) => b.name === 'cb')!.block!;
    expect(block.members.map((m) => [m.name, m.offset, m.type.kind === 'scalar' ? m.type.scalar : m.type.kind])).toEqual([
      ['a', 0, 'u32'], // a and b fill 32 bits
      ['c', 4, 'u32'], // overflow starts a new member
      ['d', 8, 'i32'], // another type starts a new member
      ['plain', 12, 'u32'],
      ['f', 16, 'u32'], // a bitfield after an ordinary member starts a new one
      ['g', 32, 'vector'],
      ['h', 48, 'u32'],
      ['i', 52, 'u32'],
    ]);
  });

  it('locals: initializer lists, compound assignment, increments, out arguments, sign extension', async () => {
    const prelude = `
      struct P { uint lo : 4; uint hi : 4; int s : 3; uint rest : 21; float f; };
      void setHi(out uint v) { v = 0x1F; }
      void bump(inout int v) { v += 2; }`;
    const setup = `
      P p = { 3, 17, -2, 5, 1.5 };
      P q = p;
      q.lo += 14;
      q.hi--;
      int old = q.s++;
      P r = (P)0;
      setHi(r.hi);
      r.s = -4;
      bump(r.s);
      P t = p; t.s = 3; t.s++;`;
    const checks: Check[] = [
      { expr: 'p.lo', kind: 'u', expect: 3 },
      { expr: 'p.hi', kind: 'u', expect: 1 }, // 17 truncated to 4 bits
      { expr: 'p.s', kind: 'i', expect: -2 },
      { expr: 'p.rest + p.f', kind: 'f', expect: 6.5 },
      { expr: 'q.lo', kind: 'u', expect: 1 }, // (3 + 14) mod 16
      { expr: 'q.hi', kind: 'u', expect: 0 },
      { expr: 'old', kind: 'i', expect: -2 },
      { expr: 'q.s', kind: 'i', expect: -1 },
      { expr: 'q.rest', kind: 'u', expect: 5 },
      { expr: 'r.hi', kind: 'u', expect: 15 },
      { expr: 'r.lo', kind: 'u', expect: 0 },
      { expr: 'r.s', kind: 'i', expect: -2 },
      { expr: 't.s', kind: 'i', expect: -4 }, // 3 + 1 wraps in 3 signed bits
      { expr: 'p.s < 0', kind: 'b', expect: true },
    ];
    await runChecks(gpu, { prelude, setup, checks });
  });

  it('methods see bitfields by name', async () => {
    const prelude = `
      struct Material {
        uint index : 24; uint flags : 8; int bias : 4;
        void set(uint i, uint f) { index = i; flags = f; bias = -3; }
        uint packedIndex() { return index + flags; }
      };`;
    const setup = `Material m = (Material)0; m.set(0xABCDEF, 0x12);`;
    const checks: Check[] = [
      { expr: 'm.packedIndex()', kind: 'u', expect: 0xabcdef + 0x12 },
      { expr: 'm.bias', kind: 'i', expect: -3 },
      { expr: 'm.index', kind: 'u', expect: 0xabcdef },
    ];
    await runChecks(gpu, { prelude, setup, checks });
  });

  it('diagnostics point at the bitfield', () => {
    expect(errors('struct A { float f : 3; bool b : 1; uint z : 0; uint big : 33; int neg : -1; uint arr[2] : 3; uint d : 2; uint d : 1; };')).toEqual([
      "1:18 bit-field 'f' has non-integral type 'float'",
      "1:30 bit-field 'b' has non-integral type 'bool'",
      "1:46 named bit-field 'z' has zero width",
      "1:60 size of bit-field 'big' (33 bits) exceeds size of its type (32 bits)",
      "1:74 bit-field 'neg' has negative width (-1)",
      "1:83 bit-field 'arr' has non-integral type 'uint[]'",
      "1:112 duplicate member 'd'",
    ]);
    expect(errors('uint g : 3;\nstruct B { static uint s : 2; };')).toEqual([
      '1:8 bit-fields are only allowed as struct members',
      "2:24 static member 's' cannot be a bit-field",
    ]);
    const stageIo = 'struct VSIn { uint a : 4; uint b : 4; float4 p : POSITION; };\nfloat4 vs(VSIn i) : SV_Position { return i.p; }';
    expect(compile(stageIo, { entryPoints: [{ name: 'vs', stage: 'vertex' }] }).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      "2:11 bit-field 'a' cannot be a stage input or output of entry point 'vs'",
    ]);
  });
});

describe('HLSL versions', () => {
  it('bitfields and templates need HLSL 2021 (-HV 2018 rejects them as DXC does)', () => {
    const source = 'struct A { uint a : 3; };\ntemplate <typename T> struct B { T v; };\n[numthreads(1,1,1)] void main() {}';
    expect(compile(source, { hlslVersion: 2018 }).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '1:21 bitfields are not supported in HLSL',
      "2:1 'template' is a reserved keyword in HLSL",
    ]);
    expect(compile(source).diagnostics).toEqual([]);
  });
});
