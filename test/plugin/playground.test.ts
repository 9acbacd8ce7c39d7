// The playground in headless Chromium, WebGPU on SwiftShader: each scene renders and the pixels read
// back match values computed here from the scenes' fixed inputs (the lit colour of a texel under
// the light array through both matrix majornesses, every live particle drawn and counted, the
// blur recomputed from the unblurred image); hot updates swap pipelines without a reload; an error
// in an include shows the overlay and keeps the last pipeline; the production build renders too;
// without WebGPU the page says so and still shows the fixture tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import hlsl from '../../src/vite.js';
import { LIT_SCENE } from '../../playground/scenes/lit.js';
import { initialParticles, PARTICLES } from '../../playground/scenes/particles.js';
import { POST } from '../../playground/scenes/post.js';
import {
  buildAndPreview, capture, CHROMIUM, copyPlayground, launchChromium, openPage, pixel, startDevServer, waitForScenes,
  type Capture, type OpenedPage, type PlaygroundCopy,
} from './helpers/playground.js';

const SIZE = 256;
const plugins = () => [hlsl({ cache: false })];

/** Where a world-space point lands on the canvas, for the test-mode camera (eye (0,0,4), fov 45°). */
function project(world: [number, number, number]): [number, number] {
  const f = 1 / Math.tan(Math.PI / 8);
  const depth = 4 - world[2];
  return [((f * world[0]) / depth + 1) / 2 * SIZE, (1 - (f * world[1]) / depth) / 2 * SIZE];
}

/** The lit colour of the +Z face at texture coordinate (u, v): texel colour x (ambient + Σ Lambert). `lightScale` scales the lights. */
function litExpectation(u: number, v: number, lightScale = 1): { at: [number, number]; rgb: number[] } {
  const quadrant = (v < 0.5 ? 0 : 2) + (u < 0.5 ? 0 : 1);
  const normal = [0, 0, 1];
  const light = [...LIT_SCENE.ambient];
  for (const l of LIT_SCENE.lights) {
    const length = Math.hypot(...l.direction);
    const lambert = Math.max(0, Math.min(1, l.direction.reduce((s, d, i) => s + (d / length) * normal[i]!, 0)));
    for (let c = 0; c < 3; c++) light[c] += l.color[c]! * l.intensity * lambert * lightScale;
  }
  // Face point for (u, v): x = 2u - 1, y = 1 - 2v, z = 1; the model matrix translates it.
  const model = LIT_SCENE.model;
  const world: [number, number, number] = [2 * u - 1 + model[12]!, 1 - 2 * v + model[13]!, 1 + model[14]!];
  return { at: project(world), rgb: LIT_SCENE.quadrants[quadrant]!.map((t, c) => Math.min(255, t * light[c]!)) };
}

function expectClose(actual: number[], expected: number[], tolerance: number, what: string): void {
  const worst = Math.max(...actual.map((a, i) => Math.abs(a - expected[i]!)));
  expect(worst, `${what}: got ${actual.join(',')}, expected ${expected.map((e) => e.toFixed(1)).join(',')}`).toBeLessThanOrEqual(tolerance);
}

async function checkLit(page: Page, lightScale = 1): Promise<Capture> {
  const image = await capture(page, 'lit');
  for (const [u, v] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
    const { at, rgb } = litExpectation(u, v, lightScale);
    expectClose(pixel(image, at[0], at[1]), rgb, 3, `lit texel at uv (${u}, ${v}), pixel (${at.map((a) => a.toFixed(1))})`);
  }
  expectClose(pixel(image, 3, 3), [LIT_SCENE.clear.r, LIT_SCENE.clear.g, LIT_SCENE.clear.b].map((c) => c * 255), 1, 'background');
  return image;
}

/** Every live particle's centre shows its colour, every dead one's the background; the atomic count agrees. */
async function checkParticles(page: Page): Promise<void> {
  const image = await capture(page, 'particles');
  const particles = initialParticles() as { position: number[]; color: number[]; life: number }[];
  const background = [PARTICLES.clear.r, PARTICLES.clear.g, PARTICLES.clear.b].map((c) => c * 255);
  let drawn = 0;
  for (const p of particles) {
    const [x, y] = [((p.position[0]! + 1) / 2) * SIZE, ((1 - p.position[1]!) / 2) * SIZE];
    const seen = pixel(image, x, y);
    if (p.life > 0) {
      expectClose(seen, p.color.slice(0, 3).map((c) => c * 255), 2, `particle at ${p.position.join(',')}`);
      drawn++;
    } else {
      expectClose(seen, background, 1, `dead particle at ${p.position.join(',')}`);
    }
  }
  const live = particles.filter((p) => p.life > 0).length;
  expect(drawn).toBe(live);
  await page.waitForFunction((n) => (window as unknown as { playground: { liveCount: number } }).playground.liveCount === n, live, { timeout: 10_000 });
}

