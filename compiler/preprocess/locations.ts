// Small location helpers shared by the directive handlers.
import type { SourceLocation } from '../diagnostics.js';
import type { Token } from '../lex/token.js';

/** The position just after a token: where clang reports something missing after it. */
export function endOf(t: Token): SourceLocation {
  return { ...t.loc, column: t.loc.column + t.text.length, offset: t.loc.offset + t.text.length };
}
