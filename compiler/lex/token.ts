// Preprocessing tokens, as C99 defines them, and the token stream the parser reads.
import type { Loc } from '../locations.js';

export type TokenKind =
  | 'identifier'
  /** A C preprocessing number: `1`, `0x1F`, `1.5f`, `2e-3`, `10u`; the parser classifies it. */
  | 'number'
  | 'string'
  | 'char'
  | 'punct'
  /**
   * A pragma the checker needs, kept at its place in the stream. The preprocessor emits one for
   * each valid `#pragma pack_matrix(row_major)` / `(column_major)` (or `_Pragma` equivalent): its
   * text is `pack_matrix(row_major)` or `pack_matrix(column_major)`, whitespace removed, and its
   * location is the `pack_matrix` word. Every other pragma is consumed by the preprocessor.
   */
  | 'pragma'
  /** A character that starts no valid token (reported once by the lexer, passed on so the parser can recover). */
  | 'invalid'
  | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  /** Where the user would look: for tokens produced by a macro expansion, the expansion site. */
  loc: Loc;
  /** Preceded by whitespace or a comment (needed by `#` stringizing and function-like macro definitions). */
  spaceBefore: boolean;
  /** First token on its logical line (directives start there). */
  lineStart: boolean;
  /** For tokens produced by macro expansion: the macro's name and where its definition's token stands. */
  expandedFrom?: { macro: string; loc: Loc };
}

/**
 * A token in the one object shape every stage reads (all fields present, in this order): the
 * lexer, the preprocessor's output and the parser's token splits all build tokens here, so the
 * hot property reads stay monomorphic. Its location is a number (compiler/locations.ts), so a
 * token is one small object that nothing keeps once the parser has read past it.
 */
export function makeToken(
  kind: TokenKind,
  text: string,
  loc: Loc,
  spaceBefore: boolean,
  lineStart: boolean,
  expandedFrom?: { macro: string; loc: Loc },
): Token {
  return { kind, text, loc, spaceBefore, lineStart, expandedFrom };
}

/** C punctuators, longest first so the lexer can match greedily. */
export const PUNCTUATORS: readonly string[] = [
  '<<=', '>>=', '...',
  '::', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||',
  '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '##',
  '[', ']', '(', ')', '{', '}', '.', '&', '*', '+', '-', '~', '!', '/', '%', '<', '>', '^', '|', '?', ':', ';',
  '=', ',', '#',
];
