// `#pragma` lines (and `_Pragma` strings). Only two matter to HLSL: `once`, and `pack_matrix`,
// which the parser needs at its exact place in the token stream. Everything else (`warning`,
// `def`, `message`, vendor pragmas) is ignored, as DXC ignores pragmas it does not know.
import type { DiagnosticSink } from '../diagnostics.js';
import { makeToken, type Token } from '../lex/token.js';
import { endOf } from './locations.js';
import { isPunct, type PPToken } from './pp-token.js';

export type PragmaAction =
  | { kind: 'once' }
  /** `token` is a `pragma` token whose text is `pack_matrix(row_major)` or `pack_matrix(column_major)`. */
  | { kind: 'pack_matrix'; token: PPToken }
  | { kind: 'ignored' };

const MAJORNESS = new Set(['row_major', 'column_major']);

/** Interprets the (unexpanded: pragma arguments are not macro-expanded) tokens after `pragma`. */
export function interpretPragma(line: readonly Token[], sink: DiagnosticSink): PragmaAction {
  const name = line[0];
  if (name === undefined || name.kind !== 'identifier') return { kind: 'ignored' };
  if (name.text === 'once') return { kind: 'once' };
  if (name.text !== 'pack_matrix') return { kind: 'ignored' };
  const [lparen, value, rparen] = [line[1], line[2], line[3]];
  if (lparen === undefined || !isPunct(lparen, '(')) {
    sink.warning("missing '(' after '#pragma pack_matrix' - ignoring", lparen?.loc ?? endOf(name), 1, [], 'ignored-pragmas');
    return { kind: 'ignored' };
  }
  if (value === undefined || value.kind !== 'identifier' || !MAJORNESS.has(value.text)) {
    sink.warning("expected 'row_major' or 'column_major' in '#pragma pack_matrix' - ignoring", value?.loc ?? endOf(lparen), 1, [], 'ignored-pragmas');
    return { kind: 'ignored' };
  }
  if (rparen === undefined || !isPunct(rparen, ')')) {
    sink.warning("missing ')' after '#pragma pack_matrix' - ignoring", rparen?.loc ?? endOf(value), 1, [], 'ignored-pragmas');
    return { kind: 'ignored' };
  }
  const token: PPToken = makeToken('pragma', `pack_matrix(${value.text})`, name.loc, true, true);
  return { kind: 'pack_matrix', token };
}
