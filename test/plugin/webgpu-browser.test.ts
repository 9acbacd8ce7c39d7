// The WGSL target in a real browser: Vite builds fixtures/projects/webgpu-app with `target: 'wgsl'`,
// and headless Chromium (WebGPU on SwiftShader) runs the page. The page fills the uniform buffer with
// the generated writer (a float3 at byte 4, which WGSL's own uniform rules would not place there),
// creates the pipeline from the generated bindGroupLayouts, dispatches and reads the output back; then
// draws a triangle from a second shader (vertex layout from the generated vertexInputs, colour tint from
// its writer) and reads the pixels back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import hlsl from '../../src/vite.js';

const CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('../../fixtures/projects/webgpu-app/', import.meta.url));
// WebGPU in headless Chromium on SwiftShader's Vulkan (no GPU needed); never downloads a browser.
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'];

describe.skipIf(!existsSync(CHROMIUM))(`WGSL in headless Chromium (needs ${CHROMIUM}: apt-get install chromium)`, () => {
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'webgpu-app-'));
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [hlsl({ target: 'wgsl', cache: false })],
      build: { outDir, emptyOutDir: true },
    });
    server = await preview({ root, configFile: false, logLevel: 'silent', build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('dispatches and draws the imported shaders with buffers filled by the generated writers and reads the values and pixels back', async () => {
    const { port } = server.httpServer.address() as AddressInfo;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => document.body.dataset.status !== 'running', undefined, { timeout: 60_000 });
    const status = await page.evaluate(() => document.body.dataset.status);
    const text = await page.locator('#result').textContent();
    expect({ status, errors }, text ?? '').toEqual({ status: 'done', errors: [] });
    const result = JSON.parse(text!) as { workgroupSize: number; paramsSize: number; output: number[]; stride: number; top: number[]; bottom: number[] };
    expect(result.workgroupSize).toBe(4);
    expect(result.paramsSize).toBe(20); // scale @0, offset @4 (relaxed rule), count @16
    const expected = Array.from({ length: 8 }, (_, i) => (i < 6 ? [i * 2 + 10, i * 2 + 20, i * 2 + 30, 6] : [0, 0, 0, 0])).flat();
    expect(result.output).toEqual(expected);
    // float2 + float3 per vertex; colour (0.5, 1, 0.25) * tint (1, 0.5, 1, 1) in unorm8, y up.
    expect(result.stride).toBe(20);
    expect(result.top).toEqual([128, 128, 64, 255]);
    expect(result.bottom).toEqual([0, 0, 0, 255]);
  }, 180_000);
});
