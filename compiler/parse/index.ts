// The HLSL parser: a token stream (the preprocessor's output) to a syntax tree. Syntax errors go to
// the sink; the parser recovers and returns the declarations it could build.
import type { DiagnosticSink } from '../diagnostics.js';
import type { Token } from '../lex/token.js';
import type { Decl, Program } from './ast.js';
import { parseDeclarationList } from './declarations.js';
import { ParserState, ParseStop } from './state.js';

export type * from './ast.js';

export function parse(tokens: Token[], sink: DiagnosticSink): Program {
  const p = new ParserState(tokens, sink);
  const decls: Decl[] = [];
  try {
    parseDeclarationList(p, 'global', decls, () => false);
  } catch (e) {
    if (!(e instanceof ParseStop)) throw e;
  }
  return { kind: 'Program', decls };
}
