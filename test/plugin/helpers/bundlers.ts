// One production build of a fixture project per bundler, driven through each bundler's API with
// the plugin built from source. Each returns the output directory and the entry file to import.
import { join } from 'node:path';
import type { HlslPluginOptions } from '../../../plugin/options.js';
import { FIXTURES } from './temp-project.js';

export interface BuildOutput {
  outDir: string;
  entry: string;
}

export const project = (name: string): string => join(FIXTURES, 'projects', name);

export async function viteBuild(outDir: string, options: HlslPluginOptions): Promise<BuildOutput> {
  const { build } = await import('vite');
  const hlsl = (await import('../../../src/vite.js')).default;
  await build({
    root: project('vite-app'),
    configFile: false,
    logLevel: 'warn',
    // Relative asset URLs, so the built module also loads its SPIR-V when Node imports it.
    base: './',
    plugins: [hlsl(options)],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { input: 'src/main.js', preserveEntrySignatures: 'strict', output: { entryFileNames: 'main.js' } },
    },
  });
  return { outDir, entry: join(outDir, 'main.js') };
}

export async function rollupBuild(outDir: string, options: HlslPluginOptions): Promise<BuildOutput> {
  const { rollup } = await import('rollup');
  const hlsl = (await import('../../../src/rollup.js')).default;
  const bundle = await rollup({ input: join(project('rollup-app'), 'src/main.js'), plugins: [hlsl(options)] });
  await bundle.write({ dir: outDir, format: 'es', entryFileNames: 'main.js' });
  await bundle.close();
  return { outDir, entry: join(outDir, 'main.js') };
}

function webpackLikeConfig(root: string, outDir: string, plugin: unknown) {
  return {
    mode: 'production' as const,
    context: root,
    entry: './src/main.js',
    target: 'node',
    devtool: false as const,
    optimization: { minimize: false },
    experiments: { outputModule: true },
    output: { path: outDir, filename: 'main.js', module: true, library: { type: 'module' as const }, chunkFormat: 'module' as const },
    plugins: [plugin],
  };
}

type Runner = { run(cb: (err: Error | null, stats?: { hasErrors(): boolean; toString(o: unknown): string }) => void): void; close(cb: (err?: Error | null) => void): void };

function runCompiler(compiler: Runner): Promise<void> {
  return new Promise((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => {
        if (err) return reject(err);
        if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
        resolve();
      });
    });
  });
}

export async function webpackBuild(outDir: string, options: HlslPluginOptions): Promise<BuildOutput> {
  const webpack = (await import('webpack')).default;
  const hlsl = (await import('../../../src/webpack.js')).default;
  const root = project('webpack-app');
  await runCompiler(webpack(webpackLikeConfig(root, outDir, hlsl(options)) as never) as unknown as Runner);
  return { outDir, entry: join(outDir, 'main.js') };
}

export async function rspackBuild(outDir: string, options: HlslPluginOptions): Promise<BuildOutput> {
  const { rspack } = await import('@rspack/core');
  const hlsl = (await import('../../../src/rspack.js')).default;
  const root = project('rspack-app');
  await runCompiler(rspack(webpackLikeConfig(root, outDir, hlsl(options)) as never) as unknown as Runner);
  return { outDir, entry: join(outDir, 'main.js') };
}

export async function esbuildBuild(outDir: string, options: HlslPluginOptions): Promise<BuildOutput> {
  const esbuild = await import('esbuild');
  const hlsl = (await import('../../../src/esbuild.js')).default;
  const root = project('esbuild-app');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'src/main.js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outdir: outDir,
    logLevel: 'silent',
    plugins: [hlsl(options)],
  });
  return { outDir, entry: join(outDir, 'main.js') };
}
