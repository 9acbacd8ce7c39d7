// WGSL compile time beside SPIR-V compile time, per fixture entry point (fixtures/compiler), in the
// same run: `target: 'wgsl'` against `target: 'spirv'` (the default), medians of N compiles after a
// warm-up, and the share of fixtures that translate to WGSL. The WGSL back end reflects the SPIR-V
// of the same IR for its layouts, so the WGSL compile includes a SPIR-V emission.
//
//   node bench/wgsl.mjs        (or `npm run bench -- wgsl`)

import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'bench/.out');
const FIXTURES = join(ROOT, 'fixtures/compiler');

async function loadCompiler() {
  mkdirSync(OUT, { recursive: true });
  const outfile = join(OUT, 'wgsl-lib.mjs');
  await build({ entryPoints: [join(ROOT, 'compiler/index.ts')], bundle: true, platform: 'neutral', format: 'esm', outfile, logLevel: 'error' });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

function entriesOf(source) {
  const header = /^\/\/ entry: (.*)$/m.exec(source);
  if (!header) return [];
  return header[1].split(',').map((part) => {
    const [name, stage] = part.trim().split(/\s+/);
    return { name, stage };
  });
}

const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** Medians of each option set, compiled in turn (interleaved, so a busy machine slows all alike). */
function timeInterleaved(compile, source, optionSets, iterations) {
  for (const o of optionSets) for (let i = 0; i < 3; i++) compile(source, o);
  const samples = optionSets.map(() => []);
  for (let i = 0; i < iterations; i++) {
    optionSets.forEach((o, k) => {
      const start = performance.now();
      compile(source, o);
      samples[k].push(performance.now() - start);
    });
  }
  return samples.map(median);
}

export async function runWgslBench({ iterations = 40 } = {}) {
  const { compile } = await loadCompiler();
  const rows = [];
  let translated = 0;
  let total = 0;
  for (const fileName of readdirSync(FIXTURES).filter((f) => f.endsWith('.hlsl')).sort()) {
    const file = join(FIXTURES, fileName);
    const source = readFileSync(file, 'utf8');
    for (const entry of entriesOf(source)) {
      total++;
      const base = { filename: file, entryPoints: [entry], targetEnv: 'vulkan1.1' };
      const wgsl = compile(source, { ...base, target: 'wgsl' });
      if (!wgsl.success) {
        rows.push({ shader: `${fileName}:${entry.name}`, error: wgsl.diagnostics.find((d) => d.severity === 'error')?.message });
        continue;
      }
      translated++;
      const [spirvMs, wgslMs, bothMs] = timeInterleaved(compile, source, [base, { ...base, target: 'wgsl' }, { ...base, target: ['spirv', 'wgsl'] }], iterations);
      rows.push({ shader: `${fileName}:${entry.name}`, 'spirv ms': +spirvMs.toFixed(3), 'wgsl ms': +wgslMs.toFixed(3), 'both ms': +bothMs.toFixed(3), 'wgsl/spirv': +(wgslMs / spirvMs).toFixed(2), 'wgsl bytes': wgsl.wgsl.code.length });
    }
  }
  const ratios = rows.filter((r) => r['wgsl/spirv']).map((r) => r['wgsl/spirv']);
  rows.push({ shader: `translated ${translated}/${total}`, 'wgsl/spirv': ratios.length ? +median(ratios).toFixed(2) : undefined });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runWgslBench());
