// The state one parse call owns: the token cursor, diagnostics (with de-duplication, speculation
// and an error limit), the nesting-depth guard and the type-name scopes.
import type { Diagnostic, DiagnosticSink, Loc } from '../diagnostics.js';
import type { WarningFlag } from '../warning-flags.js';
import { makeToken, type Token } from '../lex/token.js';
import { ScopeStack } from './scope.js';

/** Thrown after a syntax error has been reported; caught where the parser can resynchronise. */
export class ParseAbort {
  readonly kind = 'ParseAbort';
}

/** Thrown when the error limit is reached: parsing stops with what has been built. */
export class ParseStop {
  readonly kind = 'ParseStop';
}

/** Deeper nesting than this (parentheses, blocks, template arguments, namespaces) is rejected. */
export const MAX_DEPTH = 256;
/** Like clang's -ferror-limit: a hopeless file should not print thousands of errors. */
export const MAX_ERRORS = 100;

/** What `speculateOnce` remembers failures of (numeric keys: it runs at many `(` and `<`). */
export const SpeculationKind = { Cast: 0, CallTemplateArgs: 1, Sizeof: 2 } as const;
export type SpeculationKind = (typeof SpeculationKind)[keyof typeof SpeculationKind];
const SPECULATION_KINDS = 3;

interface Snapshot {
  pos: number;
  splits: number;
}

export class ParserState {
  pos = 0;
  depth = 0;
  readonly scopes = new ScopeStack();
  private tokens: Token[];
  /** `tokens` is still the caller's array: copied before the first `>>` split writes to it. */
  private shared: boolean;
  private readonly eofToken: Token;
  /** While > 0, errors are not reported (speculative parsing); an abort still unwinds. */
  private muted = 0;
  private errors = 0;
  /** Places (file and offset) already blamed: one error per token is enough. */
  private readonly blamed = new Set<string>();
  /** `>>` tokens split into `>` `>` to close two template argument lists; undone on backtrack. */
  private readonly splits: { index: number; original: Token }[] = [];
  private readonly failedSpeculations = new Set<number>();

  constructor(
    tokens: Token[],
    readonly sink: DiagnosticSink,
  ) {
    // Splitting `>>` replaces array slots, which must not touch the caller's array: it is copied
    // then (few token streams have one), not up front.
    this.tokens = tokens;
    this.shared = true;
    const last = tokens[tokens.length - 1];
    if (!last || last.kind !== 'eof') {
      const loc = last?.loc ?? sink.locations.start('<input>');
      this.tokens = [...tokens, makeToken('eof', '', loc, false, true)];
      this.shared = false;
    }
    this.eofToken = this.tokens[this.tokens.length - 1]!;
  }

  // ---- Cursor -----------------------------------------------------------------------------

  peek(n = 0): Token {
    return this.tokens[this.pos + n] ?? this.eofToken;
  }

  tokenAt(index: number): Token {
    return this.tokens[index] ?? this.eofToken;
  }

  get previous(): Token {
    return this.tokens[this.pos - 1] ?? this.peek();
  }

  next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  atEof(): boolean {
    return this.peek().kind === 'eof';
  }

  /** Is the current token the punctuator `text`? */
  at(text: string): boolean {
    const t = this.peek();
    return t.kind === 'punct' && t.text === text;
  }

  atWord(text: string, n = 0): boolean {
    const t = this.peek(n);
    return t.kind === 'identifier' && t.text === text;
  }

  accept(text: string): boolean {
    if (!this.at(text)) return false;
    this.pos++;
    return true;
  }

  acceptWord(text: string): boolean {
    if (!this.atWord(text)) return false;
    this.pos++;
    return true;
  }

  /**
   * Consumes the punctuator or reports `expected 'x' <context>` and aborts. A terminator (`context`
   * "after …") missing at the end of a line or before `}` is reported without aborting: what follows
   * is most likely fine, and skipping it would lose it and cascade errors.
   */
  expect(text: string, context = ''): Token {
    if (this.at(text)) return this.next();
    const message = `expected '${text}'${context ? ` ${context}` : ''}`;
    if (context.startsWith('after') && this.pos > 0) {
      // Pointing just past the previous token reads best, as clang does.
      this.error(message, this.endOfPrevious());
      if (this.peek().lineStart || this.at('}')) return this.previous;
      throw new ParseAbort();
    }
    return this.fail(message);
  }

  /**
   * Consumes the `}` matching `open`. Missing at end of input, it is reported with a note at `open`
   * and the construct is kept (nothing follows that could be lost); elsewhere it aborts.
   */
  expectCloseBrace(open: Token): void {
    if (this.accept('}')) return;
    this.error("expected '}'", undefined, undefined, [this.sink.note("to match this '{'", open.loc)]);
    if (!this.atEof()) throw new ParseAbort();
  }

