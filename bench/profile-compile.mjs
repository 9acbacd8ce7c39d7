// Profiling driver for the whole compile on the compile bench's shaders (fixtures/compiler, each entry
// point as the bench compiles it, plus the generated lit shaders): compiles them in a loop so a
// profiler sees the steady state, and prints CPU ms per stage (front end, check, passes, back end).
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-compile.mjs [rounds]
//
// then summarise the .cpuprofile with bench/profile-summary.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundle } from './bundle-sources.mjs';
import { fixtureCompileJobs } from './shaders.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(ROOT, 'fixtures/compiler');
const rounds = Number(process.argv[2] ?? 20);
const lib = await importBundle('profile-compile-lib', ["export { compile } from './compiler/index.ts';"]);

const names = readdirSync(FIXTURES).filter((n) => n.endsWith('.hlsl')).sort().map((n) => join(FIXTURES, n));
const jobs = fixtureCompileJobs(names, (file) => readFileSync(file, 'utf8'));

let best = Infinity;
for (let r = 0; r < rounds; r++) {
  const cpu = process.cpuUsage();
  for (const job of jobs) lib.compile(job.source, job.options);
  const used = process.cpuUsage(cpu);
  best = Math.min(best, (used.user + used.system) / 1000);
}
console.log(`${jobs.length} compiles: best round ${best.toFixed(1)} ms CPU`);
