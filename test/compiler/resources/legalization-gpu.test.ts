// Resource legalization executed on lavapipe: buffers held in locals, in (nested, derived) local
// structs, passed to functions, returned from functions and chosen by constant conditions all read
// and write the global they came from; counters follow the buffer through parameters. Expected
// values follow from the input data; every module also passes spirv-val (compileValid).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const words = (bytes: Uint8Array) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);

/** No resource may live in Function storage: every access goes to the global. */
function expectOnlyGlobalResources(spirv: Uint32Array): void {
  const text = disassembleSpirv(spirv);
  expect(text).toMatch(/OpAccessChain/);
  expect(text).not.toMatch(/_ptr_Function_(_ptr_|type_(RW)?StructuredBuffer|type_(RW)?ByteAddressBuffer|type_2d_image|type_sampler)/);
}

const LOCALS = `
struct Pair { StructuredBuffer<uint> src; RWStructuredBuffer<uint> dst; };
struct Outer { Pair p; uint bias; };
struct Base { ByteAddressBuffer bytes; };
struct Reader {
  StructuredBuffer<uint> src;
  uint offset;
  uint at(uint i) { return src[i + offset]; }
  uint twice(uint i) { return at(i) + this.at(i); }
};
struct Derived : Base {
  uint scale;
  uint wordAt(uint i) { return bytes.Load(i * 4) * scale; }
};

StructuredBuffer<uint> inA : register(t0);
StructuredBuffer<uint> inB : register(t1);
RWStructuredBuffer<uint> outA : register(u2);
RWStructuredBuffer<uint> outB : register(u3);
ByteAddressBuffer raw : register(t4);

StructuredBuffer<uint> pick() { return inB; }
void copyTo(RWStructuredBuffer<uint> dst, StructuredBuffer<uint> src, uint i, uint offset) { dst[i] = src[i] + offset; }
uint readPair(Pair q, uint i) { return q.src[i]; }
// Chosen by a parameter: resolved per constant argument, also through a caller.
StructuredBuffer<uint> choose(int n) {
  if (n == 0) return inA;
  switch (n) { case 1: return inB; default: break; }
  return inA;
}
uint viaChoose(int n, uint i) { return choose(n)[i]; }
// A struct holding a buffer and data, returned from a function.
struct Made { uint bias; StructuredBuffer<uint> src; };
Made make(uint bias) {
  Made m;
  m.src = inB;
  m.bias = bias;
  return m;
}

static StructuredBuffer<uint> staticAlias = inA;

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  // A local buffer variable, reassigned at top level: each use sees the buffer it holds then.
  StructuredBuffer<uint> local = inA;
  uint fromA = local[i];
  local = inB;
  uint fromB = local[i];

  // A nested local struct, copied whole.
  Outer o;
  o.p.src = inB;
  o.p.dst = outA;
  o.bias = 1000;
  Outer copy = o;
  copy.p.dst[i] = copy.p.src[i] + copy.bias;          // outA[i] = inB[i] + 1000

  // Passed to functions (one lowering per buffer pair), returned from a function.
  copyTo(outB, inA, i, fromA + fromB);                  // outB[i] = 2 * inA[i] + inB[i]
  RWStructuredBuffer<uint> target = outB;
  target[i + 4] = pick()[i] + readPair(copy.p, i);      // outB[i + 4] = 2 * inB[i]

  // A constant condition decides statically.
  StructuredBuffer<uint> chosen;
  if (2 > 1) chosen = inA; else chosen = inB;
  outA[i + 4] = chosen[i] + staticAlias[i];             // outA[i + 4] = 2 * inA[i]

  outB[i + 8] = viaChoose(0, i) * 100 + viaChoose(1, i);  // outB[i + 8] = 100 * inA[i] + inB[i]
  Made made = make(7);
  outB[i + 12] = made.src[i] + made.bias + make(i).bias; // outB[i + 12] = inB[i] + 7 + i

  // A method of a derived struct whose base holds a ByteAddressBuffer.
  Derived d;
  d.bytes = raw;
  d.scale = 3;
  outA[i + 8] = d.wordAt(i);                            // outA[i + 8] = 3 * raw[i]

  // Initialized by a list; a method calling methods on the implicit and explicit 'this'.
  Reader r = { inB, 0 };
  outA[i + 12] = r.twice(i);                            // outA[i + 12] = 2 * inB[i]

  // An [unroll] loop choosing by its counter: each unrolled copy sees its own buffer.
  uint acc = 0;
  StructuredBuffer<uint> each;
  [unroll] for (int n = 0; n < 2; n++) {
    if (n == 0) each = inA; else each = inB;
    acc += each[i] * (n + 1);
  }
  outA[i + 16] = acc;                                   // outA[i + 16] = inA[i] + 2 * inB[i]
}
`;

