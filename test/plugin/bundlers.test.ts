// The slice shader through every bundler's production build with the real compiler: the emitted
// `.spv` asset is valid SPIR-V, the built module exports the manual's cbuffer layout, its writer
// puts bytes at those offsets and loadSpirv() reads the emitted file back.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HlslPluginOptions } from '../../plugin/options.js';
import { esbuildBuild, rollupBuild, rspackBuild, viteBuild, webpackBuild, type BuildOutput } from './helpers/bundlers.js';
import { spirvVal } from './helpers/spirv-val.js';

const outDirs: string[] = [];
afterAll(() => outDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// Every module as an asset (the slice is under the default 4 KiB inline limit), no disk cache.
const OPTIONS: HlslPluginOptions = { inlineLimit: 0, cache: false };

const BUILDS: Record<string, (outDir: string, options: HlslPluginOptions) => Promise<BuildOutput>> = {
  vite: viteBuild,
  rollup: rollupBuild,
  webpack: webpackBuild,
  esbuild: esbuildBuild,
  rspack: rspackBuild,
};

function spvFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.spv')).map((f) => join(dir, f));
}

interface Layout {
  size: number;
  fields: Record<string, { offset: number }>;
  create(value: unknown): ArrayBuffer;
}

describe.each(Object.keys(BUILDS))('%s build', (bundler) => {
  it('emits valid SPIR-V and exports the Params layout and writer', async () => {
    const outDir = mkdtempSync(join(tmpdir(), `hlsl-${bundler}-`));
    outDirs.push(outDir);
    const { entry } = await BUILDS[bundler]!(outDir, OPTIONS);

    const assets = spvFiles(outDir);
    expect(assets).toHaveLength(1);
    spirvVal(assets[0]!);

    const mod = (await import(pathToFileURL(entry).href)) as { Params: Layout; loadSpirv(): Promise<Uint32Array>; spirv?: unknown };
    expect(mod.spirv).toBeUndefined(); // not inlined
    const { Params } = mod;
    // Manual, "Vector-relaxed std140" for cbuffers: float at 0, float3 packs at 4, float4x4 at 16, int[4] (stride 16) at 80.
    expect(Params.size).toBe(144);
    expect(['time', 'tint', 'xform', 'counts'].map((f) => Params.fields[f]!.offset)).toEqual([0, 4, 16, 80]);

    const xform = Array.from({ length: 16 }, (_, i) => i + 0.5);
    const bytes = Params.create({ time: 1.5, tint: [1, 2, 3], xform, counts: [7, -8, 9, 10] });
    const f32 = new Float32Array(bytes);
    const i32 = new Int32Array(bytes);
    expect(bytes.byteLength).toBe(144);
    expect(f32[0]).toBe(1.5);
    expect([f32[1], f32[2], f32[3]]).toEqual([1, 2, 3]);
    // Column-major input into a column_major matrix (HLSL default): memory order equals input order.
    expect(Array.from(f32.subarray(4, 20))).toEqual(xform);
    expect([i32[20], i32[24], i32[28], i32[32]]).toEqual([7, -8, 9, 10]);

    const words = await mod.loadSpirv();
    expect(Buffer.from(words.buffer, words.byteOffset, words.byteLength).equals(readFileSync(assets[0]!))).toBe(true);
  });
});
