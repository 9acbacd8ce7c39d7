// Hot updates: which shader modules read which files, and the code a dev-mode shader module ends
// with so it tells subscribers (see src/hmr-runtime.ts) or hands the update on to its importers.

/** Included file → the shader module ids whose last successful or failed compile read it. */
export class IncludeGraph {
  private readonly filesOf = new Map<string, Set<string>>();
  private readonly importers = new Map<string, Set<string>>();

  /** Replaces what `moduleId` read (a recompile may drop or add includes). */
  record(moduleId: string, files: Iterable<string>): void {
    this.forget(moduleId);
    const set = new Set(files);
    this.filesOf.set(moduleId, set);
    for (const file of set) {
      let ids = this.importers.get(file);
      if (!ids) this.importers.set(file, (ids = new Set()));
      ids.add(moduleId);
    }
  }

  forget(moduleId: string): void {
    for (const file of this.filesOf.get(moduleId) ?? []) {
      const ids = this.importers.get(file);
      ids?.delete(moduleId);
      if (ids?.size === 0) this.importers.delete(file);
    }
    this.filesOf.delete(moduleId);
  }

  /** Shader module ids that read `file` (the shader itself included). */
  modulesReading(file: string): string[] {
    return [...(this.importers.get(file) ?? [])];
  }

  filesReadBy(moduleId: string): string[] {
    return [...(this.filesOf.get(moduleId) ?? [])];
  }
}

/** Export carrying the module's hot channel; `$` cannot start an HLSL name, so no shader export collides. */
export const HOT_EXPORT = '$hlslHot';

/**
 * Appended to shader modules in dev. The module accepts its own update only to serve
 * `onShaderUpdate` subscribers (src/hmr-runtime.ts): when there are some, they get the new module and
 * the update stops there; when there are none, `invalidate()` hands the update on to the importers
 * as Vite's conventions ask (they update if something accepts them, else the page reloads). An
 * importer that accepts the shader by name gets the new module in its callback: for such updates
 * the plugin's hotUpdate hook makes Vite route the update to it (vite-hooks.ts). The listener set
 * lives in `import.meta.hot.data`, which Vite keeps across versions, so a subscription made on the
 * first version sees every update.
 */
export function hotAcceptCode(): string {
  return [
    `export const ${HOT_EXPORT} = import.meta.hot ? (import.meta.hot.data.${HOT_EXPORT} ??= { listeners: new Set() }) : undefined;`,
    'if (import.meta.hot) {',
    '  import.meta.hot.accept((next) => {',
    '    if (!next) return;',
    `    const listeners = [...${HOT_EXPORT}.listeners];`,
    "    if (listeners.length === 0) import.meta.hot.invalidate('no onShaderUpdate subscriber: the importers handle the update');",
    '    else for (const listener of listeners) listener(next);',
    '  });',
    '}',
    '',
  ].join('\n');
}
