// Shared helpers for the preprocessor tests: run over an in-memory file system that counts host
// reads, and render token streams and diagnostics as compact strings.
import { DiagnosticSink, type Diagnostic, type Loc, type SourceLocation } from '../../../compiler/diagnostics.js';
import type { CompilerHost } from '../../../compiler/host.js';
import type { Token } from '../../../compiler/lex/token.js';
import { preprocess, type PreprocessOptions, type PreprocessResult } from '../../../compiler/preprocess/index.js';

export const MAIN = '/src/main.hlsl';

export interface Run {
  result: PreprocessResult;
  /** Output tokens without the final eof. */
  tokens: Token[];
  /** Token texts separated by single spaces. */
  text: string;
  /** `line:col: severity: message` of each diagnostic, in order. */
  diagnostics: string[];
  items: Diagnostic[];
  /** Every path the host was asked for, in order. */
  reads: string[];
  /** A token's file, line and column. */
  at: (loc: Loc) => SourceLocation;
}

export function run(source: string, options: PreprocessOptions = {}, files: Record<string, string> = {}, file = MAIN): Run {
  const sink = new DiagnosticSink();
  const reads: string[] = [];
  const host: CompilerHost = {
    readFile(path) {
      reads.push(path);
      return Object.prototype.hasOwnProperty.call(files, path) ? files[path] : undefined;
    },
  };
  const result = preprocess(source, file, host, options, sink);
  const tokens = result.tokens.filter((t) => t.kind !== 'eof');
  return {
    result,
    tokens,
    text: tokens.map((t) => t.text).join(' '),
    diagnostics: sink.items.map(describe),
    items: sink.items,
    reads,
    at: (loc) => sink.locations.resolve(loc),
  };
}

export function describe(d: Diagnostic): string {
  return `${d.line}:${d.column}: ${d.severity}: ${d.message}`;
}

export function describeWithFile(d: Diagnostic): string {
  return `${d.file}:${describe(d)}`;
}

/**
 * Splits C source (the expected outputs quoted from the C standard) into tokens joined by single
 * spaces. Deliberately independent of the lexer under test: a plain regular expression suffices
 * for these well-formed texts.
 */
export function cTokens(text: string): string {
  const pattern =
    /\s*("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|[A-Za-z_]\w*|\.?\d(?:[eEpP][+-]|[\w.])*|\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||##|[-+*/%&|^=<>!~?:;,.()[\]{}#@\\])/y;
  const out: string[] = [];
  pattern.lastIndex = 0;
  for (;;) {
    const start = pattern.lastIndex;
    const m = pattern.exec(text);
    if (m === null) {
      if (text.slice(start).trim() !== '') throw new Error(`cTokens: cannot split ${JSON.stringify(text.slice(start))}`);
      return out.join(' ');
    }
    out.push(m[1]!);
  }
}
