// How the compiler reaches files. The compiler itself never touches a file system, so it runs in
// browsers and workers; Node callers pass a host built on `fs` (see plugin/node-host.ts).

export interface CompilerHost {
  /** Returns the text of the file at an absolute, normalised path, or undefined if it does not exist. */
  readFile(path: string): string | undefined;
}

/** A host over an in-memory map of absolute paths to text. */
export function memoryHost(files: Record<string, string>): CompilerHost {
  return { readFile: (path) => (Object.prototype.hasOwnProperty.call(files, path) ? files[path] : undefined) };
}
