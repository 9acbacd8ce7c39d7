// Hot updates of shaders in a real page (headless Chromium on a Vite dev server), the way an
// ordinary app uses them: an importer's `import.meta.hot.accept('./x.hlsl', cb)` gets the new
// module, an app with no acceptor reloads, `onShaderUpdate` subscribers get it in place, Vite's
// overlay shows a compile error in an include with file:line:col and its code frame, and fixing the
// include (also after a failed first load) brings the page back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import hlsl from '../../src/vite.js';
import { tempCopy, type TempDir } from './helpers/temp-project.js';

const CHROMIUM = '/usr/bin/chromium';
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const HMR_RUNTIME = fileURLToPath(new URL('../../src/hmr-runtime.ts', import.meta.url));

/** A compute shader whose workgroup width the page reads from the generated module's entryPoints. */
const shader = (width: number, prelude = ''): string =>
  `${prelude}RWStructuredBuffer<float> data : register(u0);\n[numthreads(${width}, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { data[id.x] = twice(data[id.x]); }\n`;
const GOOD_INCLUDE = 'float twice(float x) {\n  return x * 2.0;\n}\n';
const BAD_INCLUDE = 'float twice(float x) {\n  return x * 2.0 +;\n}\n';

/** One page per way of using a shader; each reads its own shader so edits do not cross. */
const PAGES: Record<string, string> = {
  'accept.js': `import * as shader from './accept.hlsl';
window.width = shader.entryPoints.main.workgroupSize.x;
import.meta.hot.accept('./accept.hlsl', (next) => { window.width = next.entryPoints.main.workgroupSize.x; });`,
  'plain.js': `import * as shader from './plain.hlsl';
window.width = shader.entryPoints.main.workgroupSize.x;`,
  'subscribe.js': `import * as shader from './subscribe.hlsl';
import { onShaderUpdate } from ${JSON.stringify(HMR_RUNTIME)};
window.width = shader.entryPoints.main.workgroupSize.x;
onShaderUpdate(shader, (next) => { window.width = next.entryPoints.main.workgroupSize.x; });`,
  'first-load.js': `import * as shader from './first-load.hlsl';
window.width = shader.entryPoints.main.workgroupSize.x;`,
};

