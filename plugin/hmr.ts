// Hot updates: which shader modules read which files, and the code a dev-mode shader module ends
// with so it accepts its own updates and tells subscribers (see src/hmr-runtime.ts).

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
 * Appended to shader modules in dev: the listener set lives in `import.meta.hot.data`, which Vite
 * keeps across versions of the module, so a subscription made on the first version sees every update.
 */
export function hotAcceptCode(): string {
  return [
    `export const ${HOT_EXPORT} = import.meta.hot ? (import.meta.hot.data.${HOT_EXPORT} ??= { listeners: new Set() }) : undefined;`,
    'if (import.meta.hot) {',
    '  import.meta.hot.accept((next) => {',
    `    if (next) for (const listener of [...${HOT_EXPORT}.listeners]) listener(next);`,
    '  });',
    '}',
    '',
  ].join('\n');
}
