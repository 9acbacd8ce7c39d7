// The compiler's CompilerHost over the file system. It remembers what each read returned so the
// plugin can hash and watch the includes; a missing file is remembered too (creating it later must
// invalidate a cached result that probed for it).
import { readFileSync } from 'node:fs';
import type { CompilerHost } from '../compiler/host.js';
import { resolveIncludeLikeImport, type IncludeAlias } from './include-resolution.js';

export interface RecordingHost extends CompilerHost {
  /** Every path read or probed, in first-request order, with its text (undefined: no such file). */
  readonly contents: ReadonlyMap<string, string | undefined>;
}

/** `aliases`: the bundler's, for includes (include-resolution.ts); packages resolve in any case. */
export function nodeHost(aliases: readonly IncludeAlias[] = []): RecordingHost {
  const contents = new Map<string, string | undefined>();
  return {
    contents,
    resolveInclude: (name, includingFile) => resolveIncludeLikeImport(name, includingFile, aliases),
    readFile(path) {
      if (contents.has(path)) return contents.get(path);
      let text: string | undefined;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if (!isMissingFile(error)) throw error;
      }
      contents.set(path, text);
      return text;
    },
  };
}

export function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