describe.skipIf(!existsSync(CHROMIUM))(`shader HMR in Chromium (needs ${CHROMIUM})`, () => {
  let project: TempDir;
  let server: ViteDevServer;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    project = tempCopy();
    for (const [file, code] of Object.entries(PAGES)) {
      writeFileSync(project.path(file), code);
      writeFileSync(project.path(file.replace('.js', '.html')), `<!doctype html><link rel="icon" href="data:,"><script type="module" src="./${file}"></script>`);
    }
    for (const name of ['accept', 'plain', 'subscribe']) writeFileSync(project.path(`${name}.hlsl`), shader(8, 'float twice(float x) { return x * 2.0; }\n'));
    writeFileSync(project.path('twice.hlsli'), GOOD_INCLUDE);
    writeFileSync(project.path('subscribe.hlsl'), shader(8, '#include "twice.hlsli"\n'));
    writeFileSync(project.path('first-load.hlsli'), BAD_INCLUDE);
    writeFileSync(project.path('first-load.hlsl'), shader(4, '#include "first-load.hlsli"\n'));
    server = await createServer({
      root: project.dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [hlsl({ cache: false })],
      server: { port: 0, strictPort: false, host: '127.0.0.1', fs: { allow: [project.dir, REPO] } },
    });
    await server.listen();
    origin = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    project?.remove();
  });

  /** Opens a page and waits for its module to run; the page's console and errors go into failure messages. */
  async function open(name: string, ready: (page: Page) => Promise<unknown>): Promise<{ page: Page; log: string[] }> {
    const page = await browser.newPage();
    const log: string[] = [];
    page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
    await page.goto(`${origin}/${name}.html`);
    await ready(page).catch((e: Error) => {
      throw new Error(`${e.message}\npage log:\n${log.join('\n')}`);
    });
    return { page, log };
  }

  const width = (page: Page) => page.evaluate(() => (window as unknown as { width?: number }).width);
  const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker);
  /** Set by the test, so a reload (which runs the page's modules again) loses it. */
  const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { marker: string }).marker = 'set before the edit'));
  const navigationType = (page: Page) => page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type);
  const waitForWidth = (page: Page, log: string[], expected: number) =>
    page.waitForFunction((w) => (window as unknown as { width?: number }).width === w, expected, { timeout: 30_000 }).catch(async (e: Error) => {
      throw new Error(`${e.message}\nwidth: ${await width(page)}\npage log:\n${log.join('\n')}`);
    });

  /** Saves a file as an editor does: not within the same instant as the previous write. */
  async function edit(file: string, text: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 200));
    writeFileSync(project.path(file), text);
  }

  it("calls an importer's accept callback with the new module, without a reload, also after an error in the file", async () => {
    const { page, log } = await open('accept', (p) => p.waitForFunction(() => (window as unknown as { width?: number }).width === 8, null, { timeout: 60_000 }));
    await setMarker(page);
    await edit('accept.hlsl', shader(16, 'float twice(float x) { return x * 2.0; }\n'));
    await waitForWidth(page, log, 16);
    expect(await marker(page)).toBe('set before the edit');
    expect(await navigationType(page)).toBe('navigate');

    // A compile error in the imported file itself: the overlay points at it; the fix reaches the callback.
    await edit('accept.hlsl', shader(16, 'float twice(float x) {\n  return x +;\n}\n'));
    const overlay = page.locator('vite-error-overlay');
    await overlay.waitFor({ timeout: 30_000 });
    expect(await overlay.locator('.file').textContent()).toBe(`${project.path('accept.hlsl')}:2:13`);
    await edit('accept.hlsl', shader(24, 'float twice(float x) { return x * 2.0; }\n'));
    await waitForWidth(page, log, 24);
    await overlay.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await marker(page)).toBe('set before the edit');
    await page.close();
  });

  it('reloads a page that does not accept the shader, so it never keeps stale data', async () => {
    const { page, log } = await open('plain', (p) => p.waitForFunction(() => (window as unknown as { width?: number }).width === 8, null, { timeout: 60_000 }));
    await setMarker(page);
    await edit('plain.hlsl', shader(32, 'float twice(float x) { return x * 2.0; }\n'));
    await waitForWidth(page, log, 32);
    expect(await marker(page)).toBeUndefined();
    expect(await navigationType(page)).toBe('reload');
    await page.close();
  });

  it('hands updates to onShaderUpdate subscribers in place; an error in an include shows in the overlay; the fix removes it', async () => {
    const { page, log } = await open('subscribe', (p) => p.waitForFunction(() => (window as unknown as { width?: number }).width === 8, null, { timeout: 60_000 }));
    await setMarker(page);
    await edit('subscribe.hlsl', shader(64, '#include "twice.hlsli"\n'));
    await waitForWidth(page, log, 64);
    expect(await marker(page)).toBe('set before the edit');

    await edit('twice.hlsli', BAD_INCLUDE);
    const overlay = page.locator('vite-error-overlay');
    await overlay.waitFor({ timeout: 30_000 });
    expect(await overlay.locator('.file').textContent()).toBe(`${project.path('twice.hlsli')}:2:19`);
    expect(await overlay.locator('.message-body').textContent()).toContain('error: expected expression');
    // The overlay's frame box, as Vite renders `err.frame` (empty unless the frame is in its `N |` layout).
    expect(await overlay.locator('.frame').textContent()).toBe(
      ['1  |  float twice(float x) {', '2  |    return x * 2.0 +;', '   |                    ^', '3  |  }', '4  |'].join('\n'),
    );
    await page.screenshot({ path: '/tmp/unplugin-hlsl-overlay.png' });

    await edit('twice.hlsli', GOOD_INCLUDE);
    await overlay.waitFor({ state: 'detached', timeout: 30_000 });
    await edit('subscribe.hlsl', shader(128, '#include "twice.hlsli"\n'));
    await waitForWidth(page, log, 128);
    expect(await marker(page)).toBe('set before the edit');
    expect(await navigationType(page)).toBe('navigate');
    await page.close();
  });

  it("reloads the page once an include that broke the shader's first load is fixed", async () => {
    const { page, log } = await open('first-load', (p) => p.locator('vite-error-overlay').waitFor({ timeout: 60_000 }));
    expect(await page.locator('vite-error-overlay .file').textContent()).toBe(`${project.path('first-load.hlsli')}:2:19`);
    await edit('first-load.hlsli', GOOD_INCLUDE);
    await waitForWidth(page, log, 4);
    expect(await page.locator('vite-error-overlay').count()).toBe(0);
    await page.close();
  });
});
