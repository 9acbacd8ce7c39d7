// Error recovery: after a syntax error the parser skips to a point where parsing can resume
// (after `;`, before the `}` closing the enclosing construct, after a balanced `{…}`, or before a
// keyword that starts a new declaration/statement at the beginning of a line).
import type { Token } from '../lex/token.js';
import { DECLARATION_KEYWORDS, STATEMENT_KEYWORDS } from './keywords.js';
import { ParseAbort, type ParserState } from './state.js';

const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/**
 * Runs one list item (a declaration, member or statement); if it aborts on a syntax error, resets
 * the nesting state and skips with `sync`. Always consumes at least one token, so list loops end.
 */
export function recovering(p: ParserState, item: () => void, stopAt: (t: Token) => boolean): void {
  const start = p.pos;
  const mark = p.openRecovery();
  const height = p.scopes.height;
  const depth = p.depth;
  try {
    item();
  } catch (e) {
    if (!(e instanceof ParseAbort)) throw e;
    p.scopes.truncate(height);
    p.depth = depth;
    skipTo(p, start, mark, stopAt);
  } finally {
    p.closeRecovery();
  }
  if (p.pos === start) p.next();
}

export const stopAtDeclaration = (t: Token): boolean =>
  t.lineStart && ((t.kind === 'identifier' && DECLARATION_KEYWORDS.has(t.text)) || t.kind === 'pragma');

export const stopAtStatement = (t: Token): boolean =>
  t.lineStart && t.kind === 'identifier' && (STATEMENT_KEYWORDS.has(t.text) || DECLARATION_KEYWORDS.has(t.text));

function skipTo(p: ParserState, start: number, mark: number, stopAt: (t: Token) => boolean): void {
  // Braces the failed item opened and did not close are still open: skip to their closers too.
  // (An unclosed `(` or `[` is usually the error itself; for those the next `;` is the better stop.)
  const open: string[] = new Array<string>(p.openBracesSince(mark)).fill('}');
  for (;;) {
    const t = p.peek();
    if (t.kind === 'eof') return;
    if (open.length === 0 && p.pos > start && stopAt(t)) return;
    if (t.kind === 'punct') {
      const closer = OPENERS[t.text];
      if (closer) open.push(closer);
      else if (t.text === '}') {
        const brace = open.lastIndexOf('}');
        if (brace < 0) return; // closes an enclosing construct: leave it to its owner
        open.length = brace;
        if (open.length === 0) {
          p.next();
          p.accept(';');
          return;
        }
      } else if ((t.text === ')' || t.text === ']') && open[open.length - 1] === t.text) open.pop();
      else if (t.text === ';' && open.length === 0) {
        p.next();
        return;
      }
    }
    p.next();
  }
}
