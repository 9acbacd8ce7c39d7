// The plugin for every bundler unplugin supports: resolve and load hooks around ShaderCore, plus
// where each bundler puts SPIR-V assets (emitters below) and Vite's dev server and HMR hooks.
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { UnpluginBuildContext, UnpluginContext, UnpluginContextMeta, UnpluginOptions } from 'unplugin';
import { createUnplugin } from 'unplugin';
import type { AssetEmitter, LoadContext } from './core.js';
import { ShaderCore } from './core.js';
import type { HlslPluginOptions } from './options.js';
import { resolveOptions } from './options.js';
import { RUNTIME_SPECIFIER, runtimeFile, stripTypes } from './runtime-path.js';
import { isShaderId, splitId } from './ids.js';
import { createViteHooks, type ViteState } from './vite-hooks.js';
import { aliasesFromRecord, aliasesFromWebpack, type IncludeAlias } from './include-resolution.js';

export type { HlslPluginOptions } from './options.js';

type HookContext = UnpluginBuildContext & UnpluginContext;

/** Rollup and Vite (build) return a reference id from emitFile, which unplugin's type hides. */
interface RollupEmitContext {
  emitFile(file: { type: 'asset'; name: string; source: Uint8Array }): string;
}

/** Rollup's (and Vite's) `this.resolve`, the part the load hook uses. */
type BundlerResolve = (spec: string, importer: string, options: { skipSelf: boolean }) => Promise<{ id: string } | null>;
/** Each round can learn the includes of one more level of nesting. */
const MAX_RESOLVE_ROUNDS = 8;

/** Asset files for webpack/Rspack: `new URL(absolutePath, import.meta.url)` makes them emit the file as an asset module. */
function webpackEmitter(dir: string): AssetEmitter {
  return (fileName, bytes, hash) => {
    const path = join(dir, `${fileName.replace(/\.spv$/, '')}-${hash}.spv`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, bytes);
    return `new URL(${JSON.stringify(path)}, import.meta.url).href`;
  };
}

/** esbuild: the file goes next to the output (ESM with `outdir` only: the URL is relative to the bundle). */
function esbuildEmitter(outdir: string): AssetEmitter {
  return (fileName, bytes, hash) => {
    const name = `${fileName.replace(/\.spv$/, '')}-${hash}.spv`;
    mkdirSync(outdir, { recursive: true });
    writeFileSync(join(outdir, name), bytes);
    return `new URL(${JSON.stringify(`./${name}`)}, import.meta.url).href`;
  };
}

