// Plugin benchmark: a generated Vite project of 50 shaders sharing one include. Measures a cold
// build (empty disk cache), a warm build (same cache, fresh plugin instance: nothing compiles) and
// the latency from editing the include to the dev server's HMR update message. Builds run in
// interleaved rounds (see buildRounds); times are medians over rounds, ratios medians of per-round
// ratios, each as wall-clock and as CPU time (all threads). The peer, measured in the same run, is vite-plugin-glsl on the same project written in GLSL: it only resolves
// #include and inlines text (no compiler, no cache), so its numbers are a floor for "a shader import".
// Vite builds once (an empty project, no plugin) before either is measured, so neither cold build
// pays for loading Vite and Rolldown. A third row replays our warm build's generated modules from
// memory (a plugin with no work): what the bundler alone spends on our output, the floor of our warm build.
// The builds run in one process, so neither plugin's module loading is in them; a real warm build is a
// fresh `vite build`, which loads the plugin first: importMs is that, for each plugin, measured in
// fresh processes that have already loaded Vite (as a build has), interleaved (see importTimes).
// bench/plugin-fresh.mjs times whole fresh-process warm builds. Where the time goes: PLUGIN-SPEED.md.
// Needs the built package (`npm run build`). Run alone: `node bench/plugin.mjs`.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const SHADER_COUNT = 50;

/** The same 50 shaders in HLSL (for us) and GLSL (for vite-plugin-glsl). */
export const LANGUAGES = {
  hlsl: {
    include: 'common.hlsli',
    includeText: (k) => `float shade(float x, float k) { return x * k + ${k}.0; }\n`,
    file: (i) => `s${i}.hlsl`,
    source: (i) =>
      [
        '#include "common.hlsli"',
        `cbuffer Params${i} : register(b0) { float time; float3 tint; float4x4 xform; int counts[4]; };`,
        'RWStructuredBuffer<float> output : register(u1);',
        '[numthreads(64, 1, 1)]',
        'void main(uint3 id : SV_DispatchThreadID) {',
        `  output[id.x] = shade(time * tint.x + xform[1][2] + (float)counts[3], ${i}.0);`,
        '}',
        '',
      ].join('\n'),
  },
  glsl: {
    include: 'common.glsl',
    includeText: (k) => `float shade(float x, float k) { return x * k + ${k}.0; }\n`,
    file: (i) => `s${i}.comp`,
    source: (i) =>
      [
        '#version 450',
        '#include "common.glsl"',
        'layout(local_size_x = 64) in;',
        `layout(std140, binding = 0) uniform Params${i} { float time; vec3 tint; mat4 xform; int counts[4]; };`,
        'layout(std430, binding = 1) buffer Output { float data[]; } outputBuffer;',
        'void main() {',
        '  uint id = gl_GlobalInvocationID.x;',
        `  outputBuffer.data[id] = shade(time * tint.x + xform[2][1] + float(counts[3]), ${i}.0);`,
        '}',
        '',
      ].join('\n'),
  },
};

export function generateProject(dir, lang = LANGUAGES.hlsl) {
  mkdirSync(join(dir, 'shaders'), { recursive: true });
  writeFileSync(join(dir, `shaders/${lang.include}`), lang.includeText(1));
  const imports = [];
  for (let i = 0; i < SHADER_COUNT; i++) {
    writeFileSync(join(dir, `shaders/${lang.file(i)}`), lang.source(i));
    imports.push(`export * as s${i} from './shaders/${lang.file(i)}';`);
  }
  writeFileSync(join(dir, 'main.js'), imports.join('\n') + '\n');
}

/**
 * One build: { wall, cpu } in ms. CPU is the process's user + system time over all its threads
 * (Rolldown's, compile workers'), which waiting for a core on a loaded machine does not inflate.
 */
export async function timedBuild(vite, plugin, dir) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  await vite.build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin()].flat(),
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, rollupOptions: { input: join(dir, 'main.js'), preserveEntrySignatures: 'strict' } },
  });
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

const HMR_CLIENT = `
const socket = new WebSocket(process.argv[1], 'vite-hmr');
socket.addEventListener('message', (e) => process.stdout.write(String(e.data).replace(/\\n/g, ' ') + '\\n'));
`;

