// Where -O3's extra time goes on the small fixture shaders, measured (not sampled): per round, every
// fixture entry point's checked IR is made (the front end, timed once for scale), then the middle end
// (optimizeModule at -O3, and at -O0: legalisation only) and the SPIR-V back end (compileSpirv with
// and without the optimised emission: entry inlining, SSA values, value numbering, compaction) are
// timed on fresh IRs. Medians of per-round sums, ms per compile.
//
//   node bench/o3-phases.mjs [rounds]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundle } from './bundle-sources.mjs';
import { fixtureCompileJobs } from './shaders.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(ROOT, 'fixtures/compiler');
const rounds = Number(process.argv[2] ?? 30);
const lib = await importBundle('o3-phases-lib', [
  "export { checkToIr } from './compiler/compile.ts';",
  "export { optimizeModule } from './compiler/opt/pipeline.ts';",
  "export { flattenResourceArrays } from './compiler/opt/flatten-resource-arrays.ts';",
  "export { resolveOptions } from './compiler/options.ts';",
  "export { compileSpirv } from './compiler/spirv/backend.ts';",
]);
const names = readdirSync(FIXTURES).filter((n) => n.endsWith('.hlsl')).sort().map((n) => join(FIXTURES, n));
const jobs = fixtureCompileJobs(names, (file) => readFileSync(file, 'utf8')).filter((j) => !j.options.filename.startsWith('/lit-'));
const phases = ['front end', 'middle end -O3', 'middle end -O0', 'SPIR-V back end -O3', 'SPIR-V back end -O0'];
const times = Object.fromEntries(phases.map((p) => [p, []]));
const timed = (sums, phase, f) => {
  const started = performance.now();
  const out = f();
  sums[phase] += performance.now() - started;
  return out;
};
for (let r = 0; r < rounds + 5; r++) {
  const sums = Object.fromEntries(phases.map((p) => [p, 0]));
  for (const job of jobs) {
    for (const level of [3, 0]) {
      const options = { ...job.options, optimizationLevel: level };
      const checked = level === 3 ? timed(sums, 'front end', () => lib.checkToIr(job.source, options).ir) : lib.checkToIr(job.source, options).ir;
      const ir = timed(sums, `middle end -O${level}`, () => lib.optimizeModule(lib.flattenResourceArrays(checked), options));
      const resolved = lib.resolveOptions(options, job.options.filename);
      timed(sums, `SPIR-V back end -O${level}`, () => lib.compileSpirv(ir, resolved));
    }
  }
  if (r >= 5) for (const p of phases) times[p].push(sums[p] / jobs.length);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log(`${jobs.length} fixture entry points, ${rounds} rounds: median ms per compile`);
for (const p of phases) console.log(`${p.padEnd(22)} ${median(times[p]).toFixed(3)}`);