const COUNTERS = `
RWStructuredBuffer<uint> first : register(u0);
RWStructuredBuffer<uint> second : register(u1);
AppendStructuredBuffer<uint> sink : register(u2);

struct Counted { RWStructuredBuffer<uint> buf; };

uint bump(RWStructuredBuffer<uint> b, uint value) {
  uint slot = b.IncrementCounter();
  b[slot] = value;
  return slot;
}
void push(AppendStructuredBuffer<uint> a, uint value) { a.Append(value); }

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  bump(first, 10 + i);
  Counted c;
  c.buf = second;
  bump(c.buf, 20 + i);
  bump(c.buf, 30 + i);
  push(sink, 40 + i);
}
`;

describe('resources in locals, struct members, parameters and return values', () => {
  const result = compileValid(LOCALS, {}, ['vulkan1.0', 'vulkan1.1', 'vulkan1.2']);

  it('lowers every access against the resource globals', () => {
    expectOnlyGlobalResources(result.spirv);
    expect(result.reflection!.bindings.map((b) => [b.name, b.binding])).toEqual([
      ['inA', 0], ['inB', 1], ['outA', 2], ['outB', 3], ['raw', 4],
    ]);
  });

  it('reads and writes the buffers the aliases hold', async () => {
    const inA = new Uint32Array([1, 2, 3, 4]);
    const inB = new Uint32Array([10, 20, 30, 40]);
    const raw = new Uint32Array([5, 6, 7, 8]);
    const { buffers } = await gpu.runCompute({
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: inA },
        { binding: 1, kind: 'storage-buffer', data: inB },
        { binding: 2, kind: 'storage-buffer', data: new Uint32Array(20), name: 'outA' },
        { binding: 3, kind: 'storage-buffer', data: new Uint32Array(16), name: 'outB' },
        { binding: 4, kind: 'storage-buffer', data: raw },
      ],
    });
    const outA = [...words(buffers.outA!)];
    const outB = [...words(buffers.outB!)];
    expect(outA.slice(0, 4)).toEqual([...inB].map((b) => b + 1000));
    expect(outA.slice(4, 8)).toEqual([...inA].map((a) => 2 * a));
    expect(outA.slice(8, 12)).toEqual([...raw].map((r) => 3 * r));
    expect(outA.slice(12, 16)).toEqual([...inB].map((b) => 2 * b));
    expect(outA.slice(16, 20)).toEqual([...inA].map((a, k) => a + 2 * inB[k]!));
    expect(outB.slice(0, 4)).toEqual([...inA].map((a, k) => 2 * a + inB[k]!));
    expect(outB.slice(4, 8)).toEqual([...inB].map((b) => 2 * b));
    expect(outB.slice(8, 12)).toEqual([...inA].map((a, k) => 100 * a + inB[k]!));
    expect(outB.slice(12, 16)).toEqual([...inB].map((b, k) => b + 7 + k));
  });
});

describe('counters of buffers passed as parameters', () => {
  const result = compileValid(COUNTERS, {}, ['vulkan1.0', 'vulkan1.2']);

  it('binds each buffer and its counter as DXC does', () => {
    expectOnlyGlobalResources(result.spirv);
    // DXC creates an Append buffer's counter with the buffer, a RWStructuredBuffer's only when code uses
    // it (after every declaration): pass 3 then meets sink's counter before first's and second's.
    expect(Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, b.binding]))).toEqual({
      first: 0, second: 1, sink: 2, 'counter.var.sink': 3, 'counter.var.first': 4, 'counter.var.second': 5,
    });
  });

  it('IncrementCounter/Append through a parameter use that buffer\'s own counter', async () => {
    const { buffers } = await gpu.runCompute({
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint32Array(4), name: 'first' },
        { binding: 1, kind: 'storage-buffer', data: new Uint32Array(8), name: 'second' },
        { binding: 2, kind: 'storage-buffer', data: new Uint32Array(4), name: 'sink' },
        { binding: 4, kind: 'storage-buffer', data: new Uint32Array([0]), name: 'c0' },
        { binding: 5, kind: 'storage-buffer', data: new Uint32Array([0]), name: 'c1' },
        { binding: 3, kind: 'storage-buffer', data: new Uint32Array([0]), name: 'c2' },
      ],
    });
    expect(words(buffers.c0!)[0]).toBe(4);
    expect(words(buffers.c1!)[0]).toBe(8);
    expect(words(buffers.c2!)[0]).toBe(4);
    expect([...words(buffers.first!)].sort((a, b) => a - b)).toEqual([10, 11, 12, 13]);
    expect([...words(buffers.second!)].sort((a, b) => a - b)).toEqual([20, 21, 22, 23, 30, 31, 32, 33]);
    expect([...words(buffers.sink!)].sort((a, b) => a - b)).toEqual([40, 41, 42, 43]);

  });
});
