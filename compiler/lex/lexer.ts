// Splits one file's text into preprocessing tokens. Line splices (backslash-newline) and comments
// are handled here so that locations always point at the original text.
// Hot loops scan char codes and slice runs of plain characters; they fall back to splice-aware
// stepping only where a backslash appears, so a splice costs nothing where there is none.
import type { DiagnosticSink } from '../diagnostics.js';
import type { Loc } from '../locations.js';
import { SpellingTable, spellingHash, spellingHashStep } from './spellings.js';
import { makeToken, PUNCTUATORS, type Token } from './token.js';

const LF = 10;
const CR = 13;
const BACKSLASH = 92;
const SLASH = 47;
const STAR = 42;
const DOT = 46;
const HASH = 35;
const PLUS = 43;
const MINUS = 45;

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

function isHorizontalSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 12 || c === 11;
}

/** `e E p P`: after them a sign continues a pp-number. */
function isExponentMark(c: number): boolean {
  return c === 101 || c === 69 || c === 112 || c === 80;
}

/** Punctuators grouped by the char code of their first character (all ASCII), longest first. */
const PUNCT_BY_FIRST: readonly (readonly string[] | undefined)[] = (() => {
  const table: string[][] = [];
  for (const p of PUNCTUATORS) (table[p.charCodeAt(0)] ??= []).push(p);
  for (const list of table) list?.sort((a, b) => b.length - a.length);
  return table;
})();

/** After this many errors in one file the lexer stops: a wrong file must not flood the output. */
export const MAX_LEX_ERRORS = 100;

/**
 * `spellings` interns identifier spellings: one string per distinct name, shared by all files of
 * a preprocess call, so that the copies sliced from the text die young instead of being kept by
 * every token.
 */
export function tokenize(text: string, file: string, diagnostics: DiagnosticSink, spellings: SpellingTable = new SpellingTable()): Token[] {
  return tokenizeAt(text, diagnostics.locations.file(file, text), diagnostics, spellings);
}

/** `tokenize` for a text whose location range is `base` (offset 0 of the text is `base`). */
export function tokenizeAt(text: string, base: Loc, diagnostics: DiagnosticSink, spellings: SpellingTable = new SpellingTable()): Token[] {
  // Source text never holds a NUL: one error for a binary file, instead of one per byte.
  const nul = text.indexOf('\0');
  if (nul >= 0) {
    diagnostics.error('this is not a text file (it contains a NUL byte): is it a binary file?', (base + nul) as Loc);
    return [makeToken('eof', '', (base + nul + 1) as Loc, false, true)];
  }
  return new Lexer(text, base, diagnostics, spellings).run();
}

class Lexer {
  private pos = 0;
  private readonly tokens: Token[] = [];
  private spaceBefore = false;
  private lineStart = true;
  private errors = 0;

  constructor(
    private readonly text: string,
    /** The location of the text's offset 0: a token at offset `o` is at `base + o`. */
    private readonly base: Loc,
    private readonly diagnostics: DiagnosticSink,
    private readonly spellings: SpellingTable,
  ) {}

  run(): Token[] {
    const text = this.text;
    // A byte-order mark opens many Windows-authored files; like clang, skip it (it is not a column).
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
    for (;;) {
      this.skipSplices();
      if (this.pos >= text.length || this.errors >= MAX_LEX_ERRORS) break;
      const c = text.charCodeAt(this.pos);
      if (c === LF || c === CR) {
        this.newline();
        this.lineStart = true;
        this.spaceBefore = false;
        continue;
      }
      if (isHorizontalSpace(c)) {
        // The whole run at once (indentation); a splice inside it is skipped at the loop's top.
        let p = this.pos + 1;
        while (p < text.length && isHorizontalSpace(text.charCodeAt(p))) p++;
        this.pos = p;
        this.spaceBefore = true;
        continue;
      }
      if (c === SLASH) {
        const next = this.peekAt(1);
        if (next === '/') {
          this.lineComment();
          continue;
        }
        if (next === '*') {
          this.blockComment();
          continue;
        }
      }
      this.token();
    }
    this.tokens.push(makeToken('eof', '', this.here(), this.spaceBefore, true));
    return this.tokens;
  }

