// How the compiler reaches files. The compiler itself never touches a file system, so it runs in
// browsers and workers; Node callers pass a host built on `fs` (see plugin/node-host.ts).

export interface CompilerHost {
  /** Returns the text of the file at an absolute, normalised path, or undefined if it does not exist. */
  readFile(path: string): string | undefined;
  /**
   * Resolves an include that is not next to the including file nor in an include directory, the way
   * the embedder resolves imports (packages in node_modules, bundler aliases). Optional.
   */
  resolveInclude?(name: string, includingFile: string): IncludeResolution;
}

export interface IncludeResolution {
  /** The absolute, normalised path found. */
  path?: string;
  /** What was searched, for the "file not found" message (e.g. `package 'lygia' from /p/src`). */
  searched: string[];
}

/** A host over an in-memory map of absolute paths to text. */
export function memoryHost(files: Record<string, string>): CompilerHost {
  return { readFile: (path) => (Object.prototype.hasOwnProperty.call(files, path) ? files[path] : undefined) };
}
