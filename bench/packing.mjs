// Packing throughput for one uniform block: the generated writer (its aligned word-view path and its
// DataView path for unaligned offsets) against a hand-written DataView writer, a hand-written
// Float32Array writer, and webgpu-utils' makeStructuredView().set() for the same struct in WGSL
// (its layout is byte-identical, checked before timing). Ratios are against the hand-written
// DataView writer and against webgpu-utils, measured in the same run.
//
//   node bench/packing.mjs         (or via `node bench/run.mjs`, which calls runPackingBench())
//
// The generator is TypeScript; this script transpiles plugin/codegen and src/runtime.ts into a
// temporary directory with the `typescript` package, so it always measures the current source.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Transpiles the generator and runtime to JavaScript in a temp dir; returns its root. */
function transpileSources() {
  const out = mkdtempSync(join(tmpdir(), 'hlsl-bench-'));
  const files = [
    ...readdirSync(join(ROOT, 'plugin/codegen')).filter((f) => f.endsWith('.ts')).map((f) => `plugin/codegen/${f}`),
    'src/runtime.ts',
    'compiler/reflect/types.ts',
  ];
  for (const file of files) {
    const { outputText } = ts.transpileModule(readFileSync(join(ROOT, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    const target = join(out, file.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  return out;
}

// cbuffer Frame: the same bytes in HLSL (DXC vector-relaxed std140) and WGSL uniform layout.
//   float4x4 viewProj 0; float4x4 model 64; float3 cameraPos 128; float time 140; float4 tint 144;
//   float2 resolution 160; uint frame 168; float exposure 172; Light lights[4] 176 (stride 32).
//   struct Light { float3 position 0; float radius 12; float4 color 16; }
const f32 = { kind: 'scalar', scalar: 'f32' };
const vec = (count) => ({ kind: 'vector', scalar: 'f32', count });
const LIGHT = {
  kind: 'struct',
  name: 'Light',
  size: 32,
  members: [
    { name: 'position', offset: 0, size: 12, type: vec(3) },
    { name: 'radius', offset: 12, size: 4, type: f32 },
    { name: 'color', offset: 16, size: 16, type: vec(4) },
  ],
};
const MAT4 = { kind: 'matrix', scalar: 'f32', rows: 4, columns: 4, majorness: 'column', stride: 16 };
const FRAME = {
  kind: 'struct',
  name: 'type_Frame',
  size: 304,
  members: [
    { name: 'viewProj', offset: 0, size: 64, type: MAT4 },
    { name: 'model', offset: 64, size: 64, type: MAT4 },
    { name: 'cameraPos', offset: 128, size: 12, type: vec(3) },
    { name: 'time', offset: 140, size: 4, type: f32 },
    { name: 'tint', offset: 144, size: 16, type: vec(4) },
    { name: 'resolution', offset: 160, size: 8, type: vec(2) },
    { name: 'frame', offset: 168, size: 4, type: { kind: 'scalar', scalar: 'u32' } },
    { name: 'exposure', offset: 172, size: 4, type: f32 },
    { name: 'lights', offset: 176, size: 128, type: { kind: 'array', element: LIGHT, length: 4, stride: 32 } },
  ],
};
const WGSL = `
struct Light { position: vec3f, radius: f32, color: vec4f };
struct Frame {
  viewProj: mat4x4f, model: mat4x4f, cameraPos: vec3f, time: f32, tint: vec4f,
  resolution: vec2f, frame: u32, exposure: f32, lights: array<Light, 4>,
};
@group(0) @binding(0) var<uniform> frame: Frame;
`;
/** Leaf values (scalars, vectors, matrices) one write packs: 8 members + 4 lights x 3. */
const FIELDS_PER_WRITE = 8 + 4 * 3;

function frameValue(seed) {
  const matrix = (base) => Float32Array.from({ length: 16 }, (_, i) => base + i);
  return {
    viewProj: matrix(seed),
    model: matrix(seed + 100),
    cameraPos: [seed, 2, 3],
    time: seed * 0.5,
    tint: [1, 0.5, 0.25, 1],
    resolution: [1920, 1080],
    frame: seed,
    exposure: 1.25,
    lights: [0, 1, 2, 3].map((i) => ({ position: [i, i + 1, i + 2], radius: 10 + i, color: [i, 0, 1, 1] })),
  };
}

/** What a careful engineer writes by hand with a DataView. */
function writeFrameDataView(dv, v) {
  const viewProj = v.viewProj;
  for (let i = 0; i < 16; i++) dv.setFloat32(i * 4, viewProj[i], true);
  const model = v.model;
  for (let i = 0; i < 16; i++) dv.setFloat32(64 + i * 4, model[i], true);
  dv.setFloat32(128, v.cameraPos[0], true);
  dv.setFloat32(132, v.cameraPos[1], true);
  dv.setFloat32(136, v.cameraPos[2], true);
  dv.setFloat32(140, v.time, true);
  for (let i = 0; i < 4; i++) dv.setFloat32(144 + i * 4, v.tint[i], true);
  dv.setFloat32(160, v.resolution[0], true);
  dv.setFloat32(164, v.resolution[1], true);
  dv.setUint32(168, v.frame, true);
  dv.setFloat32(172, v.exposure, true);
  for (let l = 0; l < 4; l++) {
    const light = v.lights[l];
    const o = 176 + l * 32;
    dv.setFloat32(o, light.position[0], true);
    dv.setFloat32(o + 4, light.position[1], true);
    dv.setFloat32(o + 8, light.position[2], true);
    dv.setFloat32(o + 12, light.radius, true);
    for (let i = 0; i < 4; i++) dv.setFloat32(o + 16 + i * 4, light.color[i], true);
  }
}

/** The same with aligned Float32Array/Uint32Array views over the buffer (platform byte order). */
function writeFrameTypedArrays(f, u, v) {
  f.set(v.viewProj, 0);
  f.set(v.model, 16);
  f[32] = v.cameraPos[0];
  f[33] = v.cameraPos[1];
  f[34] = v.cameraPos[2];
  f[35] = v.time;
  f[36] = v.tint[0];
  f[37] = v.tint[1];
  f[38] = v.tint[2];
  f[39] = v.tint[3];
  f[40] = v.resolution[0];
  f[41] = v.resolution[1];
  u[42] = v.frame;
  f[43] = v.exposure;
  for (let l = 0; l < 4; l++) {
    const light = v.lights[l];
    const o = 44 + l * 8;
    f[o] = light.position[0];
    f[o + 1] = light.position[1];
    f[o + 2] = light.position[2];
    f[o + 3] = light.radius;
    f[o + 4] = light.color[0];
    f[o + 5] = light.color[1];
    f[o + 6] = light.color[2];
    f[o + 7] = light.color[3];
  }
}

async function loadWebgpuUtils() {
  // webgpu-utils 2.x reads these browser globals when its module loads and when it reflects;
  // Node 20 has neither. The stand-ins only name values (f16 arrays are not used by this struct).
  globalThis.Float16Array ??= class Float16Array extends Uint16Array {};
  globalThis.GPUShaderStage ??= { VERTEX: 1, FRAGMENT: 2, COMPUTE: 4 };
  return import('webgpu-utils');
}

/** Calls `run(values, 1000)` for about `milliseconds`; returns writes per second. */
function measure(run, values, milliseconds) {
  let writes = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < milliseconds) {
    run(values, 1000);
    writes += 1000;
    elapsed = performance.now() - start;
  }
  return (writes / elapsed) * 1000;
}

function sameBytes(a, b) {
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  return x.length === y.length && x.every((byte, i) => byte === y[i]);
}

export async function runPackingBench({ milliseconds = 200, rounds = 7 } = {}) {
  const sources = transpileSources();
  const { generateModule } = await import(pathToFileURL(join(sources, 'plugin/codegen/index.js')).href);
  const reflection = {
    sourceLanguage: 'HLSL',
    spirvVersion: '1.0',
    entryPoints: [{ name: 'main', stage: 'vertex', inputs: [], outputs: [], executionModes: [] }],
    bindings: [{ name: 'Frame', set: 0, binding: 0, kind: 'uniform-buffer', count: 1, access: 'read', block: FRAME, usedBy: ['main'] }],
    pushConstants: [],
    specConstants: [],
  };
  const { code } = generateModule({
    reflection,
    spirv: { kind: 'inline', words: new Uint32Array([0x07230203, 0x10000, 0, 1, 0]) },
    runtimeImport: pathToFileURL(join(sources, 'src/runtime.js')).href,
  });
  const modulePath = join(sources, 'frame.mjs');
  writeFileSync(modulePath, code);
  // One instance of the generated module per generated candidate (same code, distinct query), so
  // feeding one `write` three kinds of target does not make it polymorphic: an application writes
  // a given layout into one kind of target, and each hand-written candidate gets its own function too.
  const load = async (instance) => (await import(`${pathToFileURL(modulePath).href}?${instance}`)).Frame;
  const [FrameA, FrameB, FrameC, FrameD] = [await load('a'), await load('b'), await load('c'), await load('d')];
  const { makeShaderDataDefinitions, makeStructuredView } = await loadWebgpuUtils();
  const structuredView = makeStructuredView(makeShaderDataDefinitions(WGSL).uniforms.frame);

  const values = Array.from({ length: 8 }, (_, i) => frameValue(i + 1));
  const buffer = new ArrayBuffer(304);
  const dataView = new DataView(buffer);
  const floats = new Float32Array(buffer);
  const uints = new Uint32Array(buffer);
  // The generated writer's DataView fallback, taken when the target offset is not 4-byte aligned.
  const unaligned = new ArrayBuffer(304 + 4);
  const boundD = FrameD.bind(buffer);

  // Each candidate has its own loop: a call site shared by all of them would turn megamorphic and
  // slow every candidate measured after the first. `bytes` is where the candidate's 304 bytes land.
  const candidates = [
    {
      name: 'generated write(ArrayBuffer)',
      write: (v) => FrameA.write(buffer, v),
      run: (vs, n) => { for (let i = 0; i < n; i++) FrameA.write(buffer, vs[i & 7]); },
      bytes: () => buffer,
    },
    {
      name: 'generated write(DataView)',
      write: (v) => FrameB.write(dataView, v),
      run: (vs, n) => { for (let i = 0; i < n; i++) FrameB.write(dataView, vs[i & 7]); },
      bytes: () => buffer,
    },
    {
      name: 'generated write(buffer, byteOffset 2) [DataView path]',
      write: (v) => FrameC.write(unaligned, v, 2),
      run: (vs, n) => { for (let i = 0; i < n; i++) FrameC.write(unaligned, vs[i & 7], 2); },
      bytes: () => unaligned.slice(2, 306),
    },
    {
      name: 'generated bind(ArrayBuffer).write()',
      write: (v) => boundD.write(v),
      run: (vs, n) => { for (let i = 0; i < n; i++) boundD.write(vs[i & 7]); },
      bytes: () => buffer,
    },
    {
      name: 'hand-written DataView',
      write: (v) => writeFrameDataView(dataView, v),
      run: (vs, n) => { for (let i = 0; i < n; i++) writeFrameDataView(dataView, vs[i & 7]); },
      bytes: () => buffer,
    },
    {
      name: 'hand-written Float32Array views',
      write: (v) => writeFrameTypedArrays(floats, uints, v),
      run: (vs, n) => { for (let i = 0; i < n; i++) writeFrameTypedArrays(floats, uints, vs[i & 7]); },
      bytes: () => buffer,
    },
    {
      name: 'webgpu-utils makeStructuredView().set()',
      write: (v) => structuredView.set(v),
      run: (vs, n) => { for (let i = 0; i < n; i++) structuredView.set(vs[i & 7]); },
      bytes: () => structuredView.arrayBuffer,
    },
  ];

  // All writers must produce the same bytes before their speed means anything.
  const reference = new ArrayBuffer(304);
  writeFrameDataView(new DataView(reference), values[3]);
  for (const candidate of candidates) {
    new Uint8Array(buffer).fill(0);
    new Uint8Array(unaligned).fill(0);
    candidate.write(values[3]);
    if (!sameBytes(candidate.bytes(), reference)) throw new Error(`${candidate.name} packs different bytes than the hand-written writer`);
  }

  // Round 0 warms every candidate up (JIT tiers) and is not counted. Candidates are interleaved in
  // each round; rates are each candidate's best round, ratios the median over rounds of the ratio
  // within a round, which a change in machine load (other processes) shifts far less. After each
  // run the written bytes are read back into `sink`, so no store can be optimized away.
  const best = new Map(candidates.map((c) => [c.name, 0]));
  const ratios = new Map(candidates.map((c) => [c.name, { handDataView: [], webgpuUtils: [] }]));
  let sink = 0;
  for (let round = 0; round <= rounds; round++) {
    const rates = new Map();
    for (const candidate of candidates) {
      rates.set(candidate.name, measure(candidate.run, values, milliseconds));
      sink += new Float32Array(candidate.bytes(), 0, 76).reduce((sum, x) => sum + x, 0);
    }
    if (round === 0) continue;
    for (const [name, rate] of rates) {
      best.set(name, Math.max(best.get(name), rate));
      ratios.get(name).handDataView.push(rate / rates.get('hand-written DataView'));
      ratios.get(name).webgpuUtils.push(rate / rates.get('webgpu-utils makeStructuredView().set()'));
    }
  }
  if (!Number.isFinite(sink)) throw new Error('packed values read back as non-finite');
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  return candidates.map(({ name }) => ({
    name,
    writesPerSecond: Math.round(best.get(name)),
    fieldsPerSecond: Math.round(best.get(name) * FIELDS_PER_WRITE),
    'vs hand DataView': Number(median(ratios.get(name).handDataView).toFixed(2)),
    'vs webgpu-utils': Number(median(ratios.get(name).webgpuUtils).toFixed(2)),
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const load = loadavg().map((x) => x.toFixed(2)).join(' ');
  const rows = await runPackingBench();
  console.log(`Packing cbuffer Frame (304 bytes, ${FIELDS_PER_WRITE} fields per write), 7 rounds after a warm-up (rates: best round; ratios: median of per-round ratios); load average before: ${load}`);
  console.table(rows);
}