  private error(message: string, loc: Loc, length = 1): void {
    this.diagnostics.error(message, loc, length);
    if (++this.errors === MAX_LEX_ERRORS) this.diagnostics.add(this.diagnostics.note('too many errors in this file, stopping now', loc));
  }

  private here(): Loc {
    return (this.base + this.pos) as Loc;
  }

  /** Character `n` places ahead, looking through line splices. */
  private peekAt(n: number): string | undefined {
    let p = this.pos;
    for (let i = 0; ; i++) {
      p = this.afterSplices(p);
      if (i === n) return this.text[p];
      p++;
    }
  }

  private afterSplices(p: number): number {
    while (this.text[p] === '\\') {
      let q = p + 1;
      if (this.text[q] === '\r') q++;
      if (this.text[q] === '\n' || this.text[q - 1] === '\r') {
        if (this.text[q] === '\n') q++;
        p = q;
      } else break;
    }
    return p;
  }

  /** Skips backslash-newline pairs at the current position; true when it skipped any. */
  private skipSplices(): boolean {
    let skipped = false;
    while (this.text.charCodeAt(this.pos) === BACKSLASH) {
      const next = this.text.charCodeAt(this.pos + 1);
      if (next !== LF && next !== CR) break;
      this.pos += next === CR && this.text.charCodeAt(this.pos + 2) === LF ? 3 : 2;
      skipped = true;
    }
    return skipped;
  }

  private advance(): string {
    this.skipSplices();
    const c = this.text[this.pos++]!;
    this.skipSplices();
    return c;
  }

  private newline(): void {
    if (this.text.charCodeAt(this.pos) === CR && this.text.charCodeAt(this.pos + 1) === LF) this.pos++;
    this.pos++;
  }

  /** Consumes the longest run of characters satisfying `accept` (spliced lines included). */
  private takeWhile(accept: (c: number, prev: number, at: number) => boolean, prefix: string): string {
    const text = this.text;
    let s = prefix;
    for (;;) {
      const start = this.pos;
      let p = start;
      let prev = s.length > 0 ? s.charCodeAt(s.length - 1) : -1;
      while (p < text.length) {
        const c = text.charCodeAt(p);
        if (!accept(c, prev, p)) break;
        prev = c;
        p++;
      }
      s += text.slice(start, p);
      this.pos = p;
      if (!this.skipSplices()) return s;
      if (this.pos >= text.length || !accept(text.charCodeAt(this.pos), prev, this.pos)) return s;
    }
  }

