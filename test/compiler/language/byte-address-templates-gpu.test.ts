// Templated byte-address access (issue 20): `Load<T>`/`Store<T>` of scalars, vectors, matrices,
// arrays and structs on lavapipe, under each layout rule. DXC places struct members as the storage
// buffer rule places them (RawBufferMethods.cpp), so the oracle is a RWStructuredBuffer<S> element
// of the same struct written by the generated module: Store<S> must reproduce its bytes exactly,
// and Load<S> must read them back into an equal value. A matrix is read column by column, as DXC
// reads raw buffers by default, which the element reads check word by word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutRuleOption } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { loadGenerated } from '../../plugin/codegen/load-generated.js';
import { compileValid } from '../helpers.js';

const SOURCE = `
struct Inner { float a; float3 b; };
struct S {
  uint u;
  Inner inner;
  float2x3 m;
  int arr[3];
  bool flag;
  uint64_t big;
  Inner pair[2];
  double d;
  float tail;
};
RWStructuredBuffer<S> sb : register(u0);
RWByteAddressBuffer src : register(u1);
RWByteAddressBuffer dst : register(u2);
RWStructuredBuffer<uint> outv : register(u3);
[numthreads(1, 1, 1)]
void main() {
  dst.Store<S>(0, sb[0]);
  sb[1] = src.Load<S>(0);
  // Element reads at fixed addresses (words 80.. of src hold 80..).
  float2x3 m = src.Load<float2x3>(320);
  outv[0] = asuint(m[0][0]); outv[1] = asuint(m[1][0]); outv[2] = asuint(m[0][1]); outv[3] = asuint(m[1][2]);
  uint3 v = src.Load<uint3>(324);
  outv[4] = v.z;
  uint64_t big = src.Load<uint64_t>(328);
  outv[5] = (uint)(big >> 32); outv[6] = (uint)big;
  bool yes = src.Load<bool>(332);
  outv[7] = yes ? 1 : 0;
  outv[8] = asuint(src.Load<Inner>(336).b.y);
  // Store<T> of a vector, a matrix and a 64-bit value, T given or taken from the value.
  dst.Store<float2x2>(384, float2x2(1, 2, 3, 4));
  dst.Store(400, uint64_t(0x1122334455667788ull));
  dst.Store<int3>(408, int3(-1, -2, -3));
  dst.Store(420, true);
}`;

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

