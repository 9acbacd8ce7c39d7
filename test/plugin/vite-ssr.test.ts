// Server-side rendering: a shader imported by SSR code, in the dev server (ssrLoadModule) and in an
// SSR build, gets the same SPIR-V and layouts as the client (inlined: a server has no asset URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spirvVal } from './helpers/spirv-val.js';

const root = new URL('../../fixtures/projects/vite-app/', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface SliceModule {
  spirv: Uint32Array;
  Params: { size: number; fields: Record<string, { offset: number }> };
  entryPoints: Record<string, { stage: string }>;
}

function expectSlice(mod: SliceModule): void {
  expect(mod.spirv).toBeInstanceOf(Uint32Array);
  expect(mod.spirv[0]).toBe(0x07230203);
  expect(mod.Params.size).toBe(144);
  expect(['time', 'tint', 'xform', 'counts'].map((f) => mod.Params.fields[f]!.offset)).toEqual([0, 4, 16, 80]);
  expect(mod.entryPoints.main!.stage).toBe('compute');
}

describe('Vite SSR', () => {
  it('ssrLoadModule in the dev server inlines the SPIR-V and exports the layouts', async () => {
    const { createServer } = await import('vite');
    const hlsl = (await import('../../src/vite.js')).default;
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [hlsl({ cache: false, inlineLimit: 0 })],
      server: { middlewareMode: true, hmr: false },
      appType: 'custom',
    });
    try {
      const mod = (await server.ssrLoadModule('/src/main.js')) as SliceModule;
      expectSlice(mod);
      const dir = mkdtempSync(join(tmpdir(), 'hlsl-ssr-'));
      dirs.push(dir);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, 'slice.spv'), mod.spirv);
      spirvVal(join(dir, 'slice.spv'));
    } finally {
      await server.close();
    }
  });

  it('an SSR build inlines the SPIR-V so the server bundle is self-contained', async () => {
    const { build } = await import('vite');
    const hlsl = (await import('../../src/vite.js')).default;
    const outDir = mkdtempSync(join(tmpdir(), 'hlsl-ssr-build-'));
    dirs.push(outDir);
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [hlsl({ cache: false, inlineLimit: 0 })],
      build: { ssr: 'src/main.js', outDir, emptyOutDir: true, minify: false, rollupOptions: { output: { entryFileNames: 'main.js' } } },
    });
    const mod = (await import(pathToFileURL(join(outDir, 'main.js')).href)) as SliceModule;
    expectSlice(mod);
  });
});
