// Splits one file's text into preprocessing tokens. Line splices (backslash-newline) and comments
// are handled here so that locations always point at the original text.
import type { DiagnosticSink, SourceLocation } from '../diagnostics.js';
import { PUNCTUATORS, type Token } from './token.js';

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;

/** Punctuators grouped by first character, longest first. */
const PUNCT_BY_FIRST: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const p of PUNCTUATORS) {
    const list = map.get(p[0]!) ?? [];
    list.push(p);
    map.set(p[0]!, list);
  }
  for (const list of map.values()) list.sort((a, b) => b.length - a.length);
  return map;
})();

export function tokenize(text: string, file: string, diagnostics: DiagnosticSink): Token[] {
  return new Lexer(text, file, diagnostics).run();
}

class Lexer {
  private pos = 0;
  private line = 1;
  private col = 1;
  private readonly tokens: Token[] = [];
  private spaceBefore = false;
  private lineStart = true;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly diagnostics: DiagnosticSink,
  ) {}

  run(): Token[] {
    for (;;) {
      this.skipSplices();
      if (this.pos >= this.text.length) break;
      const c = this.text[this.pos]!;
      if (c === '\n' || c === '\r') {
        this.newline();
        this.lineStart = true;
        this.spaceBefore = false;
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\f' || c === '\v') {
        this.advance();
        this.spaceBefore = true;
        continue;
      }
      if (c === '/' && this.peekAt(1) === '/') {
        while (this.pos < this.text.length && this.text[this.pos] !== '\n' && this.text[this.pos] !== '\r') this.advance();
        this.spaceBefore = true;
        continue;
      }
      if (c === '/' && this.peekAt(1) === '*') {
        this.blockComment();
        continue;
      }
      this.token();
    }
    this.tokens.push({ kind: 'eof', text: '', loc: this.here(), spaceBefore: this.spaceBefore, lineStart: true });
    return this.tokens;
  }

  private here(): SourceLocation {
    return { file: this.file, line: this.line, column: this.col, offset: this.pos };
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

  private skipSplices(): void {
    while (this.text[this.pos] === '\\') {
      const next = this.text[this.pos + 1];
      if (next !== '\n' && next !== '\r') return;
      this.pos += next === '\r' && this.text[this.pos + 2] === '\n' ? 3 : 2;
      this.line++;
      this.col = 1;
    }
  }

  private advance(): string {
    this.skipSplices();
    const c = this.text[this.pos++]!;
    this.col++;
    this.skipSplices();
    return c;
  }

  private newline(): void {
    if (this.text[this.pos] === '\r' && this.text[this.pos + 1] === '\n') this.pos++;
    this.pos++;
    this.line++;
    this.col = 1;
  }

  private blockComment(): void {
    const start = this.here();
    this.advance();
    this.advance();
    for (;;) {
      if (this.pos >= this.text.length) {
        this.diagnostics.error('unterminated /* comment', start, 2);
        return;
      }
      const c = this.text[this.pos]!;
      if (c === '*' && this.peekAt(1) === '/') {
        this.advance();
        this.advance();
        this.spaceBefore = true;
        return;
      }
      if (c === '\n' || c === '\r') this.newline();
      else this.advance();
    }
  }

  private push(kind: Token['kind'], text: string, loc: SourceLocation): void {
    this.tokens.push({ kind, text, loc, spaceBefore: this.spaceBefore, lineStart: this.lineStart });
    this.spaceBefore = false;
    this.lineStart = false;
  }

  private token(): void {
    const loc = this.here();
    const c = this.text[this.pos]!;
    if (IDENT_START.test(c)) {
      let s = '';
      while (this.pos < this.text.length && IDENT_PART.test(this.text[this.pos]!)) s += this.advance();
      this.push('identifier', s, loc);
      return;
    }
    if (DIGIT.test(c) || (c === '.' && DIGIT.test(this.peekAt(1) ?? ''))) {
      this.push('number', this.ppNumber(), loc);
      return;
    }
    if (c === '"' || c === "'") {
      this.quoted(c, loc);
      return;
    }
    for (const p of PUNCT_BY_FIRST.get(c) ?? []) {
      if (this.matches(p)) {
        for (let i = 0; i < p.length; i++) this.advance();
        this.push('punct', p, loc);
        return;
      }
    }
    this.advance();
    this.diagnostics.error(`invalid character '${printable(c)}' in source`, loc);
    this.push('invalid', c, loc);
  }

  private matches(p: string): boolean {
    for (let i = 0; i < p.length; i++) if (this.peekAt(i) !== p[i]) return false;
    return true;
  }

  /** C99 pp-number: digit or .digit, then [0-9A-Za-z_.] and e+ e- E+ E- p+ p- P+ P-. */
  private ppNumber(): string {
    let s = this.advance();
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) break;
      if ((c === '+' || c === '-') && /[eEpP]/.test(s[s.length - 1]!)) {
        s += this.advance();
      } else if (/[0-9A-Za-z_.]/.test(c)) {
        s += this.advance();
      } else break;
    }
    return s;
  }

  private quoted(quote: string, loc: SourceLocation): void {
    let s = this.advance();
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined || c === '\n' || c === '\r') {
        this.diagnostics.error(`missing terminating ${quote} character`, loc);
        break;
      }
      s += this.advance();
      if (c === '\\' && this.pos < this.text.length && this.text[this.pos] !== '\n') s += this.advance();
      else if (c === quote) break;
    }
    this.push(quote === '"' ? 'string' : 'char', s, loc);
  }
}

function printable(c: string): string {
  const code = c.codePointAt(0)!;
  return code < 32 || code > 126 ? `\\u${code.toString(16).padStart(4, '0')}` : c;
}