  /**
   * Consumes one `>` closing a template argument list; a `>>` is split so its second half can close
   * the enclosing list (`RWStructuredBuffer<vector<float,3>>`).
   */
  expectCloseAngle(): void {
    const t = this.peek();
    if (t.kind === 'punct' && (t.text === '>>' || t.text === '>>=' || t.text === '>=')) {
      const rest = t.text.slice(1);
      const loc = (t.loc + 1) as Loc;
      this.splits.push({ index: this.pos, original: t });
      if (this.shared) {
        this.tokens = this.tokens.slice();
        this.shared = false;
      }
      this.tokens[this.pos] = makeToken(t.kind, rest, loc, false, false, t.expandedFrom);
      return;
    }
    this.expect('>', 'to close the template argument list');
  }

  /** Location just after the previous token (on its line), or the current token for macro-expanded text. */
  endOfPrevious(): Loc {
    const prev = this.previous;
    if (prev.expandedFrom || prev.text.includes('\n')) return prev.loc;
    return (prev.loc + prev.text.length) as Loc;
  }

  // ---- Diagnostics ------------------------------------------------------------------------

  /** Reports a syntax error at the current token (or `loc`) and aborts to the nearest recovery point. */
  fail(message: string, loc?: Loc, length?: number): never {
    this.error(message, loc, length);
    throw new ParseAbort();
  }

  /** Reports an error without aborting (the construct is still usable). */
  error(message: string, loc?: Loc, length?: number, extraNotes: Diagnostic[] = []): void {
    if (this.muted > 0) return;
    const token = this.peek();
    // The lexer already reported a stray character; blaming it again adds nothing.
    if (!loc && token.kind === 'invalid') return;
    const at = loc ?? token.loc;
    const place = this.sink.locations.resolve(at);
    const key = `${place.file}:${place.offset}`;
    if (this.blamed.has(key)) return;
    this.blamed.add(key);
    // The token blamed: the current one, or the previous one for "expected ';' after …".
    const source = !loc ? token : loc === this.previous.loc ? this.previous : undefined;
    const notes = source?.expandedFrom
      ? [this.sink.note(`expanded from macro '${source.expandedFrom.macro}'`, source.expandedFrom.loc)]
      : [];
    notes.push(...extraNotes);
    this.sink.error(message, at, length ?? (loc ? 1 : Math.max(1, token.text.length)), notes);
    if (++this.errors >= MAX_ERRORS) {
      this.sink.add(this.sink.note('too many errors emitted, stopping now', at));
      throw new ParseStop();
    }
  }

  warning(message: string, loc: Loc, length: number, flag: WarningFlag): void {
    if (this.muted === 0) this.sink.warning(message, loc, length, [], flag);
  }

  // ---- Nesting guard ----------------------------------------------------------------------

  /**
   * Enters one nesting level; too deep is a diagnostic, never a stack overflow. Pair with `leave()`;
   * when an abort skips the `leave()`, the catching recovery point restores `depth`.
   */
  enter(): void {
    if (this.depth >= MAX_DEPTH) this.fail(`nesting is too deep (more than ${MAX_DEPTH} levels)`);
    this.depth++;
  }

  leave(): void {
    this.depth--;
  }

  /** Runs `body` one nesting level deeper (for cold paths; hot ones call enter/leave). */
  nested<T>(body: () => T): T {
    this.enter();
    const result = body();
    this.leave();
    return result;
  }

  // ---- Speculation ------------------------------------------------------------------------

  /**
   * `speculate`, remembering failures by token position: nested speculations (template arguments
   * inside template arguments) would otherwise re-run each other exponentially often.
   */
  speculateOnce<T>(key: SpeculationKind, body: () => T | undefined): T | undefined {
    const id = this.pos * SPECULATION_KINDS + key;
    if (this.failedSpeculations.has(id)) return undefined;
    const result = this.speculate(body);
    if (result === undefined) this.failedSpeculations.add(id);
    return result;
  }

  /**
   * Tries `body` silently; on success keeps its result and position, on failure (an abort or an
   * `undefined` result) rewinds as if nothing happened.
   */
  speculate<T>(body: () => T | undefined): T | undefined {
    const snap = this.snapshot();
    const height = this.scopes.height;
    const depth = this.depth;
    this.muted++;
    try {
      const result = body();
      if (result === undefined) this.restore(snap);
      return result;
    } catch (e) {
      if (!(e instanceof ParseAbort)) throw e;
      this.restore(snap);
      this.scopes.truncate(height);
      this.depth = depth;
      return undefined;
    } finally {
      this.muted--;
    }
  }

  /** Looks ahead without consuming anything: true if `body` returns true. */
  lookahead(body: () => boolean): boolean {
    const snap = this.snapshot();
    const result = this.speculate(() => (body() ? true : undefined)) ?? false;
    this.restore(snap);
    return result;
  }

  private snapshot(): Snapshot {
    return { pos: this.pos, splits: this.splits.length };
  }

  private restore(snap: Snapshot): void {
    this.pos = snap.pos;
    while (this.splits.length > snap.splits) {
      const s = this.splits.pop()!;
      this.tokens[s.index] = s.original;
    }
  }
}
