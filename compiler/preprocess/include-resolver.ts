// Finds and reads included files. `#include "x"` looks next to the including file, then in the
// include directories; `#include <x>` only in the include directories (DXC/clang order); then both
// ask the host, which resolves like the embedder resolves imports (node_modules packages, aliases).
// At each candidate path the virtual files win over the host. Every path is read at most once per call.
// Last, `#include <x>` falls back to the headers the compiler provides (compiler/headers), as DXC does.
import { builtinHeader } from '../headers/index.js';
import type { CompilerHost } from '../host.js';
import { dirname, isAbsolute, joinPath, normalizePath } from '../util/path.js';

export interface IncludeLookup {
  /** The absolute path found, with its text. */
  found?: { path: string; text: string; builtin?: true };
  /** Every path tried, in order (for the "file not found" message). */
  tried: string[];
}

export class IncludeResolver {
  private readonly virtualFiles = new Map<string, string>();
  private readonly includeDirs: string[];
  /** Path → text, or null when neither the virtual files nor the host have it. */
  private readonly cache = new Map<string, string | null>();

  constructor(
    private readonly host: CompilerHost,
    virtualFiles: Record<string, string> | undefined,
    includeDirs: readonly string[] | undefined,
  ) {
    for (const [path, text] of Object.entries(virtualFiles ?? {})) this.virtualFiles.set(normalizePath(path), text);
    this.includeDirs = (includeDirs ?? []).map(normalizePath);
  }

  /** Registers a file whose text the caller already has (the main file). */
  remember(path: string, text: string): void {
    this.cache.set(path, text);
  }

  /** The candidate paths for an include written `name`, in search order, without duplicates. */
  candidates(name: string, angled: boolean, includingFile: string): string[] {
    if (isAbsolute(name)) return [normalizePath(name)];
    const dirs = angled ? this.includeDirs : [dirname(includingFile), ...this.includeDirs];
    return [...new Set(dirs.map((dir) => joinPath(dir, name)))];
  }

  lookup(name: string, angled: boolean, includingFile: string): IncludeLookup {
    const tried = this.candidates(name, angled, includingFile);
    for (const path of tried) {
      const text = this.read(path);
      if (text !== undefined) return { found: { path, text }, tried };
    }
    if (this.host.resolveInclude && !isAbsolute(name)) {
      const resolved = this.host.resolveInclude(name, includingFile);
      const path = resolved.path === undefined ? undefined : normalizePath(resolved.path);
      const text = path === undefined ? undefined : this.read(path);
      if (path !== undefined && text !== undefined) return { found: { path, text }, tried: [...tried, ...resolved.searched] };
      tried.push(...resolved.searched);
    }
    const builtin = angled ? builtinHeader(name) : undefined;
    if (builtin) return { found: { ...builtin, builtin: true }, tried };
    return { tried };
  }

  private read(path: string): string | undefined {
    const cached = this.cache.get(path);
    if (cached !== undefined) return cached ?? undefined;
    const text = this.virtualFiles.get(path) ?? this.host.readFile(path);
    this.cache.set(path, text ?? null);
    return text;
  }
}
