// Struct bitfields (issue 20) as DXC lays them out: consecutive bitfields of one integer type share a
// member named after the first, least significant bit first; signed ones sign-extend when read.
// The host packs the bits itself (DXC's rule) into the storage member that reflection and the
// generated writer describe, lavapipe reads every bitfield back through ConstantBuffer, cbuffer,
// tbuffer, StructuredBuffer, RWStructuredBuffer and push constants under each layout rule, and the
// shader's writes through RWStructuredBuffer are decoded on the host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutRuleOption } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { loadGenerated } from '../../plugin/codegen/load-generated.js';
import { compileValid } from '../helpers.js';

const SOURCE = `
struct Data {
  float head;
  uint materialIndex : 24;
  uint flags : 8;
  int delta : 5;
  int wide : 11;
  int upper : 16;
  float3 v;
  uint three : 3;
  uint alone;
  int lone : 7;
  float tail;
};
ConstantBuffer<Data> cb : register(b0);
StructuredBuffer<Data> sb : register(t1);
RWStructuredBuffer<Data> rw : register(u2);
cbuffer Params : register(b3) { Data inCbuffer; };
tbuffer Tex : register(t4) { Data inTbuffer; };
[[vk::push_constant]] Data pc;
RWStructuredBuffer<int> outv : register(u5);

void emit(inout uint k, Data d) {
  outv[k++] = d.materialIndex; outv[k++] = d.flags; outv[k++] = d.delta; outv[k++] = d.wide;
  outv[k++] = d.upper; outv[k++] = d.three; outv[k++] = d.alone; outv[k++] = d.lone;
  outv[k++] = (int)d.head; outv[k++] = (int)d.v.y; outv[k++] = (int)d.tail;
}

[numthreads(1, 1, 1)]
void main() {
  uint k = 0;
  emit(k, cb); emit(k, sb[1]); emit(k, rw[0]); emit(k, inCbuffer); emit(k, inTbuffer); emit(k, pc);
  // Writes: whole-member neighbours must survive; values wider than the field are truncated.
  Data w = rw[0];
  w.materialIndex = 0x1ABCDEF;
  w.delta = -16;
  w.wide += 5;
  rw[1] = w;
  rw[1].flags = 0x5A;
  rw[1].upper--;
  rw[1].lone = -1;
  rw[1].three = pc.three + 1;
}`;

const READS = ['materialIndex', 'flags', 'delta', 'wide', 'upper', 'three', 'alone', 'lone', 'head', 'v.y', 'tail'] as const;

interface Fields {
  materialIndex: number; flags: number; delta: number; wide: number; upper: number; three: number; alone: number; lone: number;
  head: number; v: number[]; tail: number;
}

const FIELDS = (seed: number): Fields => ({
  materialIndex: 0x123456 + seed, flags: 0xC3 - seed, delta: -(seed % 16) - 1, wide: 1000 - seed, upper: -30000 + seed,
  three: (seed % 7) + 1, alone: 0xDEADBEEF, lone: -(seed % 60) - 1, head: seed, v: [seed + 1, seed + 2, seed + 3], tail: seed + 4,
});

/** DXC's packing, done by hand: LSB first within the member named after the first bitfield. */
function packed(f: Fields) {
  const bits = (pairs: [number, number][]) => {
    let word = 0n;
    let at = 0n;
    for (const [value, width] of pairs) {
      word |= (BigInt(value) & ((1n << BigInt(width)) - 1n)) << at;
      at += BigInt(width);
    }
    return Number(BigInt.asUintN(32, word));
  };
  const asInt = (u: number) => u | 0;
  return {
    head: f.head,
    materialIndex: bits([[f.materialIndex, 24], [f.flags, 8]]),
    delta: asInt(bits([[f.delta, 5], [f.wide, 11], [f.upper, 16]])),
    v: f.v,
    three: bits([[f.three, 3]]),
    alone: f.alone,
    lone: asInt(bits([[f.lone, 7]])),
    tail: f.tail,
  };
}

const expectedReads = (f: Fields) => [f.materialIndex, f.flags, f.delta, f.wide, f.upper, f.three, f.alone | 0, f.lone, f.head, f.v[1]!, f.tail];

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

