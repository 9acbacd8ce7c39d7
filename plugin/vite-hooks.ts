// Vite-only hooks: the project root, the dev server's SPIR-V middleware (Vite has no emitFile while
// serving) and hot updates that map an edited include to exactly the shader modules that read it.
import type { Connect, EnvironmentModuleNode, HotUpdateOptions, Plugin, ResolvedConfig, ViteDevServer } from 'vite';
import type { AssetEmitter } from './core.js';
import type { ShaderCore } from './core.js';
import { aliasesFromVite, type IncludeAlias } from './include-resolution.js';

/** What the Vite hooks learn and the shared load hook reads; one object per plugin instance. */
export interface ViteState {
  command: 'build' | 'serve';
  base: string;
  /** `build.ssrEmitAssets`: a server build that writes assets may reference emitted `.spv` files. */
  ssrEmitAssets?: boolean;
  root: string | undefined;
  /** `resolve.alias`, which includes follow as imports do. */
  aliases?: IncludeAlias[];
  /** SPIR-V served in dev, by URL path below `${base}@hlsl-spirv/`. */
  devAssets: Map<string, Uint8Array>;
  serveAsset?: AssetEmitter;
  /** Shader ids whose latest client load in dev failed (cleared when one succeeds). */
  failedClientLoads: Set<string>;
}

const DEV_PREFIX = '@hlsl-spirv/';

/** The part of Vite's hotUpdate `this` the hook reads. */
interface HotUpdateContext {
  environment: {
    name: string;
    moduleGraph: { getModuleById(id: string): EnvironmentModuleNode | undefined };
    hot: { send(payload: { type: 'full-reload'; path: string; triggeredBy: string }): void };
  };
}

export function createViteHooks(
  state: ViteState,
  currentCore: () => ShaderCore | undefined,
  getCore: () => ShaderCore,
): Partial<Plugin> {
  state.serveAsset = (fileName, bytes, hash) => {
    const name = `${fileName.replace(/\.spv$/, '')}-${hash}.spv`;
    state.devAssets.set(name, bytes);
    // A root-relative URL on the dev server's origin (Vite would rewrite a `new URL(…, import.meta.url)`).
    return JSON.stringify(`${state.base}${DEV_PREFIX}${name}`);
  };

  return {
    configResolved(config: ResolvedConfig) {
      state.command = config.command;
      state.base = config.base;
      state.ssrEmitAssets = config.build.ssrEmitAssets;
      state.root = config.root;
      state.aliases = aliasesFromVite(config.resolve.alias);
      // The root is known: a build can start compile workers before it loads anything (a cold
      // cache). The dev server does in configureServer; `vite preview` compiles nothing.
      if (config.command === 'build') getCore().prestartCompiles();
    },

    configureServer(server: ViteDevServer) {
      getCore().prestartCompiles();
      const prefix = `${state.base}${DEV_PREFIX}`;
      const serve: Connect.NextHandleFunction = (req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        if (!path.startsWith(prefix)) return next();
        const bytes = state.devAssets.get(decodeURIComponent(path.slice(prefix.length)));
        if (!bytes) return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      };
      server.middlewares.use(serve);
      server.httpServer?.once('close', () => void currentCore()?.close());
    },

    // An edited include maps to the shader modules that read it; Vite invalidates what this returns
    // and propagates from there. A shader whose every client load so far failed is not in Vite's
    // module graph, or is there unanalysed (Vite does not know it accepts updates), and Vite drops
    // the update without a word, while the page's import of it failed: only a reload recovers it.
    hotUpdate(this: HotUpdateContext, options: HotUpdateOptions) {
      const core = currentCore();
      if (!core) return;
      const readers = core.includes.modulesReading(options.file);
      if (readers.length === 0) return;
      const graph = this.environment.moduleGraph;
      const client = this.environment.name === 'client';
      const affected = new Set(options.modules);
      let neverLoaded = false;
      for (const id of readers) {
        const mod = graph.getModuleById(id);
        if (mod) affected.add(mod);
        if (state.failedClientLoads.has(id) && mod?.isSelfAccepting === undefined) neverLoaded = true;
      }
      if (neverLoaded && client) {
        this.environment.hot.send({ type: 'full-reload', path: '*', triggeredBy: options.file });
        return [];
      }
      if (client) for (const mod of affected) if (mod.id && core.isShader(mod.id)) routeToAcceptingImporters(mod);
      return [...affected];
    },

    closeBundle: async () => {
      if (state.command === 'build') await currentCore()?.close();
    },

    // Before the first load: declarations of every shader (the `dts` option), a build's file hashes.
    async buildStart() {
      if (state.root === undefined) return;
      // A build reads each file once (ShaderCore.beginBuild); the dev server is no build: it lives on
      // while files change, and each of its loads reads them again.
      if (state.command === 'build') getCore().beginBuild();
      await getCore().writeProjectDts();
    },
  };
}

/**
 * A dev shader module accepts its own updates only to serve `onShaderUpdate` subscribers (see
 * hmr.ts). When an importer accepts it by name (`import.meta.hot.accept('./x.hlsl', cb)`), Vite's
 * convention is that the importer's callback gets the new module: for this update the module is
 * not its own boundary, so Vite's propagation reaches the importers (those that accept it get the
 * module, the others propagate on as for any module). Vite sets the flag again when it next
 * transforms the module.
 */
function routeToAcceptingImporters(mod: EnvironmentModuleNode): void {
  for (const importer of mod.importers) {
    if (importer.acceptedHmrDeps.has(mod)) {
      mod.isSelfAccepting = false;
      return;
    }
  }
}
