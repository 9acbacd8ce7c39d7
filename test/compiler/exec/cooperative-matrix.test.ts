// Cooperative matrices (<vk/khr/cooperative_matrix.h>) executed on a driver with VK_KHR_cooperative_matrix:
// the configurations it lists (vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR) choose the
// component type and tile shape; the coopmat-gemm fixture's tiled multiply-add is checked element by
// element against a plain loop over the same input data, and a column-major load with one stride
// then a row-major store with another proves the layouts and strides.
//
// Mesa 25.0.7's lavapipe (the 'lavapipe-mesa25' driver) does not offer VK_KHR_cooperative_matrix
// (lavapipe gains it in a later Mesa): there the tests report skipped, naming the reason, and run on
// the real-driver lane (scripts/gpu-lane). The query and the jobs of every candidate configuration
// are sent together, so that a recording run captures them all whatever the recording driver says.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../compiler/index.js';
import { startGpuRunner, type ComputeResult, type CooperativeMatrixProperties, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

const FIXTURE = readFileSync(new URL('../../../fixtures/compiler/coopmat-gemm.hlsl', import.meta.url), 'utf8');
const EXTENSIONS = ['VK_KHR_cooperative_matrix'];
const NOT_OFFERED = /VK_KHR_cooperative_matrix is not supported by this driver/;

/** Configurations the tests can use (one component type for A, B, C and the result, subgroup scope), in order of preference. */
interface Candidate {
  component: 'float32' | 'float16';
  M: number;
  N: number;
  K: number;
}
const CANDIDATES: Candidate[] = [
  { component: 'float32', M: 16, N: 16, K: 16 },
  { component: 'float32', M: 8, N: 8, K: 8 },
  { component: 'float16', M: 16, N: 16, K: 16 },
  { component: 'float16', M: 16, N: 8, K: 16 },
];

const offered = (props: CooperativeMatrixProperties[], c: Candidate) =>
  props.some((p) => p.scope === 'subgroup' && p.M === c.M && p.N === c.N && p.K === c.K && [p.A, p.B, p.C, p.result].every((t) => t === c.component));

const hlslType = (c: Candidate) => (c.component === 'float16' ? 'half' : 'float');
const options = (c: Candidate, defines: Record<string, string>, entry: string): CompileOptions => ({
  entryPoints: [{ name: entry, stage: 'compute' }],
  hlslVersion: 2021,
  enable16BitTypes: c.component === 'float16',
  defines: { ELEMENT: hlslType(c), ...defines },
});

/** Element values as the buffer holds them (f16 through Math.f16round-free rounding: the inputs are small integers, exact in both). */
function encode(c: Candidate, values: readonly number[]): Uint8Array {
  if (c.component === 'float32') return new Uint8Array(new Float32Array(values).buffer);
  const out = new Uint16Array(values.length);
  values.forEach((v, i) => (out[i] = halfBits(v)));
  return new Uint8Array(out.buffer);
}

function decode(c: Candidate, bytes: Uint8Array, count: number): number[] {
  if (c.component === 'float32') return [...new Float32Array(bytes.slice(0, count * 4).buffer)];
  return [...new Uint16Array(bytes.slice(0, count * 2).buffer)].map(halfValue);
}

/** IEEE half bits of an integer of magnitude below 2048 (exact). */
function halfBits(v: number): number {
  if (v === 0) return Object.is(v, -0) ? 0x8000 : 0;
  const sign = v < 0 ? 0x8000 : 0;
  const a = Math.abs(v);
  const e = Math.floor(Math.log2(a));
  return sign | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024);
}

