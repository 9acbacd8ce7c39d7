// The C99-style HLSL preprocessor: `#include`, macros, conditionals, `#line`, `#pragma`, with the
// macros DXC predefines for SPIR-V output. Turns a file's text into the token stream the parser
// reads. Never throws for bad input: problems go to the DiagnosticSink.
import type { DiagnosticSink } from '../diagnostics.js';
import type { CompilerHost } from '../host.js';
import type { Token } from '../lex/token.js';
import type { ShaderStage } from '../common/stage.js';
import { Preprocessor } from './preprocessor.js';
import { PreprocessedStream } from './stream.js';

export type { PreprocessedStream } from './stream.js';

export interface PreprocessOptions {
  /** `-D NAME=VALUE` as `{ NAME: 'VALUE' }`; `-D NAME` is `{ NAME: '1' }`; `''` defines it empty. A key may carry parameters: `{ 'F(x)': 'x' }`. */
  defines?: Record<string, string>;
  /** `-I` directories, absolute. */
  includeDirs?: string[];
  /** Absolute path → text, looked up before the host at each candidate path. */
  virtualFiles?: Record<string, string>;
  /** Sets `__SHADER_TARGET_STAGE` (left undefined when omitted). */
  stage?: ShaderStage | 'library';
  /** `__SHADER_TARGET_MAJOR`/`MINOR`; default 6.0. */
  shaderModel?: { major: number; minor: number };
  /** `__HLSL_VERSION`; default 2021. */
  hlslVersion?: number;
  /** Defines `__HLSL_ENABLE_16_BIT`. */
  enable16BitTypes?: boolean;
  /** `__SPIRV_MAJOR_VERSION__`/`__SPIRV_MINOR_VERSION__` (the target environment's SPIR-V); default 1.0. */
  spirvVersion?: { major: number; minor: number };
}

export interface PreprocessResult {
  /** The expanded stream, ending with one `eof` token. */
  tokens: Token[];
  /** Every file read (the main file first), absolute and without duplicates: what a watcher must watch. */
  files: string[];
}

export function preprocess(
  text: string,
  file: string,
  host: CompilerHost,
  options: PreprocessOptions,
  sink: DiagnosticSink,
): PreprocessResult {
  return new Preprocessor(host, options, sink).run(text, file);
}

/**
 * The preprocessor's output as a stream for the parser (`parse(stream, …)`), then `finish()` for
 * the files read. With `stopOnError` the stream ends early after a preprocessor error (the
 * preprocessor itself still runs to the end in `finish`).
 */
export function preprocessStream(
  text: string,
  file: string,
  host: CompilerHost,
  options: PreprocessOptions,
  sink: DiagnosticSink,
  stopOnError = false,
): PreprocessedStream {
  const pp = new Preprocessor(host, options, sink);
  pp.start(text, file);
  return new PreprocessedStream(pp, sink, stopOnError);
}
