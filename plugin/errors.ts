// Compiler diagnostics as bundler errors: `loc {file,line,column}` and a code `frame` (Vite's
// `N |` layout, see code-frame.ts) are what Vite's overlay, Rollup and webpack print; the message
// carries the clang-style text as well so bundlers that ignore `loc` still point at the line.
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../compiler/diagnostics.js';
import { formatDiagnostic } from '../compiler/diagnostics.js';
import { codeFrame } from './code-frame.js';

export interface ErrorLocation {
  file: string;
  line: number;
  column: number;
}

/** What `this.warn`/`this.error` accept in every bundler unplugin supports. */
export interface BundlerMessage {
  message: string;
  id: string;
  loc: ErrorLocation;
  frame?: string;
}

/** Text of the files a compile saw (`sources`), falling back to the disk for a note elsewhere. */
export function sourceReader(sources: ReadonlyMap<string, string>): (file: string) => string | undefined {
  return (file) => {
    const known = sources.get(file);
    if (known !== undefined) return known;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
}

export function toBundlerMessage(d: Diagnostic, id: string, sourceOf: (file: string) => string | undefined): BundlerMessage {
  const text = sourceOf(d.file);
  const frame = text === undefined ? undefined : codeFrame(text, d.line, d.column, d.length);
  return {
    message: formatDiagnostic({ ...d, notes: [] }, () => undefined) + notesText(d, sourceOf),
    id,
    loc: { file: d.file, line: d.line, column: d.column },
    ...(frame ? { frame } : {}),
  };
}

function notesText(d: Diagnostic, sourceOf: (file: string) => string | undefined): string {
  return d.notes.length === 0 ? '' : '\n' + d.notes.map((n) => formatDiagnostic(n, sourceOf)).join('\n');
}

/** A failed compile. Carries the first error as `loc`/`frame` (what overlays show) and all of them. */
export class ShaderCompileError extends Error {
  override name = 'ShaderCompileError';
  readonly id: string;
  readonly loc: ErrorLocation;
  readonly frame: string | undefined;
  readonly plugin = 'unplugin-hlsl';

  constructor(
    readonly diagnostics: Diagnostic[],
    id: string,
    sourceOf: (file: string) => string | undefined,
  ) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0];
    if (!first) throw new Error('ShaderCompileError needs at least one error diagnostic');
    const main = toBundlerMessage(first, id, sourceOf);
    // Every error in order, each with its source line, as hlslc prints them: bundlers show the
    // message before the frame (the first error's, with context), so a frame-less first error would
    // read as if its frame belonged to the last one.
    super(errors.map((d) => formatDiagnostic(d, sourceOf)).join('\n'));
    // The plugin's call stack says nothing about the shader; overlays would show it below the frame.
    this.stack = `${this.name}: ${this.message}`;
    this.id = id;
    this.loc = main.loc;
    this.frame = main.frame;
  }
}
