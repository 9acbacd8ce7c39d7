// `hlslc` as a build would run it: one process per shader, beside `glslangValidator -D -V` on the
// same shader in the same run, and the many-files mode (`-Fo-dir`, one process for all shaders)
// per shader. Wall-clock process time, fastest of several runs alternating between the tools, and
// CPU time (user + system of the finished process, through python3's getrusage) where python3 is
// there. `node -e 0` is printed as the floor: Node's own start-up, which no JavaScript CLI can
// go below. Needs the built package (`npm run build`).
//
//   node bench/cli.mjs        (or via `node bench/run.mjs cli`)

import { spawnSync } from 'node:child_process';
import { childCpuMs } from './process-time.mjs';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
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

/** Wall ms of one run of argv (throws on failure). */
function wallOnce(argv) {
  const start = performance.now();
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
  const ms = performance.now() - start;
  if (r.error || r.status !== 0) throw new Error(`${argv.join(' ')} failed: ${r.error ?? r.stderr}`);
  return ms;
}


export async function runCliBench({ runs = 8, log = console.log } = {}) {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const tmp = mkdtempSync(join(tmpdir(), 'bench-cli-'));
  const rows = [];
  try {
    const commands = {
      'node -e 0 (floor)': () => [process.execPath, '-e', '0'],
      'hlslc (one shader)': (s) => [process.execPath, CLI, '-T', s.profile, '-E', s.entry, join(ROOT, s.file), '-Fo', join(tmp, 'a.spv')],
      'glslangValidator -D -V': (s) => ['glslangValidator', '-D', '-V', '--target-env', 'vulkan1.1', '-S', s.stage, '-e', s.entry, join(ROOT, s.file), '-o', join(tmp, 'b.spv')],
    };
    const wall = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
    const cpu = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
    for (const shader of SHADERS) {
      const best = Object.fromEntries(Object.keys(commands).map((k) => [k, Infinity]));
      for (let i = 0; i < runs; i++) for (const [name, argv] of Object.entries(commands)) best[name] = Math.min(best[name], wallOnce(argv(shader)));
      for (const name of Object.keys(commands)) {
        wall[name].push(best[name]);
        cpu[name].push(childCpuMs(commands[name](shader), Math.ceil(runs / 2)));
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
    const manyArgv = [process.execPath, CLI, '-T', many.profile, '-E', many.entry, '-Fo-dir', join(tmp, 'many'), ...copies];
    let manyBest = Infinity;
    for (let i = 0; i < runs; i++) manyBest = Math.min(manyBest, wallOnce(manyArgv));
    const manyCpu = childCpuMs(manyArgv, Math.ceil(runs / 2));
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
      what: `hlslc -Fo-dir, ${copies.length} shaders in one process, per shader`,
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
