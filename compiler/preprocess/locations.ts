// Small location helpers shared by the directive handlers.
import type { Loc } from '../locations.js';
import type { Token } from '../lex/token.js';

/** The position just after a token: where clang reports something missing after it. */
export function endOf(t: Token): Loc {
  return (t.loc + t.text.length) as Loc;
}
