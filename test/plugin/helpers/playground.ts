// The playground in headless Chromium with WebGPU on SwiftShader: a temp copy of playground/ (so
// tests may edit its shaders) served by a Vite dev server or built and previewed, a page opener
// that reports the page's console and errors when a wait fails, and the checks computed from the
// scenes' fixed inputs.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { PluginOption } from 'vite';
import { PLAYGROUND_ROOT, playgroundConfig } from '../../../playground/config.js';

export const CHROMIUM = '/usr/bin/chromium';
export const WEBGPU_ARGS = ['--headless=new', '--no-sandbox', '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'];
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export interface PlaygroundCopy {
  /** The copied playground directory (its shaders may be edited). */
  root: string;
  remove(): void;
}

/** playground/ copied beside links to the repository's fixtures, src and node_modules (which it imports). */
export function copyPlayground(): PlaygroundCopy {
  const dir = mkdtempSync(join(tmpdir(), 'hlsl-playground-'));
  const root = join(dir, 'playground');
  cpSync(PLAYGROUND_ROOT, root, { recursive: true, filter: (src) => !/[\\/](node_modules|dist)$/.test(src) });
  for (const name of ['fixtures', 'src', 'node_modules']) symlinkSync(join(REPO, name), join(dir, name));
  return { root, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startDevServer(root: string, plugins: PluginOption[]): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer, mergeConfig } = await import('vite');
  const server = await createServer(
    mergeConfig(playgroundConfig(plugins, root), { configFile: false, logLevel: 'silent', server: { port: 0, strictPort: false, host: '127.0.0.1' } }),
  );
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** `vite build` of the copy, then `vite preview` of its output. */
export async function buildAndPreview(root: string, plugins: PluginOption[]): Promise<{ url: string; close(): Promise<void> }> {
  const { build, preview, mergeConfig } = await import('vite');
  const outDir = join(root, 'dist');
  await build(mergeConfig(playgroundConfig(plugins, root), { configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true } }));
  const server = await preview(mergeConfig(playgroundConfig(plugins, root), { configFile: false, logLevel: 'silent', build: { outDir }, preview: { port: 0, strictPort: false, host: '127.0.0.1' } }));
  const { port } = server.httpServer.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

export function launchChromium(webgpu = true): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: webgpu ? WEBGPU_ARGS : ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-features=Vulkan'],
  });
}

export interface OpenedPage {
  page: Page;
  /** Everything the page logged, its errors and failed requests. */
  log: string[];
  /** Waits for `what`; on timeout throws with the page's log and body text. */
  wait<T>(what: Promise<T>): Promise<T>;
}

export async function openPage(browser: Browser, url: string): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const log: string[] = [];
  page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 400 && log.push(`HTTP ${r.status()} ${r.url()}`));
  const wait = <T>(what: Promise<T>): Promise<T> =>
    what.catch(async (e: Error) => {
      const body = await page.locator('body').innerText().catch(() => '');
      throw new Error(`${e.message}\npage log:\n${log.join('\n')}\nbody: ${body.slice(0, 3000)}`);
    });
  await page.goto(url);
  return { page, log, wait };
}

export interface Capture {
  width: number;
  height: number;
  rgba: Uint8Array;
}

export type SceneName = 'lit' | 'particles' | 'post';

/** Waits until the scenes render (or the page says why not), generous for a first load on a busy machine. */
export async function waitForScenes(opened: OpenedPage, minFrames = 3): Promise<void> {
  await opened.wait(
    opened.page.waitForFunction(
      (n) => ((window as unknown as { playground?: { frames: number } }).playground?.frames ?? 0) >= n || document.body.dataset.webgpu !== undefined,
      minFrames,
      { timeout: 120_000, polling: 100 },
    ),
  );
  const failed = await opened.page.evaluate(() => document.body.dataset.webgpu);
  if (failed !== undefined) {
    const status = await opened.page.locator('#gpu-status').innerText();
    throw new Error(`the scenes did not start (${failed}): ${status}\npage log:\n${opened.log.join('\n')}`);
  }
}

export async function capture(page: Page, name: SceneName): Promise<Capture> {
  type Captured = { width: number; height: number; rgba: string };
  const image = await page.evaluate((n) => (window as unknown as { playground: { capture(n: string): Promise<Captured> } }).playground.capture(n), name);
  return { width: image.width, height: image.height, rgba: new Uint8Array(Buffer.from(image.rgba, 'base64')) };
}

export function pixel(image: Capture, x: number, y: number): [number, number, number] {
  const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
  return [image.rgba[i]!, image.rgba[i + 1]!, image.rgba[i + 2]!];
}
