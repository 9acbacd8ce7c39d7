// Whole-compile time per shader (preprocess → parse → check → SPIR-V → reflection) beside
// glslangValidator's compile of the same entry point, in the same run. Shaders: the compiler
// fixture suite (fixtures/compiler/*.hlsl, one row per entry point) and generated lit pixel shaders
// of a few hundred to a thousand lines (bench/shaders.mjs).
//
// Fair comparison: ours is the in-process compile (after JIT warm-up over all shaders); glslang's compile is its
// process time on the shader minus its process time on an empty shader of the same stage, the
// two measured alternately so both see the same machine load. Time is CPU time (user + system, all
// threads) on both sides: on a shared machine wall-clock process times swing by tens of
// milliseconds, more than a small shader's compile, while CPU time does not count waiting for a
// core. glslang's CPU time comes from the kernel's accounting of finished children (getrusage,
// read through python3, microsecond resolution); without python3 the bench falls back to the
// fastest wall-clock time. Process start-up is compared separately by the CLI bench.
//
//   node bench/compile.mjs        (or import { runCompileBench } and call it)
//
// The compiler is TypeScript; this script bundles the current source with esbuild into bench/.out/.

import { spawnSync } from 'node:child_process';
import { alternatingCpuMs } from './process-time.mjs';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { EMPTY_SHADER, headerEntries, headerTargetEnv, litShader } from './shaders.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'bench/.out');
const FIXTURES = join(ROOT, 'fixtures/compiler');
/** glslangValidator's `-S` name of each stage (its HLSL front end has no mesh or amplification shaders: those rows say so). */
export const GLSLANG_STAGE = {
  vertex: 'vert',
  pixel: 'frag',
  compute: 'comp',
  geometry: 'geom',
  hull: 'tesc',
  domain: 'tese',
  mesh: 'mesh',
  amplification: 'task',
  raygeneration: 'rgen',
  intersection: 'rint',
  anyhit: 'rahit',
  closesthit: 'rchit',
  miss: 'rmiss',
  callable: 'rcall',
};


export async function loadCompiler() {
  mkdirSync(OUT, { recursive: true });
  const outfile = join(OUT, 'compile-lib.mjs');
  await build({ entryPoints: [join(ROOT, 'compiler/index.ts')], bundle: true, platform: 'neutral', format: 'esm', outfile, logLevel: 'error' });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}


export function fastest(samples) {
  return Math.min(...samples);
}


function glslangArgv(file, entry, outFile, targetEnv = 'vulkan1.1') {
  const stage = GLSLANG_STAGE[entry.stage];
  if (stage === undefined) throw new Error(`no glslang stage for '${entry.stage}'`);
  return ['glslangValidator', '-D', '-V', '--target-env', targetEnv, '-S', stage, '-e', entry.name, file, '-o', outFile];
}

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function glslangOnce(file, entry, outFile, targetEnv) {
  const [command, ...args] = glslangArgv(file, entry, outFile, targetEnv);
  const start = performance.now();
  const r = spawnSync(command, args, { encoding: 'utf8' });
  const ms = performance.now() - start;
  if (r.error) throw new Error(r.error.code === 'ENOENT' ? 'glslangValidator not installed' : String(r.error));
  if (r.status !== 0) throw new Error((r.stdout + r.stderr).split('\n').find((l) => /ERROR/.test(l))?.trim() ?? `exit ${r.status}`);
  return ms;
}

/**
 * glslang's compile time of `file`: its process CPU time minus the process CPU time of the empty
 * shader of the same stage (medians of `runs` alternating runs each). Returns { process, empty,
 * compile, clock } in ms.
 */