/** The post canvas is the radius-2 box blur (edge-clamped) of the lit image, scaled by `exposure`. */
async function checkPost(page: Page, exposure = POST.exposure): Promise<void> {
  const lit = await capture(page, 'lit');
  const post = await capture(page, 'post');
  let worst = 0;
  let blurredEdges = 0;
  for (let y = 0; y < SIZE; y += 3) {
    for (let x = 0; x < SIZE; x += 3) {
      const sum = [0, 0, 0];
      for (let dy = -POST.radius; dy <= POST.radius; dy++) {
        for (let dx = -POST.radius; dx <= POST.radius; dx++) {
          const p = pixel(lit, Math.min(SIZE - 1, Math.max(0, x + dx)), Math.min(SIZE - 1, Math.max(0, y + dy)));
          for (let c = 0; c < 3; c++) sum[c] += p[c]!;
        }
      }
      const taps = (2 * POST.radius + 1) ** 2;
      const expected = sum.map((s) => Math.min(255, (s / taps) * exposure));
      const seen = pixel(post, x, y);
      worst = Math.max(worst, ...seen.map((s, c) => Math.abs(s - expected[c]!)));
      if (Math.abs(seen[0]! - pixel(lit, x, y)[0]! * exposure) > 20) blurredEdges++;
    }
  }
  expect(worst, 'largest difference from the blur computed here').toBeLessThanOrEqual(2);
  // The cube's edges really are blurred (not a copy of the lit image).
  expect(blurredEdges).toBeGreaterThan(20);
}