async function hmrLatency(vite, plugin, dir, lang) {
  const server = await vite.createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin()],
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  await server.listen();
  const { port } = server.httpServer.address();
  const child = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '-e', HMR_CLIENT, `ws://127.0.0.1:${port}/?token=${server.config.webSocketToken}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const messages = createInterface({ input: child.stdout });
  let onMessage = () => {};
  messages.on('line', (line) => onMessage(JSON.parse(line)));
  // Resolves on the first message of one of `types`; rejects after 10 s (the plugin did not react).
  const waitFor = (...types) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${types.join('/')} message within 10 s`)), 10_000);
      onMessage = (m) => types.includes(m.type) && (clearTimeout(timer), resolve(m));
    });
  try {
    await waitFor('connected');
    if (process.env.BENCH_DEBUG) console.error('connected');
    // Load the entry as a browser would, so the module graph knows who imports each shader.
    await (await fetch(`http://127.0.0.1:${port}/main.js`)).text();
    for (let i = 0; i < SHADER_COUNT; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/shaders/${lang.file(i)}?import`);
      if (!response.ok) throw new Error(`${lang.file(i)}: HTTP ${response.status}: ${await response.text()}`);
    }
    // vite-plugin-glsl answers an include edit with a full page reload rather than a module update.
    // Latency from a write to the HMR message, or null when none arrives (the plugin did not react).
    const timeEdit = async (file, text) => {
      const update = waitFor('update', 'full-reload');
      const start = performance.now();
      writeFileSync(join(dir, 'shaders', file), text);
      try {
        const message = await update;
        if (process.env.BENCH_DEBUG) console.error('hmr', message.type);
        return { ms: performance.now() - start, updatedModules: message.type === 'update' ? message.updates.length : 'full reload' };
      } catch {
        return { ms: null, updatedModules: 'no HMR message' };
      }
    };
    const include = await timeEdit(lang.include, lang.includeText(2));
    await new Promise((r) => setTimeout(r, 300));
    const direct = await timeEdit(lang.file(0), lang.source(0) + '\n// edited\n');
    return { include, direct };
  } finally {
    child.kill();
    await server.close();
  }
}

/** One build of an empty project: loads and JIT-warms Vite and Rolldown before anything is timed. */
export async function warmUpVite(vite) {
  const dir = mkdtempSync(join(tmpdir(), 'hlsl-bench-'));
  try {
    writeFileSync(join(dir, 'main.js'), 'export const x = 1;\n');
    await timedBuild(vite, () => ({ name: 'none' }), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A plugin returning the modules `modules` holds (id → code) and resolving `runtime` to its file:
 * the bundler's share of a build of those modules, no plugin work.
 */
export function replayPlugin(modules, runtime) {
  return {
    name: 'replay',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === 'unplugin-hlsl/runtime') return runtime;
      const path = importer === undefined ? undefined : join(dirname(importer), id);
      return path !== undefined && modules.has(path) ? path : undefined;
    },
    load: (id) => modules.get(id),
  };
}

/** Records the code other plugins loaded for shader ids into `modules`. */
export function capturePlugin(modules, extension) {
  return { name: 'capture', enforce: 'post', transform: (code, id) => void (id.endsWith(extension) && modules.set(id, code)) };
}

/** Fresh processes per plugin for importMs. */
const IMPORT_RUNS = 7;

/**
 * Median ms to import each of `specifiers` (resolved from the repository) in a fresh Node process
 * that has already imported Vite; the specifiers alternate, so a change in machine load hits both.
 */
function importTimes(specifiers) {
  const code = "await import('vite'); const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));";
  const times = specifiers.map(() => []);
  for (let run = 0; run < IMPORT_RUNS; run++) {
    specifiers.forEach((specifier, i) => times[i].push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', code, specifier], { cwd: join(import.meta.dirname, '..') }))));
  }
  return times.map(median);
}

/** Rounds of builds; each number reported is the median over rounds (this machine is shared). */
const ROUNDS = 5;

const median = (xs) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Build times over ROUNDS interleaved rounds. Each round: our cold build (a fresh plugin over an empty
 * cache directory: nothing cached, new worker threads), the peer's build, our warm build (a fresh
 * plugin over that round's cache), the peer's build again, and the replay of our modules.
 */
async function buildRounds(vite, ours, peer) {
  const times = { oursCold: [], peerCold: [], oursWarm: [], peerWarm: [], replay: [] };
  const modules = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    const cache = join(ours.dir, `.cache-${round}`);
    times.oursCold.push(await timedBuild(vite, () => ours.plugin(cache), ours.dir));
    times.peerCold.push(await timedBuild(vite, peer.plugin, peer.dir));
    times.oursWarm.push(await timedBuild(vite, () => ours.plugin(cache), ours.dir));
    times.peerWarm.push(await timedBuild(vite, peer.plugin, peer.dir));
    if (round === 0) await timedBuild(vite, () => [ours.plugin(cache), capturePlugin(modules, ours.extension)], ours.dir);
    times.replay.push(await timedBuild(vite, () => replayPlugin(modules, ours.runtime), ours.dir));
    if (process.env.BENCH_DEBUG) console.error(JSON.stringify(Object.fromEntries(Object.entries(times).map(([k, v]) => [k, [Math.round(v[round].wall), Math.round(v[round].cpu)]]))));
  }
  return times;
}

export async function runPluginBench() {
  const vite = await import('vite');
  const hlsl = (await import(pathToFileURL(join(import.meta.dirname, '../dist/src/vite.js')).href)).default;
  const glsl = (await import('vite-plugin-glsl')).default;
  await warmUpVite(vite);
  const oursDir = mkdtempSync(join(tmpdir(), 'hlsl-bench-'));
  const peerDir = mkdtempSync(join(tmpdir(), 'hlsl-bench-'));
  const glslPlugin = () => glsl({ include: ['**/*.comp', '**/*.glsl'], watch: true });
  try {
    generateProject(oursDir, LANGUAGES.hlsl);
    generateProject(peerDir, LANGUAGES.glsl);
    const times = await buildRounds(
      vite,
      { dir: oursDir, plugin: (cache) => hlsl({ cache: { dir: cache } }), extension: '.hlsl', runtime: join(import.meta.dirname, '../dist/src/runtime.js') },
      { dir: peerDir, plugin: glslPlugin },
    );
    const [oursImport, peerImport] = importTimes([pathToFileURL(join(import.meta.dirname, '../dist/src/vite.js')).href, 'vite-plugin-glsl']);
    const oursHmr = await hmrLatency(vite, () => hlsl({ cache: false }), oursDir, LANGUAGES.hlsl);
    const peerHmr = await hmrLatency(vite, glslPlugin, peerDir, LANGUAGES.glsl);
    const ms = (x) => (x === null ? null : Math.round(x));
    const ratio = (a, b) => (a === null || b === null ? null : Number((a / b).toFixed(2)));
    const of = (builds, clock) => builds.map((b) => b[clock]);
    /** Median over rounds of the ratio within a round, which a change in machine load shifts far less. */
    const roundRatio = (a, b, clock) => Number(median(of(a, clock).map((x, i) => x / of(b, clock)[i])).toFixed(2));
    const row = (name, importMs, cold, warm, hmr) => ({
      plugin: name,
      shaders: SHADER_COUNT,
      importMs: ms(importMs),
      coldBuildMs: ms(median(of(cold, 'wall'))),
      warmBuildMs: ms(median(of(warm, 'wall'))),
      coldCpuMs: ms(median(of(cold, 'cpu'))),
      warmCpuMs: ms(median(of(warm, 'cpu'))),
      includeEditToHmrMs: ms(hmr.include.ms),
      includeEditUpdates: hmr.include.updatedModules,
      shaderEditToHmrMs: ms(hmr.direct.ms),
    });
    return [
      row('unplugin-hlsl (compiles to SPIR-V + layouts)', oursImport, times.oursCold, times.oursWarm, oursHmr),
      row('vite-plugin-glsl (text inlining only)', peerImport, times.peerCold, times.peerWarm, peerHmr),
      {
        plugin: `ratio ours / vite-plugin-glsl (median of ${ROUNDS} rounds)`,
        shaders: SHADER_COUNT,
        importMs: ratio(oursImport, peerImport),
        coldBuildMs: roundRatio(times.oursCold, times.peerCold, 'wall'),
        warmBuildMs: roundRatio(times.oursWarm, times.peerWarm, 'wall'),
        coldCpuMs: roundRatio(times.oursCold, times.peerCold, 'cpu'),
        warmCpuMs: roundRatio(times.oursWarm, times.peerWarm, 'cpu'),
        includeEditToHmrMs: ratio(oursHmr.include.ms, peerHmr.include.ms),
        includeEditUpdates: '',
        shaderEditToHmrMs: ratio(oursHmr.direct.ms, peerHmr.direct.ms),
      },
      {
        plugin: 'our generated modules replayed from memory (bundler only)',
        shaders: SHADER_COUNT,
        importMs: null,
        coldBuildMs: null,
        warmBuildMs: ms(median(of(times.replay, 'wall'))),
        coldCpuMs: null,
        warmCpuMs: ms(median(of(times.replay, 'cpu'))),
        includeEditToHmrMs: null,
        includeEditUpdates: '',
        shaderEditToHmrMs: null,
      },
      {
        plugin: 'ratio replay / vite-plugin-glsl (the floor of our warm ratio)',
        shaders: SHADER_COUNT,
        importMs: null,
        coldBuildMs: null,
        warmBuildMs: roundRatio(times.replay, times.peerWarm, 'wall'),
        coldCpuMs: null,
        warmCpuMs: roundRatio(times.replay, times.peerWarm, 'cpu'),
        includeEditToHmrMs: null,
        includeEditUpdates: '',
        shaderEditToHmrMs: null,
      },
    ];
  } finally {
    rmSync(oursDir, { recursive: true, force: true });
    rmSync(peerDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await runPluginBench());
}
