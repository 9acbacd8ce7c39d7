// The state one parse call owns: the token cursor over a window of the token stream (tokens behind
// the parser are dropped, so they die young), diagnostics (with de-duplication, speculation and an
// error limit), the nesting-depth guard and the type-name scopes.
import type { Diagnostic, DiagnosticSink, Loc } from '../diagnostics.js';
import type { WarningFlag } from '../warning-flags.js';
import { makeToken, type Token } from '../lex/token.js';
import { ScopeStack } from './scope.js';
import type { TokenStream } from './token-stream.js';

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

export interface ParserOptions {
  /** Dropped tokens the window lets pile up before it compacts (small in tests, to exercise it). */
  compactAfter?: number;
}

/** Compact the window when at least this many tokens before the low-water mark are dead. */
const COMPACT_AFTER = 4096;

export class ParserState {
  /** Absolute index of the current token in the stream. */
  pos = 0;
  depth = 0;
  readonly scopes = new ScopeStack();
  /**
   * The window: tokens [base, base + window.length) of the stream. It holds everything from the
   * low-water mark on: the previous token (`previous`, `endOfPrevious`) and the oldest open
   * snapshot (speculation, lookahead), which every rewind and `>>` split undo stays above (a split
   * is undone only by restoring a snapshot taken before it). Callers that set `pos` themselves
   * only move it back to where it was while the tokens between stayed reachable (see
   * `startsTypeAfterNext`).
   */
  private window: Token[] = [];
  private base = 0;
  private readonly source: TokenStream;
  private ended = false;
  /** `window` is still the caller's array (see the constructor). */
  private shared = false;
  /** The stream's final `eof` (what reads past the end return), known once `ended`. */
  private eofToken: Token | undefined;
  /** Positions of the open snapshots, oldest first (they nest, so the first is the lowest). */
  private readonly marks: number[] = [];
  /**
   * The open `recovering` items, innermost last (they nest): where each started, and the `{` its
   * tokens left open over [start, scanned), counted when tokens below the window were dropped (so
   * that an item does not keep its tokens in the window). Parallel number arrays: one per item
   * would be an object per statement.
   */
  private readonly recoveryScanned: number[] = [];
  private readonly recoveryBraces: number[] = [];
  private readonly compactAfter: number;
  /** While > 0, errors are not reported (speculative parsing); an abort still unwinds. */
  private muted = 0;
  private errors = 0;
  /** Places (file and offset) already blamed: one error per token is enough. */
  private readonly blamed = new Set<string>();
  /** `>>` tokens split into `>` `>` to close two template argument lists; undone on backtrack. */
  private readonly splits: { index: number; original: Token }[] = [];
  private readonly failedSpeculations = new Set<number>();

  constructor(
    tokens: Token[] | TokenStream,
    readonly sink: DiagnosticSink,
    options: ParserOptions = {},
  ) {
    this.compactAfter = options.compactAfter ?? COMPACT_AFTER;
    if (Array.isArray(tokens)) {
      // The caller keeps its array alive anyway: it is the whole window, nothing is pulled or
      // dropped; it is copied before the first `>>` split writes to it (few streams have one).
      this.source = { fill: () => true };
      this.window = tokens;
      this.shared = true;
      const last = tokens[tokens.length - 1];
      if (!last || last.kind !== 'eof') {
        const loc = last?.loc ?? sink.locations.start('<input>');
        this.window = [...tokens, makeToken('eof', '', loc, false, true)];
        this.shared = false;
      }
      this.ended = true;
      this.eofToken = this.window[this.window.length - 1];
    } else {
      this.source = tokens;
    }
  }

  // ---- Cursor -----------------------------------------------------------------------------

  peek(n = 0): Token {
    return this.window[this.pos - this.base + n] ?? this.pull(this.pos + n);
  }

  tokenAt(index: number): Token {
    return this.window[index - this.base] ?? this.pull(index);
  }

  get previous(): Token {
    return this.pos > 0 ? this.tokenAt(this.pos - 1) : this.peek();
  }

  next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  atEof(): boolean {
    return this.peek().kind === 'eof';
  }