  private lineComment(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === LF || c === CR) break;
      if (c === BACKSLASH && this.skipSplices()) continue;
      this.pos++;
    }
    this.spaceBefore = true;
  }

  private blockComment(): void {
    const start = this.here();
    this.advance();
    this.advance();
    const text = this.text;
    for (;;) {
      if (this.pos >= text.length) {
        this.error('unterminated /* comment', start, 2);
        return;
      }
      const c = text.charCodeAt(this.pos);
      if (c === STAR && this.peekAt(1) === '/') {
        this.advance();
        this.advance();
        this.spaceBefore = true;
        return;
      }
      if (c === LF || c === CR) this.newline();
      else if (c === BACKSLASH && this.skipSplices()) continue;
      else this.pos++;
    }
  }

  /** A token starting at `offset`. */
  private push(kind: Token['kind'], text: string, offset: number): void {
    this.tokens.push(makeToken(kind, text, (this.base + offset) as Loc, this.spaceBefore, this.lineStart));
    this.spaceBefore = false;
    this.lineStart = false;
  }

  private token(): void {
    const offset = this.pos;
    const text = this.text;
    const code = text.charCodeAt(offset);
    if (isIdentStart(code)) {
      this.push('identifier', this.identifier(), offset);
      return;
    }
    if (isDigit(code) || (code === DOT && isDigit((this.peekAt(1) ?? '').charCodeAt(0)))) {
      this.push('number', this.ppNumber(), offset);
      return;
    }
    if (code === 34 || code === 39) {
      this.quoted(code === 34 ? '"' : "'", offset);
      return;
    }
    const candidates = PUNCT_BY_FIRST[code];
    if (candidates) {
      // Without a backslash in the next three characters no splice can interrupt a punctuator.
      const at = this.pos;
      const plain = text.charCodeAt(at) !== BACKSLASH && text.charCodeAt(at + 1) !== BACKSLASH && text.charCodeAt(at + 2) !== BACKSLASH;
      for (const p of candidates) {
        if (plain ? p.length === 1 || text.startsWith(p, at) : this.matches(p)) {
          if (plain) {
            this.pos += p.length;
            this.skipSplices();
          } else {
            for (let i = 0; i < p.length; i++) this.advance();
          }
          this.push('punct', p, offset);
          return;
        }
      }
    }
    const c = text[offset]!;
    const loc = this.here();
    this.advance();
    this.error(`invalid character '${printable(c)}' in source`, loc);
    this.push('invalid', c, offset);
  }

  /** An identifier's spelling (interned), read with a plain scan unless a line splice interrupts it. */
  private identifier(): string {
    const text = this.text;
    const start = this.pos;
    let hash = text.charCodeAt(start);
    let p = start + 1;
    for (; p < text.length; p++) {
      const c = text.charCodeAt(p);
      if (!isIdentPart(c)) break;
      hash = spellingHashStep(hash, c);
    }
    if (text.charCodeAt(p) === BACKSLASH) {
      // A line splice inside the name: its spelling is not one run of the text.
      const spelling = this.takeWhile(isIdentPart, '');
      return this.spellings.intern(spelling, 0, spelling.length, spellingHash(spelling));
    }
    this.pos = p;
    return this.spellings.intern(text, start, p, hash);
  }

  private matches(p: string): boolean {
    for (let i = 0; i < p.length; i++) if (this.peekAt(i) !== p[i]) return false;
    return true;
  }

  /**
   * C99 pp-number: digit or .digit, then [0-9A-Za-z_.] and e+ e- E+ E- p+ p- P+ P-. HLSL also
   * swizzles literals (`1.0.xxx`, `2.xy`): a `.` followed by a swizzle ends the number there.
   */
  private ppNumber(): string {
    return this.takeWhile(
      (c, prev, at) =>
        isIdentPart(c) ||
        (c === DOT && !this.swizzleFollows(at)) ||
        // `1.#INF`: DXC's (MSVC's) spelling of infinity.
        (c === HASH && prev === DOT && this.text.startsWith('#INF', at)) ||
        ((c === PLUS || c === MINUS) && isExponentMark(prev)),
      '',
    );
  }

  /** At a `.`: is it followed by 1-4 letters of one swizzle set (`xyzw`, `rgba`) and then a non-identifier character? */
  private swizzleFollows(dot: number): boolean {
    const text = this.text;
    let xyzw = true;
    let rgba = true;
    let p = dot + 1;
    for (; p < text.length; p++) {
      const c = text.charCodeAt(p);
      if (!isIdentPart(c)) break;
      if (p - dot > 4) return false;
      xyzw &&= c === 120 || c === 121 || c === 122 || c === 119;
      rgba &&= c === 114 || c === 103 || c === 98 || c === 97;
    }
    return p > dot + 1 && (xyzw || rgba);
  }

  private quoted(quote: string, offset: number): void {
    const loc = (this.base + offset) as Loc;
    const text = this.text;
    const q = quote.charCodeAt(0);
    let s = this.advance();
    for (;;) {
      const start = this.pos;
      let p = start;
      let c = -1;
      while (p < text.length) {
        c = text.charCodeAt(p);
        if (c === q || c === BACKSLASH || c === LF || c === CR) break;
        p++;
      }
      s += text.slice(start, p);
      this.pos = p;
      if (p >= text.length || c === LF || c === CR) {
        this.error(`missing terminating ${quote} character`, loc);
        break;
      }
      if (c === q) {
        s += this.advance();
        break;
      }
      if (this.skipSplices()) continue;
      // An escape: the backslash and the character it escapes.
      s += this.advance();
      if (this.pos < text.length && text.charCodeAt(this.pos) !== LF && text.charCodeAt(this.pos) !== CR) {
        s += this.advance();
      }
    }
    this.push(quote === '"' ? 'string' : 'char', s, offset);
  }
}

function printable(c: string): string {
  const code = c.codePointAt(0)!;
  return code < 32 || code > 126 ? `\\u${code.toString(16).padStart(4, '0')}` : c;
}
