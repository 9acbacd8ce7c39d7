// `hlslc` as a build would run it: one process per shader, beside `glslangValidator -D -V` on the
// same shader in the same run, and the many-files mode (`-Fo-dir`, one process for all shaders)
// per shader. Wall-clock process time, fastest of several runs alternating between the tools, and
// CPU time (user + system of the finished process, through python3's getrusage) where python3 is
// there. `node -e 0` is printed as the floor: Node's own start-up, which no JavaScript CLI can
// go below; `node <empty file>` adds what loading any main script costs. Needs the built package
// (`npm run build`).
//
// hlslc keeps a V8 code cache (plugin/code-cache.ts; Node's module compile cache on Node >= 22.1):
// the bench gives it a cache folder of its own (other hlslc builds on the machine, sharing
// ~/.cache/unplugin-hlsl, would otherwise replace it mid-run) and prints two rows: primed (the
// cache written by an earlier run: every run after the first, what users see) and first run
// (an empty cache folder for every run, which that run then writes).
//
//   node bench/cli.mjs        (or via `node bench/run.mjs cli`)

import { spawnSync } from 'node:child_process';
import { childCpuMs } from './process-time.mjs';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist/src/bin/launch.cjs');
const SHADERS = [
  { file: 'fixtures/compiler/pbr.hlsl', profile: 'ps_6_0', stage: 'frag', entry: 'ps_main' },
  { file: 'fixtures/compiler/blinn-phong.hlsl', profile: 'vs_6_0', stage: 'vert', entry: 'vs_main' },
  { file: 'fixtures/compiler/particles.hlsl', profile: 'cs_6_0', stage: 'comp', entry: 'simulate' },
  { file: 'fixtures/compiler/tonemap.hlsl', profile: 'ps_6_0', stage: 'frag', entry: 'ps_tonemap' },
];

/** Variables naming the cache folders of hlslc (code-cache.ts) and of Node's module compile cache. */
const CACHE_VARIABLES = ['XDG_CACHE_HOME', 'NODE_COMPILE_CACHE'];

/** Wall ms of one run of `argv` (throws on failure); `fresh`: the cache variables point at a new empty folder. */
function wallOnce({ argv, env = process.env, fresh = false }) {
  const folder = fresh ? mkdtempSync(join(tmpdir(), 'bench-cli-cache-')) : undefined;
  const runEnv = folder ? { ...env, ...Object.fromEntries(CACHE_VARIABLES.map((name) => [name, folder])) } : env;
  try {
    const start = performance.now();
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', env: runEnv });
    const ms = performance.now() - start;
    if (r.error || r.status !== 0) throw new Error(`${argv.join(' ')} failed: ${r.error ?? r.stderr}`);
    return ms;
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

function cpuOnce({ argv, env = process.env, fresh = false }, runs) {
  return childCpuMs(argv, runs, { env, freshDir: fresh ? CACHE_VARIABLES : [] });
}

export async function runCliBench({ runs = 8, log = console.log } = {}) {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const tmp = mkdtempSync(join(tmpdir(), 'bench-cli-'));
  const rows = [];
  try {
    const empty = join(tmp, 'empty.cjs');
    writeFileSync(empty, '');
    const cache = join(tmp, 'cache');
    const primedEnv = { ...process.env, ...Object.fromEntries(CACHE_VARIABLES.map((name) => [name, cache])) };
    const hlslc = (s) => [process.execPath, CLI, '-T', s.profile, '-E', s.entry, join(ROOT, s.file), '-Fo', join(tmp, 'a.spv')];
    const commands = {
      'node -e 0 (floor)': () => ({ argv: [process.execPath, '-e', '0'] }),
      'node <empty file> (floor for a script)': () => ({ argv: [process.execPath, empty] }),
      'hlslc (one shader, primed code cache)': (s) => ({ argv: hlslc(s), env: primedEnv }),
      'hlslc (one shader, first run: writes the cache)': (s) => ({ argv: hlslc(s), fresh: true }),
      'glslangValidator -D -V': (s) => ({ argv: ['glslangValidator', '-D', '-V', '--target-env', 'vulkan1.1', '-S', s.stage, '-e', s.entry, join(ROOT, s.file), '-o', join(tmp, 'b.spv')] }),
    };
    const wall = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
    const cpu = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
    wallOnce(commands['hlslc (one shader, primed code cache)'](SHADERS[0])); // writes the cache the primed rows read
    for (const shader of SHADERS) {
      const best = Object.fromEntries(Object.keys(commands).map((k) => [k, Infinity]));
      for (let i = 0; i < runs; i++) for (const [name, command] of Object.entries(commands)) best[name] = Math.min(best[name], wallOnce(command(shader)));
      for (const name of Object.keys(commands)) {
        wall[name].push(best[name]);
        cpu[name].push(cpuOnce(commands[name](shader), Math.ceil(runs / 2)));
      }
    }
    // Many files: 20 copies of one shader (distinct names, as -Fo-dir writes <name>.spv) in one process.
    const many = SHADERS[0];
    const copies = [];
    for (let i = 0; i < 20; i++) {
      const copy = join(tmp, `copy${i}.hlsl`);
      copyFileSync(join(ROOT, many.file), copy);
      copies.push(copy);
    }
    const manyCommand = { argv: [process.execPath, CLI, '-T', many.profile, '-E', many.entry, '-Fo-dir', join(tmp, 'many'), ...copies], env: primedEnv };
    let manyBest = Infinity;
    for (let i = 0; i < runs; i++) manyBest = Math.min(manyBest, wallOnce(manyCommand));
    const manyCpu = cpuOnce(manyCommand, Math.ceil(runs / 2));
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const glslangWall = mean(wall['glslangValidator -D -V']);
    const glslangCpu = cpu['glslangValidator -D -V'].every((x) => x !== undefined) ? mean(cpu['glslangValidator -D -V']) : undefined;
    for (const name of Object.keys(commands)) {
      const w = mean(wall[name]);
      const c = cpu[name].every((x) => x !== undefined) ? mean(cpu[name]) : undefined;
      rows.push({
        what: name,
        'wall ms': Number(w.toFixed(1)),
        'vs glslang (wall)': `${(w / glslangWall).toFixed(2)}x`,
        'CPU ms': c === undefined ? 'n/a' : Number(c.toFixed(1)),
        'vs glslang (CPU)': c === undefined || glslangCpu === undefined ? 'n/a' : `${(c / glslangCpu).toFixed(2)}x`,
      });
    }
    const perShader = (ms) => ms / copies.length;
    rows.push({
      what: `hlslc -Fo-dir, ${copies.length} shaders in one process, per shader (primed cache)`,
      'wall ms': Number(perShader(manyBest).toFixed(1)),
      'vs glslang (wall)': `${(perShader(manyBest) / glslangWall).toFixed(2)}x`,
      'CPU ms': manyCpu === undefined ? 'n/a' : Number(perShader(manyCpu).toFixed(1)),
      'vs glslang (CPU)': manyCpu === undefined || glslangCpu === undefined ? 'n/a' : `${(perShader(manyCpu) / glslangCpu).toFixed(2)}x`,
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  log(`process time per shader (${SHADERS.length} fixture shaders, mean of each shader's fastest of ${runs} runs; CPU: mean of ${Math.ceil(runs / 2)} runs)`);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await runCliBench());
}
