// The cost of defined integer and conversion results (compiler/spirv/defined-arithmetic.ts): SPIR-V
// instructions and bytes with the guards (default) beside DXC's bare instructions (`arithmetic:
// 'dxc'`), on an integer-heavy kernel and on the compiler fixtures. Guards only grow the code where
// a shader divides, takes a remainder or converts float → int; an optimiser that knows operand
// ranges would drop many of them (the output-quality issue).
//   npm run build && node bench/guards.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

function instructionCount(words) {
  let count = 0;
  for (let at = 5; at < words.length; at += words[at] >>> 16) count++;
  return count;
}

export async function runGuardsBench() {
  const entry = join(ROOT, 'dist/compiler/index.js');
  if (!existsSync(entry)) throw new Error('run `npm run build` first (bench/guards.mjs reads dist/)');
  const { compile } = await import(pathToFileURL(entry).href);
  const sources = [{ name: 'integer-heavy kernel', source: INTEGER_HEAVY, entryPoints: [{ name: 'main', stage: 'compute' }] }];
  const dir = join(ROOT, 'fixtures/compiler');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.hlsl'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    const header = /^\/\/ entry: (.*)$/m.exec(source);
    const entryPoints = header[1].split(',').map((p) => { const [name, stage] = p.trim().split(/\s+/); return { name, stage }; });
    sources.push({ name: file, source, entryPoints });
  }
  return sources.map(({ name, source, entryPoints }) => {
    const build = (arithmetic) => compile(source, { filename: `/bench/${name}`, entryPoints, targetEnv: 'vulkan1.1', arithmetic }).spirv;
    const defined = build('defined');
    const dxc = build('dxc');
    return {
      shader: name,
      'instructions (defined)': instructionCount(defined),
      'instructions (dxc)': instructionCount(dxc),
      'ratio': +(instructionCount(defined) / instructionCount(dxc)).toFixed(3),
      'bytes (defined)': defined.byteLength,
      'bytes (dxc)': dxc.byteLength,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runGuardsBench());