export function timeGlslang(file, entry, runs, dir, targetEnv = 'vulkan1.1') {
  const empty = EMPTY_SHADER[entry.stage];
  if (empty === undefined) throw new Error(`no empty ${entry.stage} shader to subtract`);
  const emptyFile = join(dir, `empty-${entry.stage}.hlsl`);
  writeFileSync(emptyFile, empty);
  const out = join(dir, 'out.spv');
  glslangOnce(file, entry, out, targetEnv); // fails early with glslang's own message
  const emptyEntry = { name: 'main', stage: entry.stage };
  glslangOnce(emptyFile, emptyEntry, out, targetEnv); // the subtrahend must compile too (glslang's HLSL lacks some stages)
  const times = alternatingCpuMs(glslangArgv(file, entry, out, targetEnv), glslangArgv(emptyFile, emptyEntry, out, targetEnv), runs);
  if (times === undefined) return timeGlslangWall(file, entry, runs, emptyFile, out, targetEnv);
  const process = median(times.a);
  const emptyMs = median(times.b);
  return { process, empty: emptyMs, compile: Math.max(0, process - emptyMs), clock: 'cpu' };
}

function timeGlslangWall(file, entry, runs, emptyFile, out, targetEnv) {
  const shader = [];
  const empty = [];
  for (let i = 0; i < runs; i++) {
    shader.push(glslangOnce(file, entry, out, targetEnv));
    empty.push(glslangOnce(emptyFile, { name: 'main', stage: entry.stage }, out, targetEnv));
  }
  const process = fastest(shader);
  const emptyMs = fastest(empty);
  return { process, empty: emptyMs, compile: Math.max(0, process - emptyMs), clock: 'wall' };
}

