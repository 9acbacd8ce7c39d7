// The playground page in headless Chromium: the slice shader's layout table shows the manual's
// offsets and the SPIR-V disassembly renders (spirv-tools wasm loaded through Vite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import hlsl from '../../src/vite.js';

const CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('../../playground/', import.meta.url));

describe.skipIf(!existsSync(CHROMIUM))(`playground (needs ${CHROMIUM}: apt-get install chromium)`, () => {
  let server: ViteDevServer;
  let browser: Browser;

  beforeAll(async () => {
    // The playground's vite.config.ts uses the built plugin; here the source one, same options.
    server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [hlsl({ cache: false })],
      server: { port: 0, strictPort: false, host: '127.0.0.1', fs: { allow: [fileURLToPath(new URL('../../', import.meta.url))] } },
      // As playground/vite.config.ts: pre-bundled at start, so the first load is not interrupted by a re-optimisation reload.
      optimizeDeps: { include: ['spirv-tools'] },
    });
    await server.listen();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the Params layout table and the disassembly', async () => {
    const { port } = server.httpServer!.address() as AddressInfo;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Everything the page logs, for the failure message if the page never renders.
    const log: string[] = [];
    page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
    page.on('response', (r) => r.status() >= 400 && log.push(`HTTP ${r.status()} ${r.url()}`));
    await page.goto(`http://127.0.0.1:${port}/`);
    const params = page.locator('section[data-shader="slice.hlsl"] table.layout[data-layout="Params"]');
    // The first load optimises dependencies and loads the spirv-tools wasm: slow on a loaded 2-core machine.
    await params.waitFor({ timeout: 120_000 }).catch(async (e: Error) => {
      const body = await page.locator('body').innerText().catch(() => '');
      throw new Error(`${e.message}\npage errors: ${errors.join('; ')}\nconsole: ${log.join('\n')}\nbody: ${body.slice(0, 2000)}`);
    });
    expect(await params.locator('caption').textContent()).toBe('Params (144 bytes)');
    const rows = await params.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (td) => td.textContent)));
    expect(rows).toEqual([
      ['time', '0', '4', 'f32'],
      ['tint', '4', '12', 'f32x3'],
      ['xform', '16', '64', 'f32 4x4'],
      ['counts', '80', '64', 'i32[4]'],
    ]);
    const disassembly = page.locator('section[data-shader="slice.hlsl"] pre.disassembly');
    await expect.poll(() => disassembly.textContent(), { timeout: 120_000 }).toContain('OpEntryPoint GLCompute');
    await page.screenshot({ path: '/tmp/unplugin-hlsl-playground.png', fullPage: true });
    expect(errors).toEqual([]);
  }, 300_000);
});
