// A/B of the middle end alone (optimizeModule at the default -O3, each pass) and of the SPIR-V back
// end on its output, between two source trees, in one process: each round makes the checked IR of
// every fixture entry point (untimed; the passes mutate it), then times the passes and the back end. The whole-compile A/B (ab-compile.mjs) cannot see a change of
// a few per cent of the compile on a shared machine; this times only what such a change touches.
//
//   git archive <commit> compiler | tar -x -C /tmp/base
//   node bench/ab-passes.mjs /tmp/base . [rounds]
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundle } from './bundle-sources.mjs';
import { fixtureCompileJobs } from './shaders.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(ROOT, 'fixtures/compiler');
const [treeA, treeB, rounds = '40'] = process.argv.slice(2);
if (!treeA || !treeB) throw new Error('usage: node bench/ab-passes.mjs <tree A> <tree B> [rounds]');

function passesOf(tree, name) {
  return importBundle(
    `ab-passes-${name}`,
    [
      "export { checkToIr } from './compiler/compile.ts';",
      "export { optimizeModule } from './compiler/opt/pipeline.ts';",
      "export { flattenResourceArrays } from './compiler/opt/flatten-resource-arrays.ts';",
      "export { resolveOptions } from './compiler/options.ts';",
      "export { compileSpirv } from './compiler/spirv/backend.ts';",
    ],
    resolve(tree),
  );
}

const A = await passesOf(treeA, 'a');
const B = await passesOf(treeB, 'b');
const names = readdirSync(FIXTURES).filter((n) => n.endsWith('.hlsl')).sort().map((n) => join(FIXTURES, n));
const jobs = fixtureCompileJobs(names, (file) => readFileSync(file, 'utf8')).filter((j) => !j.options.filename.startsWith('/lit-'));
/** Wall ms of the passes over every job's fresh IR; each pass's ms added to `perPass` (name → ms per round). */
const round = (lib, perPass) => {
  const irs = jobs.map((j) => lib.flattenResourceArrays(lib.checkToIr(j.source, j.options).ir));
  const sums = new Map();
  const started = performance.now();
  for (let k = 0; k < jobs.length; k++) {
    let t = performance.now();
    lib.optimizeModule(irs[k], jobs[k].options, (pass) => {
      const now = performance.now();
      sums.set(pass, (sums.get(pass) ?? 0) + now - t);
      t = now;
    });
  }
  const total = performance.now() - started;
  // The SPIR-V back end on the optimised IR (at -O3: entry inlining, SSA values, value numbering, compaction).
  const backEnd = performance.now();
  for (let k = 0; k < jobs.length; k++) lib.compileSpirv(irs[k], lib.resolveOptions(jobs[k].options, jobs[k].options.filename));
  sums.set('SPIR-V back end', performance.now() - backEnd);
  for (const [pass, ms] of sums) (perPass.get(pass) ?? perPass.set(pass, []).get(pass)).push(ms);
  return total;
};
for (let i = 0; i < 5; i++) (round(A, new Map()), round(B, new Map()));
const a = [];
const b = [];
const passesA = new Map();
const passesB = new Map();
for (let i = 0; i < Number(rounds); i++) (a.push(round(A, passesA)), b.push(round(B, passesB)));
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const us = (ms) => ((ms / jobs.length) * 1000).toFixed(1).padStart(7);
console.log(`optimizeModule, then compileSpirv, over ${jobs.length} fixture IRs, ${rounds} rounds; median µs per compile (A, B)`);
for (const [pass, times] of passesA) console.log(`${pass.padEnd(16)} ${us(median(times))} ${us(median(passesB.get(pass) ?? [0]))}`);
console.log(`${'middle end'.padEnd(16)} ${us(median(a))} ${us(median(b))}`);
console.log(`middle end B/A: median of per-round ratios ${median(a.map((x, i) => b[i] / x)).toFixed(3)}`);
const backA = passesA.get('SPIR-V back end');
const backB = passesB.get('SPIR-V back end');
console.log(`SPIR-V back end B/A: median of per-round ratios ${median(backA.map((x, i) => backB[i] / x)).toFixed(3)}`);
