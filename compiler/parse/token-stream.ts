// Where the parser's tokens come from: a pull source it asks for more as it reads, so that the
// preprocessor's output can be parsed as it is produced and each token can die soon after the
// parser has passed it (tokens kept for a whole call were most of the front end's GC time).
import { makeToken, type Token } from '../lex/token.js';
import { NO_PLACE } from '../locations.js';

/** A token stream the parser pulls from. */
export interface TokenStream {
  /**
   * Appends at least one token to `out`; true once the stream's last token (an `eof`) has been
   * appended, after which `fill` is not called again.
   */
  fill(out: Token[]): boolean;
}

/**
 * An array handed over `chunk` tokens per `fill`, as a stream (`parse` reads an array in place;
 * this is for reading one as the preprocessor's stream is read, e.g. in tests of the window). An
 * `eof` is added after the last token when the array has none.
 */
export class ArrayTokenStream implements TokenStream {
  private index = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly chunk = 1024,
  ) {}

  fill(out: Token[]): boolean {
    const tokens = this.tokens;
    const end = Math.min(tokens.length, this.index + Math.max(1, this.chunk));
    for (let i = this.index; i < end; i++) out.push(tokens[i]!);
    this.index = end;
    if (end < tokens.length) return false;
    const last = tokens[end - 1];
    if (last === undefined || last.kind !== 'eof') {
      out.push(makeToken('eof', '', last?.loc ?? NO_PLACE, false, true));
    }
    return true;
  }
}