export function createPluginOptions(userOptions: HlslPluginOptions = {}, meta: UnpluginContextMeta): UnpluginOptions {
  const runtime = runtimeFile();
  const extensions = userOptions.extensions ?? ['.hlsl'];
  // The core is created once the root is known (Vite's configResolved), else on first use.
  let core: ShaderCore | undefined;
  const vite: ViteState = { command: 'build', base: '/', devAssets: new Map(), root: undefined, failedClientLoads: new Set() };
  let esbuildOutdir: string | undefined;
  /** webpack/Rspack `resolve.alias` and esbuild `alias`, read when the bundler applies the plugin. */
  let bundlerAliases: IncludeAlias[] = [];
  const getCore = (): ShaderCore =>
    (core ??= new ShaderCore(resolveOptions(userOptions, userOptions.root ?? vite.root ?? process.cwd(), vite.aliases ?? bundlerAliases)));

  function loadContext(ctx: HookContext): LoadContext {
    switch (meta.framework) {
      case 'vite': {
        const environment = (ctx as { environment?: { config?: { consumer?: string; build?: { emitAssets?: boolean } } } }).environment;
        const client = environment?.config?.consumer !== 'server';
        if (vite.command === 'serve') {
          // Vite has no emitFile while serving: the client fetches from the dev server's middleware, SSR and Vitest inline.
          return client ? { hot: true, emitAsset: vite.serveAsset } : {};
        }
        // A server build writes no assets unless asked (build.ssrEmitAssets / emitAssets): inline there.
        if (!client && !environment?.config?.build?.emitAssets && !vite.ssrEmitAssets) return {};
        return { emitAsset: rollupEmitter(ctx) };
      }
      case 'rollup':
      case 'rolldown':
        return { emitAsset: rollupEmitter(ctx) };
      case 'webpack':
      case 'rspack':
        return { emitAsset: webpackEmitter(join(getCore().options.cacheDir ?? join(tmpdir(), 'unplugin-hlsl'), 'spirv')) };
      case 'esbuild':
        return esbuildOutdir ? { emitAsset: esbuildEmitter(esbuildOutdir) } : {};
      default:
        return {};
    }
  }

  function rollupEmitter(ctx: HookContext): AssetEmitter {
    return (fileName, bytes) => {
      const ref = (ctx as unknown as RollupEmitContext).emitFile({ type: 'asset', name: fileName, source: bytes });
      return `import.meta.ROLLUP_FILE_URL_${ref}`;
    };
  }

  const resolvePattern = new RegExp(`(?:${extensions.map((e) => e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\?|^unplugin-hlsl/runtime$`);

  return {
    name: 'unplugin-hlsl',
    enforce: 'pre',
    resolveId: {
      filter: { id: resolvePattern },
      handler(id, importer) {
        if (id === RUNTIME_SPECIFIER) return runtime.path;
        // Bundlers' own resolvers keep no query (Rollup) or reject it (esbuild): resolve relative shader ids here.
        const { file, search } = splitId(id);
        if (!isShaderId(id, extensions)) return null;
        if (!isAbsolute(file) && (!file.startsWith('.') || !importer)) return null;
        const resolved = isAbsolute(file) ? id : resolve(dirname(splitId(importer!).file), file) + search;
        // Imports written while the bundler runs get their query declarations too (the `dts` option).
        if (search !== '') getCore().noteImport(id, resolved);
        return resolved;
      },
    },
    load: {
      filter: { id: { include: [resolvePattern, new RegExp(`(?:${extensions.map((e) => e.replace('.', '\\.')).join('|')})$`), runtimeIdPattern(runtime.path)] } },
      async handler(id) {
        if (id === runtime.path) {
          const code = await readFile(runtime.path, 'utf8');
          // Vite and esbuild read TypeScript themselves; Rollup, webpack and Rspack need JavaScript.
          const readsTypeScript = meta.framework === 'vite' || meta.framework === 'esbuild';
          return runtime.typescript && !readsTypeScript ? stripTypes(code, runtime.path) : code;
        }
        if (!isShaderId(id, extensions)) return null;
        const shaders = getCore();
        const context = loadContext(this);
        // Rollup and Vite resolve asynchronously (aliases, other plugins' resolveId): an include the
        // synchronous resolution missed is asked of them, and the shader compiled again.
        const bundlerResolve = (this as { resolve?: BundlerResolve }).resolve;
        const resolveInclude = async (spec: string, importer: string) => (await bundlerResolve!.call(this, spec, importer, { skipSelf: true }))?.id;
        let loaded;
        for (let round = 0; ; round++) {
          try {
            loaded = await shaders.load(id, context);
            break;
          } catch (error) {
            if (round < MAX_RESOLVE_ROUNDS && bundlerResolve && (await shaders.learnIncludes(error, resolveInclude))) continue;
            // Only a dev client load is hot (see vite-hooks.ts: hotUpdate).
            if (context.hot) vite.failedClientLoads.add(id);
            throw error;
          }
        }
        vite.failedClientLoads.delete(id);
        // A Rollup or Rolldown (Vite) build that does not watch says so (meta.watchMode false): its
        // watch files would go unused, and each is a call into the bundler. Elsewhere (dev servers,
        // webpack's file dependencies, esbuild) they are always added.
        if ((this as { meta?: { watchMode?: boolean } }).meta?.watchMode !== false) for (const file of loaded.watchFiles) this.addWatchFile(file);
        for (const warning of loaded.warnings) this.warn(warning);
        return loaded.code;
      },
    },
    // Declarations for every shader before anything imports one (the `dts` option); Vite's own hook does it there.
    async buildStart() {
      getCore().prestartCompiles();
      // Rollup and Rolldown call buildStart once per build (and per rebuild of a watch); webpack,
      // Rspack and esbuild adapters do not promise that, so their lookups read every file each time.
      if (meta.framework === 'rollup' || meta.framework === 'rolldown') getCore().beginBuild();
      await getCore().writeProjectDts();
    },
    buildEnd() {
      core?.endBuild();
    },
    vite: createViteHooks(vite, () => core, getCore),
    esbuild: {
      config(options) {
        const esm = options.format === 'esm' || (options.format === undefined && options.splitting === true);
        const outdir = options.outdir ?? (options.outfile ? dirname(options.outfile) : undefined);
        esbuildOutdir = esm && options.write !== false && outdir ? resolve(options.absWorkingDir ?? process.cwd(), outdir) : undefined;
        bundlerAliases = aliasesFromRecord(options.alias);
      },
      loader: (_code, id) => (id.endsWith('.ts') ? 'ts' : 'js'),
    },
    webpack(compiler) {
      bundlerAliases = aliasesFromWebpack(compiler.options.resolve?.alias);
      compiler.hooks.shutdown.tapPromise('unplugin-hlsl', async () => core?.close());
    },
    rspack(compiler) {
      bundlerAliases = aliasesFromWebpack(compiler.options.resolve?.alias);
      compiler.hooks.shutdown.tapPromise('unplugin-hlsl', async () => core?.close());
    },
    rollup: {
      closeBundle: async () => core?.close(),
    },
  };
}

function runtimeIdPattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

export const unplugin = /* #__PURE__ */ createUnplugin<HlslPluginOptions | undefined>((options, meta) =>
  createPluginOptions(options, meta),
);

export default unplugin;
