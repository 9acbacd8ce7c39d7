// A real Vite dev server with the plugin: HMR messages for included files, the error overlay
// payload for a compile error (with a frame in the layout Vite's overlay renders), recovery (also
// for a shader whose first load failed), and the SPIR-V middleware.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import hlsl from '../../src/vite.js';
import { HmrClient } from './helpers/hmr-client.js';
import { tempCopy, type TempDir } from './helpers/temp-project.js';

let project: TempDir;
let server: ViteDevServer;
let client: HmrClient;
let origin: string;

beforeAll(async () => {
  project = tempCopy();
  // An include reached through Vite's resolve.alias, as imports are.
  mkdirSync(project.path('lib'));
  writeFileSync(project.path('lib/aliased.hlsli'), 'float shift(float x) { return x + 1.0; }\n');
  writeFileSync(
    project.path('uses-alias.hlsl'),
    '#include "@lib/aliased.hlsli"\nRWStructuredBuffer<float> data : register(u0);\n[numthreads(4, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { data[id.x] = shift(data[id.x]); }\n',
  );
  writeFileSync(project.path('main.js'), "import './uses-include.hlsl';\nimport './standalone.hlsl';\nimport './uses-alias.hlsl';\n");
  server = await createServer({
    root: project.dir,
    configFile: false,
    logLevel: 'silent',
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
    resolve: { alias: [{ find: '@lib', replacement: project.path('lib') }] },
    // Every SPIR-V module through the dev server's middleware.
    plugins: [hlsl({ cache: false, inlineLimit: 0 })],
  });
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  client = new HmrClient(`ws://127.0.0.1:${port}/?token=${server.config.webSocketToken}`);
  await client.next((p) => p.type === 'connected', 0);
});

afterAll(async () => {
  client?.close();
  await server?.close();
  project?.remove();
});

/**
 * Writes a file as an editor would: not within the same instant as the previous write (the
 * watcher drops a change whose mtime equals the last one it saw).
 */
async function edit(file: string, text: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  writeFileSync(file, text);
}

const FIRST_LOAD_SHADER = (prelude: string): string =>
  `${prelude}RWStructuredBuffer<float> data : register(u0);\n[numthreads(4, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { data[id.x] = twice(data[id.x]); }\n`;

