// The preprocessed text of a token stream (DXC's -P): one output line per logical source line, a
// `#line` directive where the file changes or lines were skipped, and spaces where the source had
// them or where two expanded tokens would otherwise lex as one.
import type { Token } from '../lex/token.js';
import type { LocationTable } from '../locations.js';

/** Up to this many skipped lines are written as blank lines; more become a `#line` directive. */
const MAX_BLANK_LINES = 8;

export function printTokens(tokens: readonly Token[], locations: LocationTable): string {
  const out: string[] = [];
  let file: string | undefined;
  let line = 0;
  let previous: Token | undefined;
  for (const token of tokens) {
    if (token.kind === 'eof') break;
    if (previous === undefined || token.lineStart) {
      const loc = locations.resolve(token.loc);
      if (previous !== undefined) out.push('\n');
      if (loc.file !== file || loc.line < line + 1 || loc.line > line + 1 + MAX_BLANK_LINES) {
        out.push(`#line ${loc.line} ${JSON.stringify(loc.file)}\n`);
      } else {
        for (let l = line + 1; l < loc.line; l++) out.push('\n');
      }
      file = loc.file;
      line = loc.line;
    } else if (token.spaceBefore || ((token.expandedFrom || previous.expandedFrom) && wouldJoin(previous, token))) {
      out.push(' ');
    }
    out.push(token.text);
    previous = token;
  }
  out.push('\n');
  return out.join('');
}

/** Two adjacent tokens (one from a macro expansion) that the lexer would read as one (`-` `-`, `a` `1`). */
function wouldJoin(a: Token, b: Token): boolean {
  const last = a.text[a.text.length - 1] ?? '';
  const first = b.text[0] ?? '';
  const word = (c: string) => /[A-Za-z0-9_]/.test(c);
  const punct = (c: string) => /[-+*/%<>=!&|^~?:#.]/.test(c);
  return (word(last) && word(first)) || (punct(last) && punct(first));
}
