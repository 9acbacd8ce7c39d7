// `#include` resolves as an `import` of the same specifier would: after the including file's folder
// and the include directories come the bundler's aliases and packages in node_modules (a package's
// `exports` honoured, a workspace link and pnpm's symlinked layout too). Real builds with each
// bundler's own alias configuration; a miss lists every place searched.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../compiler/index.js';
import { ShaderCore } from '../../plugin/core.js';
import { nodeHost } from '../../plugin/node-host.js';
import { resolveOptions, type HlslPluginOptions } from '../../plugin/options.js';
import { validateSpirv } from '../helpers/tools.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A project whose shader includes from a package with `exports`, a workspace link, a pnpm layout and an alias. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'hlsl-includes-'));
  dirs.push(root);
  write(root, {
    // A published shader library: only `./shaders/*` is exported.
    'node_modules/noise-lib/package.json': JSON.stringify({ name: 'noise-lib', version: '1.0.0', exports: { './shaders/*': './src/*' } }),
    'node_modules/noise-lib/src/hash.hlsl': 'uint hash(uint x) { x ^= x >> 16; x *= 0x7feb352dU; return x ^ (x >> 15); }\n',
    // Not in `exports` (which maps JavaScript only, as lygia's does): found in the package folder.
    'node_modules/noise-lib/extra/scale.hlsli': 'uint scaled(uint x) { return x * 2; }\n',
    // A workspace package, linked into node_modules.
    'packages/ws-common/package.json': JSON.stringify({ name: 'ws-common', version: '0.0.0' }),
    'packages/ws-common/common.hlsli': '#pragma once\nstatic const uint SCALE = 3;\n',
    // pnpm: the package lives in node_modules/.pnpm/<name>@<version>/node_modules/<name>, linked at top level.
    'node_modules/.pnpm/pnpm-lib@2.0.0/node_modules/pnpm-lib/package.json': JSON.stringify({ name: 'pnpm-lib', version: '2.0.0' }),
    'node_modules/.pnpm/pnpm-lib@2.0.0/node_modules/pnpm-lib/offset.hlsli': 'static const uint OFFSET = 7;\n',
    // Project shaders reached through an alias.
    'src/lib/consts.hlsli': 'static const uint BASE = 100;\n',
    'src/shader.hlsl': [
      '#include "noise-lib/shaders/hash.hlsl"',
      '#include <ws-common/common.hlsli>',
      '#include "pnpm-lib/offset.hlsli"',
      '#include "@shaders/consts.hlsli"',
      '#include "noise-lib/extra/scale.hlsli"',
      'RWStructuredBuffer<uint> result : register(u0);',
      '[numthreads(1, 1, 1)] void main() { result[0] = scaled(hash(BASE)) * SCALE + OFFSET; }',
      '',
    ].join('\n'),
    'src/main.js': "export * from './shader.hlsl';\n",
  });
  symlinkSync(join(root, 'packages/ws-common'), join(root, 'node_modules/ws-common'), 'dir');
  symlinkSync(join(root, 'node_modules/.pnpm/pnpm-lib@2.0.0/node_modules/pnpm-lib'), join(root, 'node_modules/pnpm-lib'), 'dir');
  return root;
}

const ALIAS = (root: string) => [{ find: '@shaders', replacement: join(root, 'src/lib') }];

describe('includes resolved like imports', () => {
  it('finds a package by its exports, a workspace link, a pnpm layout and an alias; reads real paths', () => {
    const root = project();
    const file = join(root, 'src/shader.hlsl');
    const host = nodeHost(ALIAS(root));
    const result = compile(readFileSync(file, 'utf8'), { filename: file, host, targetEnv: 'vulkan1.1' });
    expect(result.diagnostics.map((d) => formatDiagnostic(d, () => undefined))).toEqual([]);
    validateSpirv(result.spirv!);
    expect(result.files.slice(1).map((f) => f.slice(root.length))).toEqual([
      '/node_modules/noise-lib/src/hash.hlsl',
      '/packages/ws-common/common.hlsli',
      '/node_modules/.pnpm/pnpm-lib@2.0.0/node_modules/pnpm-lib/offset.hlsli',
      '/src/lib/consts.hlsli',
      '/node_modules/noise-lib/extra/scale.hlsli',
    ]);
  });

  it('a miss lists every place searched', () => {
    const root = project();
    const file = join(root, 'src/bad.hlsl');
    const source = '#include "noise-lib/src/none.hlsl"\n#include "missing-lib/x.hlsl"\n[numthreads(1,1,1)] void main() {}\n';
    const result = compile(source, { filename: file, host: nodeHost(), includeDirs: [join(root, 'inc')] });
    expect(result.diagnostics.map((d) => `${d.line}: ${d.message.replaceAll(root, '<root>')}`)).toEqual([
      `1: 'noise-lib/src/none.hlsl' file not found (searched <root>/src/noise-lib/src/none.hlsl, <root>/inc/noise-lib/src/none.hlsl, package 'noise-lib' in node_modules from <root>/src (not exported, and not in the package folder))`,
      `2: 'missing-lib/x.hlsl' file not found (searched <root>/src/missing-lib/x.hlsl, <root>/inc/missing-lib/x.hlsl, package 'missing-lib' in node_modules from <root>/src (not found))`,
    ]);
  });

  it('the plugin core passes its aliases on and keys its cache by them', async () => {
    const root = project();
    const core = new ShaderCore(resolveOptions({ cache: false, alias: { '@shaders': join(root, 'src/lib') } }, root));
    const loaded = await core.load(join(root, 'src/shader.hlsl'));
    expect(loaded.watchFiles).toContain(join(root, 'src/lib/consts.hlsli'));
    // The linked workspace package is watched (its real folder); installed packages are not.
    expect(loaded.watchFiles).toContain(join(root, 'packages/ws-common/common.hlsli'));
    expect(loaded.watchFiles.filter((f) => f.includes('node_modules'))).toEqual([]);
    await core.close();
    const without = new ShaderCore(resolveOptions({ cache: false }, root));
    await expect(without.load(join(root, 'src/shader.hlsl'))).rejects.toThrow(/'@shaders\/consts.hlsli' file not found/);
    await without.close();
  });
});