/** Mean in-process CPU ms per compile after warm-up; at least `minRuns`, more while under ~0.5 s. */
export function timeOurs(compile, source, options, minRuns) {
  for (let i = 0; i < 3; i++) compile(source, options);
  let runs = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  while (runs < minRuns || (performance.now() - started < 500 && runs < 200)) {
    compile(source, options);
    runs++;
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / runs;
}

function benchShaders(tmp) {
  const shaders = [];
  for (const fileName of readdirSync(FIXTURES).filter((f) => f.endsWith('.hlsl')).sort()) {
    const file = join(FIXTURES, fileName);
    shaders.push({ label: fileName, file, source: readFileSync(file, 'utf8') });
  }
  for (const lines of [300, 1000]) {
    const file = join(tmp, `lit-${lines}.hlsl`);
    const source = litShader(lines);
    writeFileSync(file, source);
    shaders.push({ label: `generated lit-${lines}.hlsl`, file, source });
  }
  return shaders;
}

export async function runCompileBench({ iterations = 15, glslangRuns = 30, warmupRounds = 5, log = console.log } = {}) {
  const { compile } = await loadCompiler();
  const tmp = mkdtempSync(join(tmpdir(), 'bench-compile-'));
  const rows = [];
  try {
    const shaders = benchShaders(tmp);
    // JIT warm-up over every shader first: a compiler warmed on one shader alone still tiers up
    // mid-measurement on the next one's code paths (the first shaders measured 2-3x their steady
    // state), which would time V8's optimiser, not the compile. The CLI bench times a cold process.
    for (let round = 0; round < warmupRounds; round++) {
      for (const { file, source } of shaders) {
        const targetEnv = headerTargetEnv(source);
        for (const entry of headerEntries(source) ?? []) {
          for (const optimizationLevel of [3, 0]) compile(source, { filename: file, entryPoints: [entry], targetEnv, optimizationLevel });
        }
      }
    }
    for (const { label, file, source } of shaders) {
      const targetEnv = headerTargetEnv(source);
      for (const entry of (headerEntries(source) ?? [])) {
        const options = { filename: file, entryPoints: [entry], targetEnv };
        const first = compile(source, options);
        const shader = `${label}:${entry.name}${targetEnv === 'vulkan1.1' ? '' : ` (${targetEnv})`}`;
        if (!first.success) {
          rows.push({ shader, error: first.diagnostics.find((d) => d.severity === 'error')?.message });
          continue;
        }
        const ours = timeOurs(compile, source, options, iterations);
        // -O0: no middle end or SPIR-V optimisation, like glslang's -V output (it runs no optimiser).
        const oursO0 = timeOurs(compile, source, { ...options, optimizationLevel: 0 }, iterations);
        let glslang;
        try {
          glslang = timeGlslang(file, entry, glslangRuns, tmp, targetEnv);
        } catch (e) {
          glslang = { error: e.message };
        }
        rows.push({ shader, lines: source.split('\n').length, words: first.spirv.length, ours, oursO0, glslang });
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const clock = rows.find((r) => r.glslang && !r.glslang.error)?.glslang.clock === 'wall' ? 'fastest wall-clock (no python3 for CPU time)' : 'CPU';
  log(`compile time per shader, ms of ${clock} time. ours: in-process compile after ${warmupRounds} warm-up rounds over all shaders. glslang: process time of -D -V on the shader,`);
  log(`minus its process time on an empty shader of the same stage (medians of ${glslangRuns} alternating runs each): that difference is its compile time.`);
  log('ours is the default -O3 (the middle end and SPIR-V optimisation, as DXC\'s default); ours -O0 runs no optimiser, as glslang -V.');
  log(`${'shader'.padEnd(40)} ${'lines'.padStart(5)} ${'words'.padStart(6)} ${'ours'.padStart(8)} ${'-O0'.padStart(8)} ${'glslang'.padStart(8)} ${'process'.padStart(8)} ${'empty'.padStart(7)}  ours/glslang (-O0)`);
  const f = (ms, w = 8) => ms.toFixed(2).padStart(w);
  for (const r of rows) {
    if (r.error) {
      log(`${r.shader.padEnd(40)} ERROR ${r.error}`);
      continue;
    }
    const g = r.glslang;
    const ratio = g.compile < 0.1 ? 'n/a (glslang compile below timing noise)' : `${(r.ours / g.compile).toFixed(2)}x (${(r.oursO0 / g.compile).toFixed(2)}x)`;
    const peer = g.error ? `n/a (${g.error})` : `${f(g.compile)} ${f(g.process)} ${f(g.empty, 7)}  ${ratio}`;
    log(`${r.shader.padEnd(40)} ${String(r.lines).padStart(5)} ${String(r.words).padStart(6)} ${f(r.ours)} ${f(r.oursO0)} ${peer}`);
  }
  const ok = rows.filter((r) => !r.error && !r.glslang.error);
  if (ok.length) {
    const ours = median(ok.map((r) => r.ours));
    const theirs = median(ok.map((r) => r.glslang.compile));
    // Totals weigh each shader by its size; the medians by count.
    const sumOurs = ok.reduce((s, r) => s + r.ours, 0);
    const sumTheirs = ok.reduce((s, r) => s + r.glslang.compile, 0);
    const oursO0 = median(ok.map((r) => r.oursO0));
    const sumO0 = ok.reduce((s, r) => s + r.oursO0, 0);
    log(
      `overall at -O0 (${ok.length} shaders): median ours ${oursO0.toFixed(2)} ms vs glslang compile ${theirs.toFixed(2)} ms (${(oursO0 / theirs).toFixed(2)}x); ` +
        `total ours ${sumO0.toFixed(1)} ms vs glslang ${sumTheirs.toFixed(1)} ms (${(sumO0 / sumTheirs).toFixed(2)}x)`,
    );
    log(
      `overall (${ok.length} shaders): median ours ${ours.toFixed(2)} ms vs glslang compile ${theirs.toFixed(2)} ms (${(ours / theirs).toFixed(2)}x); ` +
        `total ours ${sumOurs.toFixed(1)} ms vs glslang ${sumTheirs.toFixed(1)} ms (${(sumOurs / sumTheirs).toFixed(2)}x)`,
    );
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runCompileBench();
}
