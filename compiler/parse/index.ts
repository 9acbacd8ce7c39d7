// The HLSL parser: a token stream (the preprocessor's output) to a syntax tree. Syntax errors go to
// the sink; the parser recovers and returns the declarations it could build.
import type { DiagnosticSink } from '../diagnostics.js';
import type { Token } from '../lex/token.js';
import type { Decl, Program } from './ast.js';
import { parseDeclarationList } from './declarations.js';
import { ParserState, ParseStop, type ParserOptions } from './state.js';
import type { TokenStream } from './token-stream.js';

export { ArrayTokenStream, type TokenStream } from './token-stream.js';

export type * from './ast.js';

/** Parses an array, or a stream read as it is produced (the preprocessor's, in a compile). */
export function parse(tokens: Token[] | TokenStream, sink: DiagnosticSink, options?: ParserOptions): Program {
  const p = new ParserState(tokens, sink, options);
  const decls: Decl[] = [];
  try {
    parseDeclarationList(p, 'global', decls, () => false);
  } catch (e) {
    if (!(e instanceof ParseStop)) throw e;
  }
  return { kind: 'Program', decls };
}
