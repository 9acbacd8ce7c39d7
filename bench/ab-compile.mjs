// A/B of the whole compile between two source trees, in one process: each tree's compiler/index.ts is
// bundled (esbuild) and the compile bench's shaders (fixtures/compiler entry points, generated lit
// shaders) are compiled in alternating rounds, A then B. On a shared machine the load changes from
// second to second: the median of the per-round ratios B/A moves far less than either tree's times.
//
//   git archive <commit> compiler | tar -x -C /tmp/base      (a tree with the other compiler)
//   node bench/ab-compile.mjs /tmp/base . [rounds] [empty]
//
// With `empty`, each round is 200 compiles of an empty compute shader instead: the fixed cost
// every compile pays (predefined macros, tables), which small shaders are dominated by. With `small`,
// only the fixtures' entry points (without the generated lit shaders, whose 1000 lines take most of a round).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundle } from './bundle-sources.mjs';
import { fixtureCompileJobs } from './shaders.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(ROOT, 'fixtures/compiler');
const [treeA, treeB, rounds = '30', mode] = process.argv.slice(2);
if (!treeA || !treeB) throw new Error('usage: node bench/ab-compile.mjs <tree A> <tree B> [rounds]');

function compilerOf(tree, name) {
  return importBundle(`ab-${name}`, ["export { compile } from './compiler/index.ts';"], resolve(tree));
}

const EMPTY = '[numthreads(1, 1, 1)]\nvoid main() {}\n';

function jobs() {
  if (mode === 'empty') {
    return Array.from({ length: 200 }, () => ({ source: EMPTY, options: { filename: '/empty.hlsl', entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.1' } }));
  }
  const names = readdirSync(FIXTURES).filter((n) => n.endsWith('.hlsl')).sort().map((n) => join(FIXTURES, n));
  const all = fixtureCompileJobs(names, (file) => readFileSync(file, 'utf8'));
  return mode === 'small' ? all.filter((j) => !j.options.filename.startsWith('/lit-')) : all;
}

const A = await compilerOf(treeA, 'a');
const B = await compilerOf(treeB, 'b');
const all = jobs();
/** CPU ms of one round over every shader. */
const round = (lib) => {
  const cpu = process.cpuUsage();
  for (const j of all) lib.compile(j.source, j.options);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
};
for (let i = 0; i < 5; i++) (round(A), round(B)); // JIT warm-up of both
const a = [];
const b = [];
for (let i = 0; i < Number(rounds); i++) (a.push(round(A)), b.push(round(B)));
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const f = (ms) => ms.toFixed(1);
console.log(`${all.length} compiles per round, ${rounds} rounds, ms of CPU per round`);
console.log(`A ${treeA}: best ${f(Math.min(...a))}, median ${f(median(a))}`);
console.log(`B ${treeB}: best ${f(Math.min(...b))}, median ${f(median(b))}`);
console.log(`B/A: median of per-round ratios ${median(a.map((x, i) => b[i] / x)).toFixed(3)}, best/best ${(Math.min(...b) / Math.min(...a)).toFixed(3)}`);