describe.skipIf(!existsSync(CHROMIUM))(`playground in Chromium with WebGPU (needs ${CHROMIUM})`, () => {
  let copy: PlaygroundCopy;
  let browser: Browser;

  beforeAll(async () => {
    copy = copyPlayground();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    copy?.remove();
  });

  describe('dev server', () => {
    let server: { url: string; close(): Promise<void> };
    let opened: OpenedPage;

    beforeAll(async () => {
      server = await startDevServer(copy.root, plugins());
      const started = Date.now();
      opened = await openPage(browser, `${server.url}?test`);
      await waitForScenes(opened);
      console.log(`playground dev: first load to rendered frames ${Date.now() - started} ms`);
    }, 180_000);

    afterAll(async () => {
      await opened?.page.close();
      await server?.close();
    });

    it('renders the lit mesh with the colours computed from its texture, lights and matrices', async () => {
      await checkLit(opened.page);
    });

    it('simulates and draws every live particle, and counts them with the atomic', async () => {
      await checkParticles(opened.page);
    });

    it('blurs the lit scene in the post process', async () => {
      await checkPost(opened.page);
    });

    it('shows each scene’s entry points, bindings, vertex attributes, layouts and generated WGSL', async () => {
      const lit = opened.page.locator('section[data-scene="lit"]');
      expect(await lit.locator('table.entry-points td').allTextContents()).toEqual(expect.arrayContaining(['vsMain', 'vertex', 'psMain', 'pixel']));
      expect(await lit.locator('table.layout[data-layout="Camera"] td').allTextContents()).toEqual(expect.arrayContaining(['viewProj', 'model', 'eye']));
      expect(await lit.locator('table.vertex-inputs tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (td) => td.textContent)))).toEqual([
        ['vsMain', 'POSITION', '0', 'float32x3', '12'],
        ['vsMain', 'NORMAL', '1', 'float32x3', '12'],
        ['vsMain', 'TEXCOORD0', '2', 'float32x2', '8'],
      ]);
      expect(await lit.locator('pre.wgsl').textContent()).toMatch(/@vertex/);
      expect(await opened.page.locator('section[data-scene="particles"] pre.wgsl').textContent()).toMatch(/@compute/);
    });

    it('swaps pipelines on shader edits without a reload; an include error shows the overlay and keeps the last pipeline; the fix updates the canvas', async () => {
      const originals = ['shaders/post.hlsl', 'shaders/lighting.hlsli'].map((f) => [join(copy.root, f), readFileSync(join(copy.root, f), 'utf8')] as const);
      try {
        await editShaders();
      } finally {
        // The later tests build and serve the same copy: it must compile again.
        for (const [file, text] of originals) writeFileSync(file, text);
      }
    }, 120_000);

    async function editShaders(): Promise<void> {
      const { page } = opened;
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'set before the edits'));
      const swaps = (name: string) => page.evaluate((n) => (window as unknown as { playground: { swaps: Record<string, number> } }).playground.swaps[n]!, name);

      // A shader edit: the post pipeline is swapped, the blur halves.
      const post = join(copy.root, 'shaders/post.hlsl');
      const postSource = readFileSync(post, 'utf8');
      const before = await swaps('post');
      let edited = Date.now();
      writeFileSync(post, postSource.replace('sum / taps * exposure', 'sum / taps * (exposure * 0.5)'));
      await opened.wait(page.waitForFunction((n) => (window as unknown as { playground: { swaps: { post: number } } }).playground.swaps.post > n, before, { timeout: 30_000 }));
      console.log(`playground dev: post.hlsl edit to swapped pipeline ${Date.now() - edited} ms`);
      await checkPost(page, POST.exposure * 0.5);

      // An error in an include of lit.hlsl: the overlay points at it, the lit scene keeps drawing.
      const include = join(copy.root, 'shaders/lighting.hlsli');
      const includeSource = readFileSync(include, 'utf8');
      const broken = includeSource.replace('saturate(dot(normal, normalize(light.direction)))', 'saturate(dot(normal, normalize(light.direction))) +');
      const line = broken.split('\n').findIndex((l) => l.includes(')) +')) + 1;
      await new Promise((r) => setTimeout(r, 200));
      writeFileSync(include, broken);
      const overlay = page.locator('vite-error-overlay');
      await opened.wait(overlay.waitFor({ timeout: 30_000 }));
      expect(await overlay.locator('.file').textContent()).toMatch(new RegExp(`${include.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:${line}:\\d+$`));
      // Vite's frame layout: the line number padded to 3 columns, then `|`.
      expect(await overlay.locator('.frame').textContent()).toContain(`${String(line).padEnd(3)}|  ${broken.split('\n')[line - 1]}`);
      await checkLit(page);

      // The fix (lights at half strength): the overlay goes, the lit pipeline is swapped in.
      const litSwaps = await swaps('lit');
      edited = Date.now();
      writeFileSync(include, includeSource.replace('return light.color * (light.intensity', 'return light.color * (0.5 * light.intensity'));
      await opened.wait(page.waitForFunction((n) => (window as unknown as { playground: { swaps: { lit: number } } }).playground.swaps.lit > n, litSwaps, { timeout: 30_000 }));
      console.log(`playground dev: include fix to swapped pipeline ${Date.now() - edited} ms`);
      await overlay.waitFor({ state: 'detached', timeout: 10_000 });
      await checkLit(page, 0.5);
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('set before the edits');
      expect(opened.log.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    }
  });

  describe('production build', () => {
    it('renders every scene from the built bundle', async () => {
      const server = await buildAndPreview(copy.root, plugins());
      const opened = await openPage(browser, `${server.url}?test`);
      try {
        await waitForScenes(opened);
        await checkLit(opened.page);
        await checkParticles(opened.page);
        await checkPost(opened.page);
      } finally {
        await opened.page.close();
        await server.close();
      }
    }, 180_000);
  });

  describe('without WebGPU', () => {
    it('says so plainly and still shows the fixture tables and disassembly', async () => {
      const plain = await launchChromium(false);
      const server = await startDevServer(copy.root, plugins());
      try {
        const opened = await openPage(plain, server.url);
        const status = opened.page.locator('#gpu-status');
        await opened.wait(status.filter({ hasText: 'WebGPU' }).waitFor({ timeout: 120_000 }));
        expect(await status.textContent()).toMatch(/no WebGPU|no GPU adapter/);
        const params = opened.page.locator('section[data-shader="slice.hlsl"] table.layout[data-layout="Params"]');
        await opened.wait(params.waitFor({ timeout: 60_000 }));
        const rows = await params.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (td) => td.textContent)));
        expect(rows).toEqual([
          ['time', '0', '4', 'f32'],
          ['tint', '4', '12', 'f32x3'],
          ['xform', '16', '64', 'f32 4x4'],
          ['counts', '80', '64', 'i32[4]'],
        ]);
        const disassembly = opened.page.locator('section[data-shader="slice.hlsl"] pre.disassembly');
        await expect.poll(() => disassembly.textContent(), { timeout: 60_000 }).toContain('OpEntryPoint GLCompute');
        // The scene cards still show what each shader declares.
        expect(await opened.page.locator('section[data-scene="lit"] table.bindings td').allTextContents()).toEqual(expect.arrayContaining(['Camera', 'Lights', 'albedo']));
      } finally {
        await plain.close();
        await server.close();
      }
    }, 240_000);
  });
});
