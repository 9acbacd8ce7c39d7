// One file being preprocessed: its tokens (lexed when it is entered, dropped when it is left unless
// it is entered again; see `SourceFile`) and a read position per inclusion. The frame also applies
// `#line` to locations and releases the lexer's diagnostics in step with preprocessing, so that
// problems inside skipped `#if 0` blocks or in `#error` text are not reported (as in clang, which
// does not lex those).
import { DiagnosticSink, type Diagnostic, type Loc } from '../diagnostics.js';
import type { LocationTable } from '../locations.js';
import { tokenizeAt } from '../lex/lexer.js';
import type { SpellingTable } from '../lex/spellings.js';
import { makeToken, type Token } from '../lex/token.js';
import { findIncludeGuard } from './include-guard.js';

/**
 * What is kept of a file between its inclusions: always its text and include guard (a guarded
 * file included again is skipped without its tokens); its tokens only while a frame reads them,
 * or, once it has been entered twice, for the rest of the call (a file really re-entered, such
 * as an X-macro table, is likely to be entered again).
 */
export interface SourceFile {
  /** Absolute, normalised. */
  path: string;
  /** The text, for `#include <...>` whose name is not a sequence of tokens, and for re-lexing. */
  text: string;
  /** The tokens, or undefined after they were dropped (lexed again when the file is entered). */
  tokens: Token[] | undefined;
  /** The location of the text's offset 0. */
  base: Loc;
  /** The lexer's diagnostics, in source order; released by FileFrame.releaseLexDiagnostics. */
  lexDiagnostics: Diagnostic[];
  /** The include-guard macro when the whole file is one `#ifndef` block. */
  guard: string | undefined;
  /** How often a frame has read the file. */
  entries: number;
}

export function loadSourceFile(path: string, text: string, spellings: SpellingTable, locations: LocationTable): SourceFile {
  const file: SourceFile = { path, text, tokens: undefined, base: locations.file(path, text), lexDiagnostics: [], guard: undefined, entries: 0 };
  file.guard = findIncludeGuard(fileTokens(file, spellings, locations));
  return file;
}

/** The file's tokens, lexed again if they were dropped (the same tokens and diagnostics as the first time). */
export function fileTokens(file: SourceFile, spellings: SpellingTable, locations: LocationTable): Token[] {
  if (file.tokens !== undefined) return file.tokens;
  const lexSink = new DiagnosticSink(undefined, locations);
  file.tokens = tokenizeAt(file.text, file.base, lexSink, spellings);
  file.lexDiagnostics = lexSink.items;
  return file.tokens;
}

/** A file's frame has been left: its tokens go unless it has been entered more than once. */
export function fileLeft(file: SourceFile): void {
  if (file.entries < 2) file.tokens = undefined;
}

/**
 * How released lexer diagnostics are treated: reported; in skipped text only unterminated
 * comments are reported (comments are still recognised there); dropped entirely.
 */
export type LexDiagnosticMode = 'report' | 'skipped' | 'drop';

export class FileFrame {
  /** Index of the next token to read. */
  pos = 0;
  /** `#line`: presumed line = physical line + lineDelta. */
  private lineDelta = 0;
  /** `#line N "name"`: the file name diagnostics and `__FILE__` report. */
  private presumedFile: string | undefined;
  private lexIndex = 0;
  /**
   * After a `#line`: this inclusion's own copy of the file in the location table (the directive
   * applies to this inclusion only), which the tokens read from here on are moved into.
   */
  private copyBase: Loc | undefined;

  private readonly lexDiagnostics: readonly Diagnostic[];

  constructor(
    readonly file: SourceFile,
    /** The file's tokens (the frame holds them, whatever the file keeps). */
    readonly tokens: readonly Token[],
    /** Length of the conditional stack when the file was entered: its own `#if`s lie above. */
    readonly conditionalBase: number,
    private readonly locations: LocationTable,
  ) {
    this.lexDiagnostics = file.lexDiagnostics;
    file.entries++;
  }

  get remapped(): boolean {
    return this.lineDelta !== 0 || this.presumedFile !== undefined;
  }

  /** Some lexer diagnostics of the file are not released yet. */
  get lexDiagnosticsPending(): boolean {
    return this.lexIndex < this.lexDiagnostics.length;
  }

  /** The token with its location as the user sees it (after `#line`). */
  map(t: Token): Token {
    if (!this.remapped) return t;
    const loc = (t.loc - this.file.base + this.copyBase!) as Loc;
    return makeToken(t.kind, t.text, loc, t.spaceBefore, t.lineStart, t.expandedFrom);
  }

  /**
   * `#line`: the physical line `physicalLine` is to be reported as `line` (in `file`, if given),
   * for the text from offset `from` on.
   */
  setLine(from: number, physicalLine: number, line: number, file: string | undefined): void {
    this.lineDelta = line - physicalLine;
    if (file !== undefined) this.presumedFile = file;
    this.copyBase ??= this.locations.copy(this.file.base);
    this.locations.addLineView(this.copyBase, from, this.presumedFile ?? this.file.path, this.lineDelta);
  }

  /**
   * Releases the lexer diagnostics located before `t` (also at `t` when `inclusive`): the text up
   * to there has now been preprocessed in the given mode.
   */
  releaseLexDiagnostics(t: Token, inclusive: boolean, mode: LexDiagnosticMode, sink: DiagnosticSink): void {
    const all = this.lexDiagnostics;
    if (this.lexIndex >= all.length) return; // the common case: nothing (left) to release
    const at = this.locations.resolve(t.loc);
    while (this.lexIndex < all.length) {
      const d = all[this.lexIndex]!;
      const before = d.line < at.line || (d.line === at.line && (inclusive ? d.column <= at.column : d.column < at.column));
      if (!before) return;
      this.lexIndex++;
      if (mode === 'report' || (mode === 'skipped' && d.message.startsWith('unterminated'))) {
        sink.add(this.remapped ? { ...d, file: this.presumedFile ?? d.file, line: d.line + this.lineDelta } : d);
      }
    }
  }

  /** Index of the first token of the next logical line at or after `from` (the `eof` at the end). */
  lineEnd(from: number): number {
    const tokens = this.tokens;
    let end = from;
    while (!tokens[end]!.lineStart && tokens[end]!.kind !== 'eof') end++;
    return end;
  }
}