function halfValue(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const e = (bits >> 10) & 0x1f;
  const m = bits & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

/** Scattered integers in [-3, 3] from a seed: products and sums stay exact in f16 and f32 for these sizes. */
const values = (count: number, seed: number) => Array.from({ length: count }, (_, i) => (mix(i ^ (seed << 16)) % 7) - 3);

/** An integer hash (murmur3's finalizer), so that no two inputs repeat each other's pattern. */
function mix(x: number): number {
  let h = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

// The GEMM problem: two tiles each way and two K slices, so tiles, offsets and the K loop all matter.
interface Problem {
  c: Candidate;
  rows: number;
  cols: number;
  depth: number;
  a: number[]; // rows x depth, row-major
  b: number[]; // depth x cols, column-major: b[col * depth + k]
  acc: number[]; // rows x cols, row-major
  alpha: number;
}

function problem(c: Candidate): Problem {
  const rows = 2 * c.M, cols = 2 * c.N, depth = 2 * c.K;
  return { c, rows, cols, depth, a: values(rows * depth, 1), b: values(depth * cols, 2), acc: values(rows * cols, 3), alpha: 2 };
}

/** C = alpha * A * B + C by a plain loop over the inputs. */
function reference(p: Problem): number[] {
  const out: number[] = [];
  for (let r = 0; r < p.rows; r++) {
    for (let col = 0; col < p.cols; col++) {
      let sum = 0;
      for (let k = 0; k < p.depth; k++) sum += p.a[r * p.depth + k]! * p.b[col * p.depth + k]!;
      out.push(p.alpha * sum + p.acc[r * p.cols + col]!);
    }
  }
  return out;
}

function gemmJob(gpu: GpuRunner, p: Problem): Promise<ComputeResult> {
  const { c } = p;
  const compiled = compileValid(FIXTURE, options(c, { TILE_M: String(c.M), TILE_N: String(c.N), TILE_K: String(c.K) }, 'gemm'), ['vulkan1.3']);
  const shape = new ArrayBuffer(16);
  new Uint32Array(shape, 0, 2).set([p.cols, p.depth]);
  new Float32Array(shape, 8, 1).set([p.alpha]);
  return gpu.runCompute({
    spirv: compiled.spirv,
    entry: 'gemm',
    groups: [p.cols / c.N, p.rows / c.M, 1],
    bindings: [
      { binding: 0, kind: 'storage-buffer', data: encode(c, p.a) },
      { binding: 1, kind: 'storage-buffer', data: encode(c, p.b) },
      { binding: 2, kind: 'storage-buffer', data: encode(c, p.acc), name: 'c' },
      { binding: 3, kind: 'uniform-buffer', data: new Uint8Array(shape) },
    ],
    extensions: EXTENSIONS,
  });
}

// Layouts: an accumulator loaded column-major with stride LOAD_STRIDE from element BASE, stored
// row-major with stride STORE_STRIDE; every other element of the output keeps the sentinel.
const LOAD_STRIDE = 37, BASE = 5, STORE_STRIDE = 29;
const LAYOUT_SHADER = `
  #include <vk/khr/cooperative_matrix.h>
  [[vk::binding(0)]] StructuredBuffer<ELEMENT> source;
  [[vk::binding(1)]] RWStructuredBuffer<ELEMENT> target;
  [numthreads(32, 1, 1)] void relayout() {
    using Tile = vk::khr::CooperativeMatrixAccumulator<ELEMENT, vk::ScopeSubgroup, ROWS, COLS>;
    Tile t = Tile::Load<vk::CooperativeMatrixLayoutColumnMajorKHR>(source, ${BASE}, ${LOAD_STRIDE});
    t.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(target, 0, ${STORE_STRIDE});
  }`;

function layoutJob(gpu: GpuRunner, c: Candidate): Promise<ComputeResult> {
  const compiled = compileValid(LAYOUT_SHADER, options(c, { ROWS: String(c.M), COLS: String(c.N) }, 'relayout'), ['vulkan1.3']);
  const source = Array.from({ length: BASE + LOAD_STRIDE * c.N }, (_, i) => (i % 1000) - 500);
  const bytes = c.component === 'float16' ? 2 : 4;
  return gpu.runCompute({
    spirv: compiled.spirv,
    entry: 'relayout',
    groups: [1, 1, 1],
    bindings: [
      { binding: 0, kind: 'storage-buffer', data: encode(c, source) },
      { binding: 1, kind: 'storage-buffer', size: STORE_STRIDE * c.M * bytes, name: 'target', sentinel: 0x7e },
    ],
    extensions: EXTENSIONS,
  });
}

// Component-wise operations, Splat, element access over GetLength() and a conversion to float: every
// component passes through them alike, so the result does not depend on which invocation holds which.
const ELEMENTWISE_SHADER = `
  #include <vk/khr/cooperative_matrix.h>
  [[vk::binding(0)]] StructuredBuffer<ELEMENT> xs;
  [[vk::binding(1)]] StructuredBuffer<ELEMENT> ys;
  [[vk::binding(2)]] RWStructuredBuffer<ELEMENT> target;
  [[vk::binding(3)]] RWStructuredBuffer<float> wide;
  [numthreads(32, 1, 1)] void elementwise() {
    using Tile = vk::khr::CooperativeMatrixAccumulator<ELEMENT, vk::ScopeSubgroup, ROWS, COLS>;
    Tile x = Tile::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(xs, 0, COLS);
    Tile y = Tile::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(ys, 0, COLS);
    Tile r = ((x + y) * y - x * (ELEMENT)3) / Tile::Splat((ELEMENT)2) + x.negate();
    for (uint i = 0; i < r.GetLength(); ++i) r.Set(r.Get(i) * (ELEMENT)2 + (ELEMENT)1, i);
    r.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(target, 0, COLS);
    r.cast<float>().Store<vk::CooperativeMatrixLayoutRowMajorKHR>(wide, 0, COLS);
  }`;

/** The element-wise result by a plain loop over the inputs. */
const elementwise = (x: number, y: number) => (((x + y) * y - x * 3) / 2 - x) * 2 + 1;

function elementwiseJob(gpu: GpuRunner, c: Candidate): Promise<ComputeResult> {
  const compiled = compileValid(ELEMENTWISE_SHADER, options(c, { ROWS: String(c.M), COLS: String(c.N) }, 'elementwise'), ['vulkan1.3']);
  const count = c.M * c.N;
  return gpu.runCompute({
    spirv: compiled.spirv,
    entry: 'elementwise',
    groups: [1, 1, 1],
    bindings: [
      { binding: 0, kind: 'storage-buffer', data: encode(c, values(count, 4)) },
      { binding: 1, kind: 'storage-buffer', data: encode(c, values(count, 5)) },
      { binding: 2, kind: 'storage-buffer', size: count * (c.component === 'float16' ? 2 : 4), name: 'target' },
      { binding: 3, kind: 'storage-buffer', size: count * 4, name: 'wide' },
    ],
    extensions: EXTENSIONS,
  });
}

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
});
afterAll(() => gpu?.close());