/** webpack and Rspack share their configuration: resolve.alias is where the include alias lives. */
async function webpackLikeBuild(root: string, out: string, bundler: (config: unknown) => Runner, hlsl: (options: HlslPluginOptions) => unknown): Promise<void> {
  const compiler = bundler({
    mode: 'production', context: root, entry: './src/main.js', target: 'node', devtool: false,
    optimization: { minimize: false }, experiments: { outputModule: true },
    output: { path: out, filename: 'main.js', module: true, library: { type: 'module' }, chunkFormat: 'module' },
    resolve: { alias: { '@shaders': join(root, 'src/lib') } },
    plugins: [hlsl({ cache: false })],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((err, stats) => compiler.close(() => (err ? reject(err) : stats?.hasErrors() ? reject(new Error(stats.toString('errors-only'))) : resolve()))),
  );
}

type Runner = {
  run(cb: (err: Error | null, stats?: { hasErrors(): boolean; toString(o: unknown): string }) => void): void;
  close(cb: () => void): void;
};

/** Each bundler builds the project with its own alias configuration; the built module has the shader. */
describe.each([
  ['vite', async (root: string, out: string) => {
    const { build } = await import('vite');
    const hlsl = (await import('../../src/vite.js')).default;
    await build({
      root, configFile: false, logLevel: 'warn', base: './',
      resolve: { alias: [{ find: '@shaders', replacement: join(root, 'src/lib') }] },
      plugins: [hlsl({ cache: false })],
      build: { outDir: out, minify: false, rollupOptions: { input: join(root, 'src/main.js'), preserveEntrySignatures: 'strict', output: { entryFileNames: 'main.js' } } },
    });
  }],
  ['webpack', async (root: string, out: string) => {
    const webpack = (await import('webpack')).default;
    await webpackLikeBuild(root, out, webpack as never, (await import('../../src/webpack.js')).default);
  }],
  ['rspack', async (root: string, out: string) => {
    const { rspack } = await import('@rspack/core');
    await webpackLikeBuild(root, out, rspack as never, (await import('../../src/rspack.js')).default);
  }],
  ['esbuild', async (root: string, out: string) => {
    const esbuild = await import('esbuild');
    const hlsl = (await import('../../src/esbuild.js')).default;
    await esbuild.build({
      entryPoints: [join(root, 'src/main.js')], bundle: true, format: 'esm', platform: 'node', outfile: join(out, 'main.js'),
      alias: { '@shaders': join(root, 'src/lib') }, logLevel: 'silent', plugins: [hlsl({ cache: false })],
    });
  }],
  ['rollup (its resolve hook: another plugin answers the alias)', async (root: string, out: string) => {
    const { rollup } = await import('rollup');
    const hlsl = (await import('../../src/rollup.js')).default;
    const alias = { name: 'alias', resolveId: (source: string) => (source.startsWith('@shaders/') ? join(root, 'src/lib', source.slice('@shaders/'.length)) : null) };
    const bundle = await rollup({ input: join(root, 'src/main.js'), plugins: [alias, hlsl({ cache: false })] });
    await bundle.write({ dir: out, format: 'es', entryFileNames: 'main.js' });
    await bundle.close();
  }],
  ['rollup (plugin option)', async (root: string, out: string) => {
    const { rollup } = await import('rollup');
    const hlsl = (await import('../../src/rollup.js')).default;
    const bundle = await rollup({ input: join(root, 'src/main.js'), plugins: [hlsl({ cache: false, alias: [{ find: '@shaders', replacement: join(root, 'src/lib') }] })] });
    await bundle.write({ dir: out, format: 'es', entryFileNames: 'main.js' });
    await bundle.close();
  }],
])('%s build', (_name, build) => {
  it('resolves the package, workspace, pnpm and alias includes', async () => {
    const root = project();
    const out = join(root, 'dist');
    await build(root, out);
    const mod = (await import(pathToFileURL(join(out, 'main.js')).href)) as { bindings: Record<string, { binding: number }>; loadSpirv(): Promise<Uint32Array> };
    expect(mod.bindings.result!.binding).toBe(0);
    validateSpirv(await mod.loadSpirv());
  });
});
