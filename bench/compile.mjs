// Whole-compile time per shader (preprocess → parse → check → SPIR-V → reflection) on the compiler
// fixture suite (fixtures/compiler/*.hlsl, one row per entry point), beside `glslangValidator -D -V`
// compiling the same entry point in the same run (a process per compile, as a build would spawn it).
//
//   node bench/compile.mjs        (or import { runCompileBench } and call it)
//
// The compiler is TypeScript; this script bundles the current source with esbuild into bench/.out/.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'bench/.out');
const FIXTURES = join(ROOT, 'fixtures/compiler');
const GLSLANG_STAGE = { vertex: 'vert', pixel: 'frag', compute: 'comp' };

async function loadCompiler() {
  mkdirSync(OUT, { recursive: true });
  const outfile = join(OUT, 'compile-lib.mjs');
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

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p90: at(0.9) };
}

function timeGlslang(file, entry, runs, dir) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const r = spawnSync('glslangValidator', ['-D', '-V', '--target-env', 'vulkan1.1', '-S', GLSLANG_STAGE[entry.stage], '-e', entry.name, file, '-o', join(dir, 'out.spv')], { encoding: 'utf8' });
    const ms = performance.now() - start;
    if (r.error) return { error: r.error.code === 'ENOENT' ? 'glslangValidator not installed' : String(r.error) };
    if (r.status !== 0) return { error: (r.stdout + r.stderr).split('\n').find((l) => /ERROR/.test(l))?.trim() ?? `exit ${r.status}` };
    samples.push(ms);
  }
  return stats(samples);
}

export async function runCompileBench({ iterations = 30, glslangRuns = 5, log = console.log } = {}) {
  const { compile } = await loadCompiler();
  const tmp = mkdtempSync(join(tmpdir(), 'bench-compile-'));
  const rows = [];
  try {
    for (const fileName of readdirSync(FIXTURES).filter((f) => f.endsWith('.hlsl')).sort()) {
      const file = join(FIXTURES, fileName);
      const source = readFileSync(file, 'utf8');
      for (const entry of entriesOf(source)) {
        const options = { filename: file, entryPoints: [entry], targetEnv: 'vulkan1.1' };
        const first = compile(source, options);
        if (!first.success) {
          rows.push({ shader: `${fileName}:${entry.name}`, error: first.diagnostics.find((d) => d.severity === 'error')?.message });
          continue;
        }
        for (let i = 0; i < 3; i++) compile(source, options); // warm-up (JIT)
        const samples = [];
        for (let i = 0; i < iterations; i++) {
          const start = performance.now();
          compile(source, options);
          samples.push(performance.now() - start);
        }
        const ours = stats(samples);
        const glslang = timeGlslang(file, entry, glslangRuns, tmp);
        rows.push({ shader: `${fileName}:${entry.name}`, lines: source.split('\n').length, words: first.spirv.length, ours, glslang });
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const fmt = (s) => (s?.error ? `n/a (${s.error})` : `${s.median.toFixed(2)} / ${s.p90.toFixed(2)}`);
  log(`compile time per shader, ms (median / p90); ours: ${iterations} in-process compiles, glslangValidator -D -V: ${glslangRuns} processes`);
  log(`${'shader'.padEnd(34)} ${'lines'.padStart(5)} ${'words'.padStart(6)}  ${'ours'.padEnd(16)} glslang`);
  for (const r of rows) {
    if (r.error) log(`${r.shader.padEnd(34)} ERROR ${r.error}`);
    else log(`${r.shader.padEnd(34)} ${String(r.lines).padStart(5)} ${String(r.words).padStart(6)}  ${fmt(r.ours).padEnd(16)} ${fmt(r.glslang)}`);
  }
  const ok = rows.filter((r) => !r.error);
  const all = stats(ok.map((r) => r.ours.median));
  const gl = ok.filter((r) => !r.glslang.error).map((r) => r.glslang.median);
  const glMedian = gl.length ? stats(gl).median : undefined;
  log(
    `overall: ours median-of-medians ${all.median?.toFixed(2)} ms; glslang ${glMedian !== undefined ? glMedian.toFixed(2) + ' ms' : 'n/a'}` +
      (glMedian !== undefined ? `; ratio ours/glslang ${(all.median / glMedian).toFixed(3)} (glslang includes process start)` : ''),
  );
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runCompileBench();
}