describe.each(['relaxed', 'gl', 'scalar', 'dx'] as const)('templated byte-address access under the %s rules', (rule: LayoutRuleOption) => {
  it('Store<S> writes the structured buffer layout, Load<S> reads it back, element reads follow DXC', async () => {
    const compiled = compileValid(SOURCE, { layoutRule: rule });
    const { exports } = await loadGenerated({ reflection: compiled.reflection!, spirv: { kind: 'inline', words: compiled.spirv } });
    const value = {
      u: 7, inner: { a: 1.5, b: [2, 3, 4] }, m: [5, 6, 7, 8, 9, 10], arr: [-1, -2, -3], flag: 1, big: 0x123456789abcdefn,
      pair: [{ a: 11, b: [12, 13, 14] }, { a: 15, b: [16, 17, 18] }], d: 19.25, tail: 20,
    };
    const sbBytes = new Uint8Array(exports.sb.createArray(2, [value]));
    const stride: number = exports.sb.stride;
    const elementSize: number = exports.sb.elementSize;
    const srcWords = new Uint32Array(128);
    srcWords.set(new Uint32Array(sbBytes.buffer, 0, elementSize / 4));
    for (let k = 80; k < 128; k++) srcWords[k] = k;
    const { buffers } = await gpu.runCompute({
      spirv: compiled.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: sbBytes, name: 'sb' },
        { binding: 1, kind: 'storage-buffer', data: new Uint8Array(srcWords.buffer) },
        { binding: 2, kind: 'storage-buffer', data: new Uint8Array(512), name: 'dst' },
        { binding: 3, kind: 'storage-buffer', size: 64, name: 'out' },
      ],
      ...(rule === 'scalar' || rule === 'dx' ? { features: ['scalarBlockLayout'] } : {}),
    });
    const dst = buffers.dst!;
    const sbOut = buffers.sb!;
    // Store<S>: the very bytes the generated writer produced for the structured buffer element.
    expect([...dst.subarray(0, elementSize)]).toEqual([...sbBytes.subarray(0, elementSize)]);
    // Load<S> then a structured-buffer store: element 1 equals element 0.
    expect([...sbOut.subarray(stride, stride + elementSize)]).toEqual([...sbBytes.subarray(0, elementSize)]);
    const out = new Uint32Array(buffers.out!.buffer, buffers.out!.byteOffset, 9);
    // float2x3 at byte 320 = word 80: column major, element [r][c] is word 80 + c * 2 + r. Inner.b.y
    // sits where the storage rule puts Inner's member b (the generated module's offset), plus 4.
    const innerB: number = exports.sb.fields[Object.keys(exports.sb.fields)[0]!].type.element.fields.inner.type.fields.b.offset;
    expect([...out]).toEqual([80, 81, 82, 80 + 2 * 2 + 1, 83, 83, 82, 1, 84 + (innerB + 4) / 4]);
    const dw = new DataView(dst.buffer, dst.byteOffset, dst.byteLength);
    expect([dw.getFloat32(384, true), dw.getFloat32(388, true), dw.getFloat32(392, true), dw.getFloat32(396, true)]).toEqual([1, 3, 2, 4]);
    expect(dw.getBigUint64(400, true)).toBe(0x1122334455667788n);
    expect([dw.getInt32(408, true), dw.getInt32(412, true), dw.getInt32(416, true), dw.getUint32(420, true)]).toEqual([-1, -2, -3, 1]);
  });
});

describe('16-bit templated byte-address access (-enable-16bit-types)', () => {
  it('loads and stores the half of the word the address points at', async () => {
    const source = `
      RWByteAddressBuffer buf : register(u0);
      RWStructuredBuffer<uint> outv : register(u1);
      [numthreads(1, 1, 1)]
      void main() {
        outv[0] = buf.Load<uint16_t>(2);
        uint16_t3 v = buf.Load<uint16_t3>(2);
        outv[1] = v.x; outv[2] = v.y; outv[3] = v.z;
        outv[4] = asuint((float)buf.Load<half>(8));
        int16_t s = buf.Load<int16_t>(10);
        outv[5] = (uint)(int)s;
        uint16_t arr[2] = buf.Load<uint16_t[2]>(0);
        outv[6] = arr[1];
        buf.Store<uint16_t>(14, (uint16_t)0xABCD);
        buf.Store<half>(16, (half)2.5);
        buf.Store<uint16_t2>(18, uint16_t2(0x1111, 0x2222));
      }`;
    const { spirv } = compileValid(source, { enable16BitTypes: true });
    const words = new Uint32Array([0x22221111, 0x44443333, 0x0000_3c00 | (0xfffe << 16), 0x77776666, 0, 0, 0, 0]);
    const { buffers } = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint8Array(words.buffer), name: 'buf' },
        { binding: 1, kind: 'storage-buffer', size: 7 * 4, name: 'out' },
      ],
    });
    const out = new Uint32Array(buffers.out!.buffer, buffers.out!.byteOffset, 7);
    expect([...out]).toEqual([0x2222, 0x2222, 0x3333, 0x4444, 0x3f800000, 0xfffffffe, 0x2222]);
    const buf = new DataView(buffers.buf!.buffer, buffers.buf!.byteOffset, buffers.buf!.byteLength);
    expect(buf.getUint16(12, true)).toBe(0x6666); // the other half of the word is kept
    expect(buf.getUint16(14, true)).toBe(0xabcd);
    expect(buf.getUint16(16, true)).toBe(0x4100); // 2.5 as a half
    expect([buf.getUint16(18, true), buf.getUint16(20, true)]).toEqual([0x1111, 0x2222]);
  });
});
