// Plugin benchmark: a generated Vite project of 50 shaders sharing one include. Measures a cold
// build (empty disk cache), a warm build (same cache, fresh plugin instance: nothing compiles) and
// the latency from editing the include to the dev server's HMR update message.
// Needs the built package (`npm run build`). Run alone: `node bench/plugin.mjs`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const SHADER_COUNT = 50;

function generateProject(dir) {
  mkdirSync(join(dir, 'shaders'), { recursive: true });
  writeFileSync(join(dir, 'shaders/common.hlsli'), 'float shade(float x, float k) { return x * k + 1.0; }\n');
  const imports = [];
  for (let i = 0; i < SHADER_COUNT; i++) {
    writeFileSync(
      join(dir, `shaders/s${i}.hlsl`),
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
    );
    imports.push(`export * as s${i} from './shaders/s${i}.hlsl';`);
  }
  writeFileSync(join(dir, 'main.js'), imports.join('\n') + '\n');
}

async function timedBuild(vite, hlsl, dir, cacheDir) {
  const start = performance.now();
  await vite.build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [hlsl({ cache: { dir: cacheDir } })],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, rollupOptions: { input: join(dir, 'main.js'), preserveEntrySignatures: 'strict' } },
  });
  return performance.now() - start;
}

const HMR_CLIENT = `
const socket = new WebSocket(process.argv[1], 'vite-hmr');
socket.addEventListener('message', (e) => process.stdout.write(String(e.data).replace(/\\n/g, ' ') + '\\n'));
`;

async function hmrLatency(vite, hlsl, dir) {
  const server = await vite.createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [hlsl({ cache: false })],
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  await server.listen();
  const { port } = server.httpServer.address();
  const child = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '-e', HMR_CLIENT, `ws://127.0.0.1:${port}/?token=${server.config.webSocketToken}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const messages = createInterface({ input: child.stdout });
  let onMessage = () => {};
  messages.on('line', (line) => onMessage(JSON.parse(line)));
  const waitFor = (type) => new Promise((resolve) => (onMessage = (m) => m.type === type && resolve(m)));
  try {
    await waitFor('connected');
    for (let i = 0; i < SHADER_COUNT; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/shaders/s${i}.hlsl?import`);
      if (!response.ok) throw new Error(`s${i}.hlsl: HTTP ${response.status}: ${await response.text()}`);
    }
    const update = waitFor('update');
    const start = performance.now();
    writeFileSync(join(dir, 'shaders/common.hlsli'), 'float shade(float x, float k) { return x * k + 2.0; }\n');
    const message = await update;
    return { ms: performance.now() - start, updatedModules: message.updates.length };
  } finally {
    child.kill();
    await server.close();
  }
}

export async function runPluginBench() {
  const vite = await import('vite');
  const hlsl = (await import(pathToFileURL(join(import.meta.dirname, '../dist/src/vite.js')).href)).default;
  const dir = mkdtempSync(join(tmpdir(), 'hlsl-bench-'));
  try {
    generateProject(dir);
    const cacheDir = join(dir, '.cache');
    const coldMs = await timedBuild(vite, hlsl, dir, cacheDir);
    const warmMs = await timedBuild(vite, hlsl, dir, cacheDir);
    const hmr = await hmrLatency(vite, hlsl, dir);
    return {
      shaders: SHADER_COUNT,
      coldBuildMs: Math.round(coldMs),
      warmBuildMs: Math.round(warmMs),
      includeEditToHmrUpdateMs: Math.round(hmr.ms),
      hmrUpdatedModules: hmr.updatedModules,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await runPluginBench(), null, 2));
}
