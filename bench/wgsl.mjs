// WGSL compile time beside SPIR-V compile time, per shader of the compiler fixture suite
// (fixtures/compiler/*.hlsl, one row per entry point), measured interleaved in the same run; goal:
// WGSL ≤ 1.2× SPIR-V. Then the share of shaders that translate to WGSL at all: those fixtures plus the
// GPU, resource and plugin fixtures (fixtures/{gpu,resources,shaders}/*.hlsl), each with the first WGSL
// error of those that do not.
//
//   node bench/wgsl.mjs        (or import { runWgslBench } and call it)
//
// The compiler is TypeScript; this script bundles the current source with esbuild into bench/.out/.

import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'bench/.out');
const TIMED = 'fixtures/compiler';
const TRANSLATED = ['fixtures/compiler', 'fixtures/gpu', 'fixtures/resources', 'fixtures/shaders'];

async function loadCompiler() {
  mkdirSync(OUT, { recursive: true });
  const outfile = join(OUT, 'wgsl-lib.mjs');
  await build({ entryPoints: [join(ROOT, 'compiler/index.ts')], bundle: true, platform: 'neutral', format: 'esm', outfile, logLevel: 'error' });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

/** `// entry: name stage, …` → one request each; a file without the header compiles every entry point it declares. */
function requestsOf(source) {
  const header = /^\/\/ entry: (.*)$/m.exec(source);
  if (!header) return [undefined];
  return header[1].split(',').map((part) => {
    const [name, stage] = part.trim().split(/\s+/);
    return [{ name, stage }];
  });
}

function shadersIn(dir) {
  return readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.hlsl'))
    .sort()
    .flatMap((fileName) => {
      const file = join(ROOT, dir, fileName);
      const source = readFileSync(file, 'utf8');
      return requestsOf(source).map((entryPoints) => ({
        label: `${dir.replace('fixtures/', '')}/${fileName}${entryPoints ? `:${entryPoints[0].name}` : ''}`,
        source,
        options: { filename: file, targetEnv: 'vulkan1.1', ...(entryPoints ? { entryPoints } : {}) },
      }));
    });
}

const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const firstError = (result) => result.diagnostics.find((d) => d.severity === 'error')?.message ?? 'no output';

export async function runWgslBench({ iterations = 40, log = console.log } = {}) {
  const { compile } = await loadCompiler();

  const timed = [];
  for (const shader of shadersIn(TIMED)) {
    const spirvOptions = { ...shader.options, target: 'spirv' };
    const wgslOptions = { ...shader.options, target: 'wgsl' };
    const wgslFirst = compile(shader.source, wgslOptions);
    if (!compile(shader.source, spirvOptions).success || !wgslFirst.success) {
      timed.push({ shader: shader.label, error: wgslFirst.success ? 'SPIR-V: failed' : `WGSL: ${firstError(wgslFirst)}` });
      continue;
    }
    for (let i = 0; i < 3; i++) {
      compile(shader.source, spirvOptions);
      compile(shader.source, wgslOptions);
    }
    const spirv = [];
    const wgsl = [];
    // Interleaved, alternating which goes first, so that machine noise hits both sides alike.
    for (let i = 0; i < iterations; i++) {
      const order = i % 2 === 0 ? [[spirvOptions, spirv], [wgslOptions, wgsl]] : [[wgslOptions, wgsl], [spirvOptions, spirv]];
      for (const [options, samples] of order) {
        const start = performance.now();
        compile(shader.source, options);
        samples.push(performance.now() - start);
      }
    }
    timed.push({
      shader: shader.label,
      spirv: median(spirv), wgsl: median(wgsl), ratio: median(wgsl) / median(spirv),
      spirvMin: Math.min(...spirv), wgslMin: Math.min(...wgsl),
    });
  }
  log(`compile time per shader, ms (median and min of ${iterations}, interleaved); goal: WGSL / SPIR-V ≤ 1.2`);
  log('(a WGSL compile also emits the SPIR-V of the same IR: its reflection gives the WGSL pipeline\'s layouts)');
  log(`${'shader'.padEnd(40)} ${'SPIR-V'.padStart(8)} ${'WGSL'.padStart(8)} ${'ratio'.padStart(6)} ${'min ratio'.padStart(9)}`);
  for (const r of timed) {
    if (r.error) log(`${r.shader.padEnd(40)} n/a (${r.error})`);
    else log(`${r.shader.padEnd(40)} ${r.spirv.toFixed(2).padStart(8)} ${r.wgsl.toFixed(2).padStart(8)} ${r.ratio.toFixed(2).padStart(6)} ${(r.wgslMin / r.spirvMin).toFixed(2).padStart(9)}`);
  }
  const ok = timed.filter((r) => !r.error);
  if (ok.length) {
    const sum = (key) => ok.reduce((total, r) => total + r[key], 0);
    log(
      `overall (${ok.length} shaders): WGSL/SPIR-V ratio of summed medians ${(sum('wgsl') / sum('spirv')).toFixed(3)}, ` +
        `of summed minimums ${(sum('wgslMin') / sum('spirvMin')).toFixed(3)}; median per-shader ratio ${median(ok.map((r) => r.ratio)).toFixed(3)}`,
    );
  } else {
    log('overall: no fixture translates to WGSL, no ratio');
  }

  const translated = [];
  for (const dir of TRANSLATED) {
    for (const shader of shadersIn(dir)) {
      const spirv = compile(shader.source, { ...shader.options, target: 'spirv' });
      if (!spirv.success) continue; // not a compilable shader (an error fixture)
      const wgsl = compile(shader.source, { ...shader.options, target: 'wgsl' });
      translated.push({ shader: shader.label, ok: wgsl.success, error: wgsl.success ? undefined : firstError(wgsl) });
    }
  }
  const passing = translated.filter((t) => t.ok).length;
  log(`\nshaders that translate to WGSL: ${passing} of ${translated.length} (${((100 * passing) / Math.max(1, translated.length)).toFixed(0)}%)`);
  for (const t of translated.filter((t) => !t.ok)) log(`  ${t.shader.padEnd(44)} ${t.error}`);
  return { timed, translated };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runWgslBench();
}