/** Fetches a module as the browser imports it (Vite serves non-JS files raw without `?import`). */
async function fetchModule(path: string): Promise<{ status: number; text: string }> {
  const url = new URL(path, origin);
  if (url.pathname.endsWith('.hlsl')) url.searchParams.set('import', '');
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('Vite dev server', () => {
  it('serves a shader module that tells subscribers or hands the update to its importers', async () => {
    for (const path of ['/main.js', '/uses-include.hlsl', '/standalone.hlsl']) {
      const { status, text } = await fetchModule(path);
      expect(status, text).toBe(200);
    }
    const { text } = await fetchModule('/uses-include.hlsl');
    expect(text).toContain('import.meta.hot.accept(');
    expect(text).toContain('import.meta.hot.invalidate(');
    expect(text).toMatch(/export const spirvUrl = \("\/@hlsl-spirv\/uses-include-[0-9a-f]{8}\.spv"\);/);
  });

  it('updates exactly the shaders that include an edited file', async () => {
    const from = client.count;
    await edit(project.path('common.hlsli'), 'float scale(float x) { return x * 3.0; }\n');
    const update = await client.next((p) => p.type === 'update', from);
    expect(update.updates!.map((u) => u.path)).toEqual(['/uses-include.hlsl']);
    expect(update.updates!.map((u) => u.acceptedPath)).toEqual(['/uses-include.hlsl']);
    const { status, text } = await fetchModule(`/uses-include.hlsl?t=${Date.now()}`);
    expect(status).toBe(200);
    expect(text).toContain('export const spirvUrl');
  });

  it('follows an include reached through resolve.alias', async () => {
    expect((await fetchModule('/uses-alias.hlsl')).status).toBe(200);
    const from = client.count;
    await edit(project.path('lib/aliased.hlsli'), 'float shift(float x) { return x + 2.0; }\n');
    const update = await client.next((p) => p.type === 'update', from);
    expect(update.updates!.map((u) => u.path)).toEqual(['/uses-alias.hlsl']);
  });

  it('reports a compile error in an included file with its file, line and column, then recovers', async () => {
    let from = client.count;
    await edit(project.path('common.hlsli'), 'float scale(float x) {\n  return x * 2.0 +;\n}\n');
    await client.next((p) => p.type === 'update', from);
    // The browser re-imports the module; the failed transform is sent to the overlay.
    const failed = await fetchModule(`/uses-include.hlsl?t=${Date.now()}`);
    expect(failed.status).toBe(500);
    const error = await client.next((p) => p.type === 'error', from);
    expect(error.err!.loc).toEqual({ file: project.path('common.hlsli'), line: 2, column: 19 });
    // Vite's overlay shows a frame only when its lines match this (vite/dist/client/client.mjs).
    expect(error.err!.frame).toMatch(/^(?:>?\s*\d+\s+\|.*|\s+\|\s*\^.*)$/m);
    expect(error.err!.frame!.split('\n')).toEqual([
      '1  |  float scale(float x) {',
      '2  |    return x * 2.0 +;',
      '   |                    ^',
      '3  |  }',
      '4  |  ',
    ]);
    expect(error.err!.message).toContain(`${project.path('common.hlsli')}:2:19: error:`);

    from = client.count;
    await edit(project.path('common.hlsli'), 'float scale(float x) { return x * 2.0; }\n');
    const update = await client.next((p) => p.type === 'update', from);
    expect(update.updates!.map((u) => u.path)).toEqual(['/uses-include.hlsl']);
    const fixed = await fetchModule(`/uses-include.hlsl?t=${Date.now()}`);
    expect(fixed.status).toBe(200);
  });

  it('recovers from a compile error in the imported file itself', async () => {
    const source = readFileSync(project.path('standalone.hlsl'), 'utf8');
    let from = client.count;
    await edit(project.path('standalone.hlsl'), source.replace('id.x * 3u;', 'id.x * ;'));
    await client.next((p) => p.type === 'update', from);
    const failed = await fetchModule(`/standalone.hlsl?t=${Date.now()}`);
    expect(failed.status).toBe(500);
    const error = await client.next((p) => p.type === 'error', from);
    expect(error.err!.loc!.file).toBe(project.path('standalone.hlsl'));

    from = client.count;
    await edit(project.path('standalone.hlsl'), source.replace('id.x * 3u;', 'id.x * 5u;'));
    const update = await client.next((p) => p.type === 'update', from);
    expect(update.updates!.map((u) => u.path)).toEqual(['/standalone.hlsl']);
    expect((await fetchModule(`/standalone.hlsl?t=${Date.now()}`)).status).toBe(200);
  });

  // The page's first import of the shader failed, so Vite never analysed the module: an update
  // cannot reach it and the page must reload once the shader compiles again.
  for (const [name, broken, fixed] of [
    ['an included file', 'first-load.hlsli', 'first-load.hlsl'],
    ['the imported file', 'first-load-self.hlsl', 'first-load-self.hlsl'],
  ] as const) {
    it(`reloads the page when ${name} is fixed after the shader's first load failed`, async () => {
      writeFileSync(project.path('first-load.hlsli'), 'float twice(float x) { return x +; }\n');
      writeFileSync(project.path('first-load.hlsl'), FIRST_LOAD_SHADER('#include "first-load.hlsli"\n'));
      writeFileSync(project.path('first-load-self.hlsl'), FIRST_LOAD_SHADER('float twice(float x) { return x +; }\n'));
      const failed = await fetchModule(`/${fixed}`);
      expect(failed.status).toBe(500);
      expect(failed.text).toContain(`${project.path(broken)}:1:34: error: expected expression`);

      const after = client.count;
      await edit(project.path(broken), broken.endsWith('.hlsli') ? 'float twice(float x) { return x * 2.0; }\n' : FIRST_LOAD_SHADER('float twice(float x) { return x * 2.0; }\n'));
      const reload = await client.next((p) => p.type === 'full-reload' || p.type === 'update', after);
      expect(reload).toMatchObject({ type: 'full-reload', path: '*', triggeredBy: project.path(broken) });
      expect((await fetchModule(`/${fixed}?t=${Date.now()}`)).status).toBe(200);
    });
  }

  it('serves SPIR-V above the inline limit from its middleware', async () => {
    const { text } = await fetchModule('/slice.hlsl');
    const url = /export const spirvUrl = \("([^"]+\.spv)"\);/.exec(text)?.[1];
    expect(url).toMatch(/^\/@hlsl-spirv\/slice-[0-9a-f]{8}\.spv$/);
    const response = await fetch(`${origin}${url}`);
    expect(response.status).toBe(200);
    const words = new Uint32Array(await response.arrayBuffer());
    expect(words[0]).toBe(0x07230203);
  });
});