  /**
   * The token at `index`, pulling from the source until the window reaches it. Below the window
   * is a bug (a read behind the low-water mark): it throws rather than read a wrong token.
   */
  private pull(index: number): Token {
    if (index < this.base) throw new Error(`parser read token ${index} below its window (${this.base})`);
    while (!this.ended && index - this.base >= this.window.length) {
      this.compact();
      const from = this.window.length;
      this.ended = this.source.fill(this.window);
      if (this.ended) this.eofToken = this.window[this.window.length - 1];
      if (this.window.length === from) throw new Error('token source appended nothing');
    }
    return this.window[index - this.base] ?? this.eofToken!;
  }

  /**
   * Drops the tokens below the low-water mark once there are many and at least as many as stay
   * (so each token is copied O(1) times overall). Open recovery marks below it fold those tokens'
   * braces into their counts first.
   */
  private compact(): void {
    const low = Math.min(this.pos - 1, this.marks.length > 0 ? this.marks[0]! : this.pos);
    const dead = low - this.base;
    const window = this.window;
    if (dead < this.compactAfter || dead < window.length - dead) return;
    this.foldBraces(low);
    const live = window.length - dead;
    for (let i = 0; i < live; i++) window[i] = window[i + dead]!;
    window.length = live;
    this.base = low;
  }

  // ---- Recovery marks ---------------------------------------------------------------------

  /** Starts a `recovering` item at the current position; its mark, for `openBracesSince`. */
  openRecovery(): number {
    this.recoveryScanned.push(this.pos);
    this.recoveryBraces.push(0);
    return this.recoveryScanned.length - 1;
  }

  /** Closes the innermost open recovery mark (`recovering` closes them in a `finally`: they nest). */
  closeRecovery(): void {
    this.recoveryScanned.pop();
    this.recoveryBraces.pop();
  }

  /** `{` left open by the tokens from the start of recovery mark `mark` to the current position. */
  openBracesSince(mark: number): number {
    let braces = this.recoveryBraces[mark]!;
    for (let i = this.recoveryScanned[mark]!; i < this.pos; i++) braces = braceStep(this.tokenAt(i), braces);
    return braces;
  }

  /** Counts the tokens [base, low) into the open recovery marks that started below `low`. */
  private foldBraces(low: number): void {
    const scanned = this.recoveryScanned;
    // Marks nest, so their `scanned` rise from the first: stop at the first at or above `low`.
    for (let m = 0; m < scanned.length && scanned[m]! < low; m++) {
      let braces = this.recoveryBraces[m]!;
      for (let i = scanned[m]!; i < low; i++) braces = braceStep(this.window[i - this.base]!, braces);
      this.recoveryBraces[m] = braces;
      scanned[m] = low;
    }
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
        this.window = this.window.slice();
        this.shared = false;
      }
      this.window[this.pos - this.base] = makeToken(t.kind, rest, loc, false, false, t.expandedFrom);
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
      this.marks.pop();
    }
  }

  /** Looks ahead without consuming anything: true if `body` returns true. */
  lookahead(body: () => boolean): boolean {
    const snap = this.snapshot();
    try {
      const result = this.speculate(() => (body() ? true : undefined)) ?? false;
      this.restore(snap);
      return result;
    } finally {
      this.marks.pop();
    }
  }

  /** A snapshot also marks its position (popped by its taker) so the window keeps it. */
  private snapshot(): Snapshot {
    this.marks.push(this.pos);
    return { pos: this.pos, splits: this.splits.length };
  }

  private restore(snap: Snapshot): void {
    this.pos = snap.pos;
    while (this.splits.length > snap.splits) {
      const s = this.splits.pop()!;
      this.window[s.index - this.base] = s.original;
    }
  }
}

/** One step of the recovery's brace count: `{` opens, `}` closes one if any is open. */
function braceStep(t: Token, braces: number): number {
  if (t.kind !== 'punct') return braces;
  if (t.text === '{') return braces + 1;
  return t.text === '}' && braces > 0 ? braces - 1 : braces;
}
