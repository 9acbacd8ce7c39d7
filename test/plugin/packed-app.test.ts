// A new user's first hour, end to end: the packed tarball (`npm pack`, exactly what the registry would
// serve) installed into a fresh Vite + TypeScript app with npm, shaders named as engines name them
// (`tint.frag.hlsl`, `MeshVS.hlsl`: no stage marks) imported with no query. tsc fails with only the
// client types, passes after `hlslc --dts` and again after the build; the built bundle then runs: a
// typed writer's bytes, the inlined binary and the one loaded from the emitted asset.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const APP = join(ROOT, 'fixtures/projects/packed-app');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string> };

let work: string;
let app: string;

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd: app, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const tsc = () => run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.']);

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/src/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does)');
  work = mkdtempSync(join(tmpdir(), 'hlsl-packed-'));
  execFileSync('npm', ['pack', '--pack-destination', work, '--ignore-scripts'], { cwd: ROOT, stdio: 'pipe' });
  const tarball = join(work, `unplugin-hlsl-${manifest.version}.tgz`);
  app = join(work, 'app');
  cpSync(APP, app, { recursive: true });
  const pkg = {
    name: 'packed-app',
    private: true,
    type: 'module',
    devDependencies: { 'unplugin-hlsl': `file:${tarball}`, vite: manifest.devDependencies.vite, typescript: manifest.devDependencies.typescript },
  };
  writeFileSync(join(app, 'package.json'), JSON.stringify(pkg, null, 2));
  // As a user installs: from the registry, through npm's cache when it has the packages.
  const install = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);
  if (install.status !== 0) throw new Error(`npm install in the fresh app failed:\n${install.output}`);
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package in a fresh Vite + TypeScript app', () => {
  it('ships what the exports name, and nothing from the source tree', () => {
    const installed = join(app, 'node_modules/unplugin-hlsl');
    const exports = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).exports as Record<string, string | Record<string, string>>;
    for (const target of Object.values(exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)))) {
      expect(existsSync(resolve(installed, target)), target).toBe(true);
    }
    expect(readdirSync(installed).sort()).toEqual(['LICENSE', 'README.md', 'client.d.ts', 'dist', 'package.json']);
  });

  it('type-checks with exact types from `hlslc --dts` before any build, builds, type-checks again and runs', async () => {
    // Only the loose client types: named layouts are unknown, and the asset-only module's `spirv` is not an error.
    const before = tsc();
    expect(before.status).toBe(2);
    expect(before.output).toMatch(/error TS2614: Module '"\*\.hlsl"' has no exported member 'Tint'/);

    const dts = run(process.execPath, [join(app, 'node_modules/.bin/hlslc'), '--dts', 'src/shaders/tint.frag.hlsl', 'src/shaders/MeshVS.hlsl']);
    expect(dts.output).toBe('');
    expect(dts.status).toBe(0);
    expect(tsc()).toEqual({ status: 0, output: '' });

    const build = run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
    expect(build.output).toBe('');
    expect(build.status).toBe(0);
    expect(tsc()).toEqual({ status: 0, output: '' }); // the plugin's own declarations agree with hlslc's

    const assets = join(app, 'dist/assets');
    const spv = readdirSync(assets).filter((f) => f.endsWith('.spv'));
    expect(spv).toEqual([expect.stringMatching(/^MeshVS-.*\.spv$/)]); // tint.frag is small: inlined
    const entry = readdirSync(assets).find((f) => f.endsWith('.js'))!;
    // The browser would fetch the asset from the server's /assets/; here it comes from dist.
    const fetch = async (url: string) => new Response(readFileSync(join(app, 'dist', url)));
    const saved = globalThis.fetch;
    globalThis.fetch = fetch as typeof globalThis.fetch;
    let result: { tintBytes: number[]; cameraBytes: number[]; inlined: number; loaded: number; missing: boolean; stage: string };
    try {
      await import(pathToFileURL(join(assets, entry)).href);
      result = await (globalThis as { result?: Promise<typeof result> }).result!;
    } finally {
      globalThis.fetch = saved;
    }
    const f32 = (...values: number[]) => [...new Uint8Array(new Float32Array(values).buffer)];
    // cbuffer Tint { float4 colour; float strength; }: strength right after colour, the block padded to 16 bytes.
    expect(result.tintBytes).toEqual([...f32(1, 0.5, 0.25, 1, 2), ...new Array<number>(12).fill(0)]);
    // cbuffer Camera { float4x4 viewProjection; float3 eye; float time; }: eye at 64, time packed after it at 76.
    expect(result.cameraBytes).toEqual([...new Array<number>(64).fill(0), ...f32(1, 2, 3, 4)]);
    expect(result.inlined).toBe(0x07230203);
    expect(result.loaded).toBe(0x07230203);
    expect(result.missing).toBe(true);
    expect(result.stage).toBe('pixel');
  });
});