describe.each(['relaxed', 'gl', 'scalar', 'dx'] as const)('bitfields under the %s rules', (rule: LayoutRuleOption) => {
  it('read through every buffer kind, written through RWStructuredBuffer', async () => {
    const compiled = compileValid(SOURCE, { layoutRule: rule });
    const { exports } = await loadGenerated({ reflection: compiled.reflection!, spirv: { kind: 'inline', words: compiled.spirv } });
    const values = [FIELDS(1), FIELDS(2), FIELDS(3), FIELDS(4), FIELDS(5), FIELDS(6), FIELDS(7)];
    const [forCb, forSb, forRw, forCbuffer, forTbuffer, forPc] = [values[0]!, values[2]!, values[3]!, values[4]!, values[5]!, values[6]!];
    const cbBytes = new Uint8Array(exports.cb.create(packed(forCb)));
    const sbBytes = new Uint8Array(exports.sb.createArray(2, [packed(values[1]!), packed(forSb)]));
    const rwBytes = new Uint8Array(exports.rw.createArray(2, [packed(forRw), packed(forRw)]));
    const paramsBytes = new Uint8Array(exports.Params.create({ inCbuffer: packed(forCbuffer) }));
    const texBytes = new Uint8Array(exports.Tex.create({ inTbuffer: packed(forTbuffer) }));
    const pcBytes = new Uint8Array(exports.pc.create(packed(forPc)));
    const count = READS.length * 6;
    const { buffers } = await gpu.runCompute({
      spirv: compiled.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'uniform-buffer', data: cbBytes },
        { binding: 1, kind: 'storage-buffer', data: sbBytes },
        { binding: 2, kind: 'storage-buffer', data: rwBytes, name: 'rw' },
        { binding: 3, kind: 'uniform-buffer', data: paramsBytes },
        { binding: 4, kind: 'storage-buffer', data: texBytes },
        { binding: 5, kind: 'storage-buffer', size: count * 4, name: 'out' },
      ],
      push: pcBytes,
      ...(rule === 'scalar' || rule === 'dx' ? { features: ['scalarBlockLayout'] } : {}),
    });
    const out = buffers.out!;
    const got = [...new Int32Array(out.buffer, out.byteOffset, count)];
    const want = [forCb, forSb, forRw, forCbuffer, forTbuffer, forPc].flatMap(expectedReads);
    const label = (xs: number[]) => xs.map((x, i) => `${['cb', 'sb', 'rw', 'cbuffer', 'tbuffer', 'pc'][Math.floor(i / READS.length)]}.${READS[i % READS.length]} = ${x}`);
    expect(label(got)).toEqual(label(want));

    // rw[1] as the shader wrote it, decoded with the member offsets the generated module describes.
    const element = exports.rw.fields;
    const stride: number = exports.rw.stride;
    const base: number = exports.rw.arrayOffset + stride;
    const elementFields = (Object.values(element)[0] as { type: { element: { fields: Record<string, { offset: number }> } } }).type.element.fields;
    const rwOut = buffers.rw!;
    const dv = new DataView(rwOut.buffer, rwOut.byteOffset, rwOut.byteLength);
    const word = (name: string) => dv.getUint32(base + elementFields[name]!.offset, true);
    const sext = (v: number, width: number) => Number(BigInt.asIntN(width, BigInt(v)));
    const first = word('materialIndex');
    const second = word('delta');
    expect({
      materialIndex: first & 0xffffff,
      flags: first >>> 24,
      delta: sext(second & 31, 5),
      wide: sext((second >>> 5) & 0x7ff, 11),
      upper: sext(second >>> 16, 16),
      three: word('three'),
      alone: word('alone'),
      lone: sext(word('lone'), 7),
    }).toEqual({
      materialIndex: 0xabcdef,
      flags: 0x5a,
      delta: -16,
      wide: forRw.wide + 5,
      upper: forRw.upper - 1,
      three: forPc.three + 1,
      alone: forRw.alone,
      lone: -1,
    });
  });
});