describe('cooperative matrices on the driver', () => {
  /** The query and every candidate's jobs, sent together; settled results by candidate. */
  async function runAll() {
    const query = gpu.cooperativeMatrixProperties();
    const jobs = CANDIDATES.map((c) => ({ c, gemm: gemmJob(gpu, problem(c)), layout: layoutJob(gpu, c), elementwise: elementwiseJob(gpu, c) }));
    const settle = <T>(p: Promise<T>) => p.then((value) => ({ value }), (error: Error) => ({ error }));
    const props = await settle(query);
    const settled = await Promise.all(
      jobs.map(async (j) => ({ c: j.c, gemm: await settle(j.gemm), layout: await settle(j.layout), elementwise: await settle(j.elementwise) })),
    );
    return { props, settled };
  }
  let results: ReturnType<typeof runAll> | undefined;

  /** The first candidate the driver offers, with its jobs' results; skips where the extension is absent. */
  async function chosen(ctx: { skip: (note?: string) => void }) {
    const { props, settled } = await (results ??= runAll());
    if ('error' in props) {
      if (NOT_OFFERED.test(props.error.message)) ctx.skip('this driver does not offer VK_KHR_cooperative_matrix (Mesa 25.0 lavapipe): runs on the real-driver lane');
      throw props.error;
    }
    const pick = settled.find((s) => offered(props.value, s.c));
    if (!pick) throw new Error(`none of the candidate configurations is offered; the driver lists ${JSON.stringify(props.value)}`);
    return { props: props.value, ...pick };
  }

  it('lists the configurations the driver offers, one of which the tests use', async (ctx) => {
    const { props, c } = await chosen(ctx);
    console.log(`cooperative matrix configurations: ${props.map((p) => `${p.M}x${p.N}x${p.K} ${p.A}/${p.B}/${p.C}/${p.result} ${p.scope}`).join('; ')}; using ${c.M}x${c.N}x${c.K} ${c.component}`);
    expect(props.length).toBeGreaterThan(0);
  });

  it('multiplies and accumulates tiles as a plain loop over the inputs does', async (ctx) => {
    const { c, gemm } = await chosen(ctx);
    if ('error' in gemm) throw gemm.error;
    const p = problem(c);
    expect(decode(c, gemm.value.buffers.c!, p.rows * p.cols)).toEqual(reference(p));
  });

  it('loads column-major with one stride and stores row-major with another', async (ctx) => {
    const { c, layout } = await chosen(ctx);
    if ('error' in layout) throw layout.error;
    const source = Array.from({ length: BASE + LOAD_STRIDE * c.N }, (_, i) => (i % 1000) - 500);
    const out = decode(c, layout.value.buffers.target!, STORE_STRIDE * c.M);
    const sentinel = decode(c, new Uint8Array(8).fill(0x7e), 1)[0]!;
    for (let r = 0; r < c.M; r++) {
      for (let col = 0; col < STORE_STRIDE; col++) {
        // Element (r, col) of the tile is source[BASE + col * LOAD_STRIDE + r] (column-major).
        const expected = col < c.N ? source[BASE + col * LOAD_STRIDE + r]! : sentinel;
        expect([r, col, out[r * STORE_STRIDE + col]]).toEqual([r, col, expected]);
      }
    }
  });

  it('computes component-wise, splats, reads and writes components and converts to float', async (ctx) => {
    const { c, elementwise: run } = await chosen(ctx);
    if ('error' in run) throw run.error;
    const count = c.M * c.N;
    const expected = values(count, 4).map((x, i) => elementwise(x, values(count, 5)[i]!));
    expect(decode(c, run.value.buffers.target!, count)).toEqual(expected);
    expect([...new Float32Array(run.value.buffers.wide!.slice(0, count * 4).buffer)]).toEqual(expected);
  });
});
