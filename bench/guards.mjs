// The cost of defined integer and conversion results (compiler/spirv/defined-arithmetic.ts): SPIR-V
// instructions and bytes with the guards (default) beside DXC's bare instructions (`arithmetic:
// 'dxc'`), on integer-heavy kernels and on the compiler fixtures. Guards only grow the code where
// a shader divides, takes a remainder, shifts, converts float → int or narrows a float (the half
// narrowing kernel: D3D's rounding, never elided). The optimiser drops the
// guards that operand ranges make unnecessary (compiler/opt/guard-elision.ts): 'defined, no
// elision' is the same compile with the pass's marks removed after it ran, i.e. the cost before.
//   npm run build && node bench/guards.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { headerEntries, headerTargetEnv } from './shaders.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const INTEGER_HEAVY = `
RWStructuredBuffer<uint> keys : register(u0);
RWStructuredBuffer<int> buckets : register(u1);
cbuffer Params : register(b2) { uint count; int width; float scale; };
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint k = keys[id.x];
  int x = (int)(k % (uint)width) - width / 2;
  int y = (int)(k / (uint)width) % 17;
  int cell = x / 3 + y % 5 + (int)(scale * (float)x) - (int)(k * 0.001f);
  buckets[(uint)(cell % 64 + 64) % 64] = cell / max(1, y) + (k >> (id.x % 40));
}`;

// Typical index arithmetic: loop counters, group indices, masks, clamped values.
const INDEXING = `
RWStructuredBuffer<int> tiles : register(u0);
StructuredBuffer<uint> packed : register(t1);
cbuffer Params : register(b2) { int rows; float exposure; };
groupshared int partial[64];
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  uint p = packed[id.x];
  int x = (int)(p & 0xffffu), y = (int)(p >> 16);
  int sum = 0;
  for (int i = 0; i < 8; i++) sum += (x + i) % 16 + ((y >> (i & 3)) / 4) + (i << (i % 4));
  partial[gi] = sum % 64 + (int)gi % 8 + (int)((float)(p & 255u) * 0.5f) + (int)floor(clamp((float)x * exposure, 0.0f, 255.0f));
  GroupMemoryBarrierWithGroupSync();
  tiles[(int)gi / 4 + clamp(rows, 0, 1024) % 32] = partial[gi] / 3;
}`;

// float → half narrowing (spirv/float-narrowing.ts): D3D's round-toward-zero rule, with -enable-16bit-types.
const NARROWING = `
StructuredBuffer<float4> colors : register(t0);
RWStructuredBuffer<half4> packedColors : register(u1);
RWStructuredBuffer<uint> bits : register(u2);
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  float4 c = colors[id.x];
  packedColors[id.x] = (half4)(c * 0.5f);
  bits[id.x] = f32tof16(c.x) | (f32tof16(c.y) << 16);
}`;

function instructionCount(words) {
  let count = 0;
  for (let at = 5; at < words.length; at += words[at] >>> 16) count++;
  return count;
}

export async function runGuardsBench() {
  const entry = join(ROOT, 'dist/compiler/index.js');
  if (!existsSync(entry)) throw new Error('run `npm run build` first (bench/guards.mjs reads dist/)');
  const { compile } = await import(pathToFileURL(entry).href);
  const { walkStmts } = await import(pathToFileURL(join(ROOT, 'dist/compiler/ir/walk.js')).href);
  const compute = [{ name: 'main', stage: 'compute' }];
  const sources = [
    { name: 'integer-heavy kernel', source: INTEGER_HEAVY, entryPoints: compute },
    { name: 'indexing kernel', source: INDEXING, entryPoints: compute },
    { name: 'half narrowing kernel', source: NARROWING, entryPoints: compute, enable16BitTypes: true },
  ];
  // Undoes guard elision: the marks it left on the IR are removed right after it ran.
  const unmark = (pass, module) => {
    if (pass !== 'guard-elision') return;
    const functions = module.entryPoints.flatMap((e) => [e.function, ...(e.staticInit ? [e.staticInit] : [])]);
    const clear = (fn, seen) => {
      if (seen.has(fn)) return;
      seen.add(fn);
      walkStmts(fn.body, { expr: (e) => { delete e.guard; if (e.op === 'call') clear(e.callee, seen); } });
    };
    const seen = new Set();
    for (const fn of functions) clear(fn, seen);
  };
  const dir = join(ROOT, 'fixtures/compiler');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.hlsl'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    sources.push({ name: file, source, entryPoints: headerEntries(source), targetEnv: headerTargetEnv(source) });
  }
  return sources.map(({ name, source, entryPoints, targetEnv = 'vulkan1.1', enable16BitTypes = false }) => {
    const build = (arithmetic, afterPass) => compile(source, { filename: `/bench/${name}`, entryPoints, targetEnv, enable16BitTypes, arithmetic, afterPass }).spirv;
    const defined = build('defined');
    if (!defined) throw new Error(`${name}: does not compile`);
    const before = build('defined', unmark);
    const dxc = build('dxc');
    return {
      shader: name,
      'instructions (dxc)': instructionCount(dxc),
      'defined, no elision': instructionCount(before),
      'defined': instructionCount(defined),
      'guard cost before': instructionCount(before) - instructionCount(dxc),
      'guard cost after': instructionCount(defined) - instructionCount(dxc),
      'bytes (defined)': defined.byteLength,
      'bytes (dxc)': dxc.byteLength,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runGuardsBench());
