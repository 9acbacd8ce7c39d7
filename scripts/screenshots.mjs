// Renders each playground scene in headless Chromium (WebGPU on SwiftShader) and writes the PNGs the
// README shows to playground/screenshots/. Run after `npm run build` (the playground uses the built
// plugin): `node scripts/screenshots.mjs`.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../playground/', import.meta.url));
const out = fileURLToPath(new URL('../playground/screenshots/', import.meta.url));
const WEBGPU_ARGS = ['--headless=new', '--no-sandbox', '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'];

mkdirSync(out, { recursive: true });
const server = await createServer({ configFile: `${root}vite.config.ts`, logLevel: 'warn', server: { port: 0, strictPort: false, host: '127.0.0.1' } });
await server.listen();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: WEBGPU_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const log = [];
  page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
  await page.goto(`http://127.0.0.1:${server.httpServer.address().port}/`);
  // Enough frames for the particles to have moved from their grid.
  await page
    .waitForFunction(() => (window.playground?.frames ?? 0) >= 60 || document.body.dataset.webgpu !== undefined, null, { timeout: 120_000 })
    .catch((e) => {
      throw new Error(`${e.message}\n${log.join('\n')}`);
    });
  const failed = await page.evaluate(() => document.body.dataset.webgpu);
  if (failed) throw new Error(`the scenes did not start: ${await page.locator('#gpu-status').innerText()}`);
  for (const scene of ['lit', 'particles', 'post']) {
    const path = `${out}${scene}.png`;
    await page.locator(`section[data-scene="${scene}"] canvas`).screenshot({ path });
    console.log(`wrote ${path}`);
  }
} finally {
  await browser.close();
  await server.close();
}
