// A real warm build is a fresh `vite build` process: it loads Vite and the plugin, then builds over
// the disk cache an earlier process filled. This runs the plugin bench's project that way, ours
// (this tree's dist/, plus any other trees given, e.g. a checkout of main) beside vite-plugin-glsl,
// interleaved, and prints medians of Vite's import, the plugin's import, the build and the
// process's CPU time (all threads). Needs `npm run build`.
//
//   node bench/plugin-fresh.mjs [other-tree …]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateProject, LANGUAGES } from './plugin.mjs';

const RUNS = 7;
const CHILD = `
const [kind, root, dir] = process.argv.slice(2);
const t0 = performance.now();
const vite = await import('vite');
const t1 = performance.now();
const plugin = kind === 'glsl'
  ? (await import('vite-plugin-glsl')).default({ include: ['**/*.comp', '**/*.glsl'] })
  : (await import(root)).default({ cache: { dir: dir + '/.cache-' + encodeURIComponent(root) } });
const t2 = performance.now();
await vite.build({ root: dir, configFile: false, logLevel: 'silent', plugins: [plugin], build: { outDir: dir + '/dist', emptyOutDir: true, rollupOptions: { input: dir + '/main.js', preserveEntrySignatures: 'strict' } } });
const t3 = performance.now();
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify([t1 - t0, t2 - t1, t3 - t2, (cpu.user + cpu.system) / 1000]));
`;

const work = mkdtempSync(join(tmpdir(), 'hlsl-fresh-'));
try {
  const child = join(import.meta.dirname, '.plugin-fresh-child.mjs');
  writeFileSync(child, CHILD);
  generateProject(join(work, 'hlsl'), LANGUAGES.hlsl);
  generateProject(join(work, 'glsl'), LANGUAGES.glsl);
  const trees = [join(import.meta.dirname, '..'), ...process.argv.slice(2)].map((t) => resolve(t));
  const variants = [
    ...trees.map((tree) => ({ name: `unplugin-hlsl ${tree}`, args: ['hlsl', pathToFileURL(join(tree, 'dist/src/vite.js')).href, join(work, 'hlsl')] })),
    { name: 'vite-plugin-glsl', args: ['glsl', '', join(work, 'glsl')] },
  ];
  const run = (args) => JSON.parse(execFileSync(process.execPath, [child, ...args], { cwd: join(import.meta.dirname, '..') }));
  for (const v of variants) run(v.args); // fills each cache: every later run is warm
  const times = variants.map(() => []);
  for (let i = 0; i < RUNS; i++) variants.forEach((v, j) => times[j].push(run(v.args)));
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.table(
    variants.map((v, j) => {
      const of = (k) => Math.round(median(times[j].map((t) => t[k])));
      return { plugin: v.name, viteImportMs: of(0), pluginImportMs: of(1), warmBuildMs: of(2), processCpuMs: of(3) };
    }),
  );
  rmSync(child, { force: true });
} finally {
  rmSync(work, { recursive: true, force: true });
}
