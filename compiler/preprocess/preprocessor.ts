// The preprocessor of one call: the stack of files being read, directive handling, and the
// environment macro expansion runs in. As a TokenSource it yields the tokens of the active
// groups of the files, with directives executed (and `#pragma pack_matrix` turned into a token);
// a MacroExpander on top of it produces the output stream.
import { DiagnosticSink, type Loc } from '../diagnostics.js';
import type { CompilerHost } from '../host.js';
import { tokenizeAt } from '../lex/lexer.js';
import { NO_PLACE } from '../locations.js';
import { SpellingTable } from '../lex/spellings.js';
import { makeToken, type Token } from '../lex/token.js';
import { normalizePath } from '../util/path.js';
import { evaluateCondition } from './condition.js';
import { skipToGroupDirective, type Conditional } from './conditionals.js';
import { MacroExpander, type ExpansionBudget, type ExpansionEnvironment } from './expander.js';
import { isBuiltinHeaderName, unprovidedHeader } from '../headers/index.js';
import { IncludeResolver } from './include-resolver.js';
import { endOf } from './locations.js';
import { parseDefine, sameDefinition, type Macro } from './macro.js';
import { ArrayTokenSource, HideSet, isPunct, toOutputToken, type PPToken, type TokenSource } from './pp-token.js';
import { interpretPragma } from './pragma.js';
import { initialMacros, type PredefinedOptions } from './predefined.js';
import { FileFrame, fileLeft, fileTokens, loadSourceFile, type SourceFile } from './source-file.js';

/** clang's limit on nested `#include`s. */
export const MAX_INCLUDE_DEPTH = 200;

export interface PreprocessorOptions extends PredefinedOptions {
  defines?: Record<string, string>;
  includeDirs?: string[];
  virtualFiles?: Record<string, string>;
}

/** A directive's line: its name token and the tokens after it, with `#line`-mapped locations. */
interface DirectiveLine {
  frame: FileFrame;
  name: PPToken;
  args: PPToken[];
  /** Index of the first token after the line (in the frame's tokens). */
  end: number;
}

export class Preprocessor implements TokenSource, ExpansionEnvironment {
  readonly macros: Map<string, Macro>;
  readonly budget: ExpansionBudget = { produced: 0, exhausted: false };
  readonly emptyHideSet = HideSet.empty();
  private readonly frames: FileFrame[] = [];
  private readonly conditionals: Conditional[] = [];
  private readonly sourceFiles = new Map<string, SourceFile>();
  private readonly filesRead: string[] = [];
  private readonly filesReadSet = new Set<string>();
  /** Identifier spellings interned across all files of this call (see tokenize). */
  private readonly spellings = new SpellingTable();
  private readonly onceFiles = new Set<string>();
  private readonly resolver: IncludeResolver;
  private counter = 0;
  private endToken: PPToken | undefined;
  /** The expander producing the output (set by `start`). */
  private root: MacroExpander | undefined;

  constructor(
    host: CompilerHost,
    options: PreprocessorOptions,
    readonly sink: DiagnosticSink,
  ) {
    this.macros = initialMacros(options, options.defines, sink);
    this.resolver = new IncludeResolver(host, options.virtualFiles, options.includeDirs);
  }

  /** Preprocesses `text` (the main file) to the whole output array. */
  run(text: string, file: string): { tokens: Token[]; files: string[] } {
    this.start(text, file);
    const tokens: Token[] = [];
    while (!this.output(tokens)) {
      // each step appends at least one token
    }
    return { tokens, files: this.filesRead };
  }

  /** Enters the main file; then `output` produces the stream step by step. */
  start(text: string, file: string): void {
    const path = normalizePath(file);
    this.resolver.remember(path, text);
    this.filesRead.push(path);
    this.filesReadSet.add(path);
    this.enter(this.sourceFile(path, text));
    this.root = new MacroExpander(this, this, { depth: 0, condition: false, root: true });
  }

  /**
   * One step of the output loop: appends the plain text up to the next directive or macro name,
   * then one token from the expander; true once that token is the final `eof`.
   */
  output(out: Token[]): boolean {
    const root = this.root!;
    if (root.idle) this.copyPlainText(out);
    const t = root.next();
    out.push(toOutputToken(t));
    return t.kind === 'eof';
  }

  /** Every file read so far (the main file first); complete once `output` has returned true. */
  get files(): string[] {
    return this.filesRead;
  }

  /**
   * The fast path of the output loop, taken while no expansion is pending: the current file's
   * tokens up to the next directive, macro name or end of file go to `out` as they are, which is
   * what the expander would produce for them (a name that is no macro is output unchanged). A file
   * with `#line` in effect or lexer diagnostics still to release takes the general path.
   */
  private copyPlainText(out: Token[]): void {
    const frame = this.frames[this.frames.length - 1];
    if (frame === undefined || frame.remapped || frame.lexDiagnosticsPending) return;
    const tokens = frame.tokens;
    const macros = this.macros;
    let pos = frame.pos;
    for (;;) {
      const t = tokens[pos]!;
      const kind = t.kind;
      if (kind === 'eof' || (kind === 'identifier' ? macros.has(t.text) : t.lineStart && kind === 'punct' && t.text === '#')) break;
      out.push(t);
      pos++;
    }
    frame.pos = pos;
  }

  // ---- TokenSource: the active text of the file stack ----

  next(): PPToken {
    for (;;) {
      const frame = this.frames[this.frames.length - 1];
      if (frame === undefined) return this.endToken!;
      const t = frame.tokens[frame.pos]!;
      frame.releaseLexDiagnostics(t, true, 'report', this.sink);
      if (t.kind === 'eof') {
        this.leave(frame, t);
        continue;
      }
      frame.pos++;
      if (t.lineStart && t.kind === 'punct' && t.text === '#') {
        const produced = this.directive(frame);
        if (produced !== undefined) return produced;
        continue;
      }
      return frame.map(t);
    }
  }

  private enter(file: SourceFile): void {
    this.frames.push(new FileFrame(file, fileTokens(file, this.spellings, this.sink.locations), this.conditionals.length, this.sink.locations));
  }

  private leave(frame: FileFrame, eof: Token): void {
    while (this.conditionals.length > frame.conditionalBase) {
      const open = this.conditionals.pop()!;
      this.sink.error('unterminated conditional directive', open.loc, open.directive.length);
    }
    this.frames.pop();
    fileLeft(frame.file);
    if (this.frames.length === 0) this.endToken = frame.map(eof);
  }

  private sourceFile(path: string, text: string): SourceFile {
    let file = this.sourceFiles.get(path);
    if (file === undefined) {
      file = loadSourceFile(path, text, this.spellings, this.sink.locations);
      this.sourceFiles.set(path, file);
    }
    return file;
  }

  // ---- ExpansionEnvironment ----

  nextCounter(): number {
    return this.counter++;
  }

  pragmaOperator(text: string, loc: Loc): PPToken | undefined {
    const line = tokenizeAt(text, NO_PLACE, new DiagnosticSink())
      .filter((t) => t.kind !== 'eof')
      .map((t) => makeToken(t.kind, t.text, loc, t.spaceBefore, t.lineStart));
    return this.pragma(line, loc);
  }

  // ---- Directives ----

  /** Runs the directive whose `#` was just read; returns a token it puts in the stream, if any. */
  private directive(frame: FileFrame): PPToken | undefined {
    const nameIndex = frame.pos;
    const first = frame.tokens[nameIndex]!;
    if (first.lineStart) return undefined; // the null directive: `#` alone
    const d = this.readDirectiveLine(frame, nameIndex);
    if (d.name.kind === 'number') return this.lineDirective(d, true);
    if (d.name.kind !== 'identifier') {
      this.sink.error('invalid preprocessing directive', d.name.loc, d.name.text.length);
      return undefined;
    }
    switch (d.name.text) {
      case 'define':
        return this.define(d);
      case 'undef':
        return this.undef(d);
      case 'include':
        return this.include(d);
      case 'if':
        return this.openConditional(d, () => this.evaluate(d));
      case 'ifdef':
      case 'ifndef': {
        const name = this.macroName(d);
        if (name === undefined) return this.openConditional(d, () => false);
        this.extraTokens(d, 1);
        return this.openConditional(d, () => this.macros.has(name) === (d.name.text === 'ifdef'));
      }
      case 'elif':
        return this.elseGroup(d);
      case 'else':
        this.extraTokens(d, 0);
        return this.elseGroup(d);
      case 'endif':
        this.extraTokens(d, 0);
        return this.endif(d);
      case 'line':
        return this.lineDirective(d, false);
      case 'error':
      case 'warning':
        return this.userDiagnostic(d);
      case 'pragma':
        return this.pragma(d.args, d.name.loc);
      default:
        this.sink.error('invalid preprocessing directive', d.name.loc, d.name.text.length);
        return undefined;
    }
  }

  private readDirectiveLine(frame: FileFrame, nameIndex: number): DirectiveLine {
    const end = frame.lineEnd(nameIndex + 1);
    const raw = frame.tokens[nameIndex]!;
    // `#error`/`#warning` text is free-form: the lexer's complaints about it (a lone apostrophe) do not apply.
    const userText = raw.kind === 'identifier' && (raw.text === 'error' || raw.text === 'warning');
    frame.releaseLexDiagnostics(frame.tokens[end - 1]!, true, userText ? 'drop' : 'report', this.sink);
    frame.pos = end;
    const args: PPToken[] = [];
    for (let i = nameIndex + 1; i < end; i++) args.push(frame.map(frame.tokens[i]!));
    return { frame, name: frame.map(raw), args, end };
  }

  private extraTokens(d: DirectiveLine, expected: number): void {
    const extra = d.args[expected];
    if (extra !== undefined) this.sink.warning(`extra tokens at end of #${d.name.text} directive`, extra.loc, extra.text.length, [], 'extra-tokens');
  }

  /** The identifier after `#undef`/`#ifdef`/`#ifndef`, or undefined after reporting why not. */
  private macroName(d: DirectiveLine): string | undefined {
    const t = d.args[0];
    if (t === undefined) {
      this.sink.error('macro name missing', endOf(d.name));
      return undefined;
    }
    if (t.kind !== 'identifier') {
      this.sink.error('macro name must be an identifier', t.loc, t.text.length);
      return undefined;
    }
    if (t.text === 'defined') {
      this.sink.error("'defined' cannot be used as a macro name", t.loc, t.text.length);
      return undefined;
    }
    return t.text;
  }

  private define(d: DirectiveLine): undefined {
    const macro = parseDefine(d.name, d.args, this.sink);
    if (macro === undefined) return undefined;
    const previous = this.macros.get(macro.name);
    if (previous?.builtin !== undefined) {
      this.sink.warning('redefining builtin macro', macro.loc, macro.name.length, [], 'builtin-macro-redefined');
    } else if (previous !== undefined && !sameDefinition(previous, macro)) {
      this.sink.warning(`'${macro.name}' macro redefined`, macro.loc, macro.name.length, [
        this.sink.note('previous definition is here', previous.loc, macro.name.length),
      ], 'macro-redefined');
    }
    this.macros.set(macro.name, macro);
    return undefined;
  }

  private undef(d: DirectiveLine): undefined {
    const name = this.macroName(d);
    if (name === undefined) return undefined;
    this.extraTokens(d, 1);
    if (this.macros.get(name)?.builtin !== undefined) this.sink.warning('undefining builtin macro', d.args[0]!.loc, name.length, [], 'builtin-macro-redefined');
    this.macros.delete(name);
    return undefined;
  }

  /** Macro-expands a directive's tokens (for `#if`, `#include MACRO`, `#line MACRO`). */
  private expandLine(d: DirectiveLine, condition: boolean): { tokens: PPToken[]; failed: boolean } {
    const endLoc = endOf(d.args[d.args.length - 1] ?? d.name);
    const expander = new MacroExpander(new ArrayTokenSource(d.args, endLoc), this, { depth: 0, condition, root: false });
    const tokens: PPToken[] = [];
    for (let t = expander.next(); t.kind !== 'eof'; t = expander.next()) tokens.push(t);
    return { tokens, failed: expander.failed };
  }

  private evaluate(d: DirectiveLine): boolean {
    if (d.args.length === 0) {
      this.sink.error('expected value in expression', endOf(d.name));
      return false;
    }
    const { tokens, failed } = this.expandLine(d, true);
    if (failed) return false;
    return evaluateCondition(tokens, endOf(d.args[d.args.length - 1]!), this.sink);
  }

  private openConditional(d: DirectiveLine, condition: () => boolean): undefined {
    const value = condition();
    this.conditionals.push({ directive: d.name.text, loc: d.name.loc, taken: value });
    if (!value) this.skipGroup(d.frame);
    return undefined;
  }

  /** The innermost open `#if` of the current file, or undefined after reporting "#x without #if". */
  private currentConditional(d: DirectiveLine): Conditional | undefined {
    if (this.conditionals.length > d.frame.conditionalBase) return this.conditionals[this.conditionals.length - 1];
    this.sink.error(`#${d.name.text} without #if`, d.name.loc, d.name.text.length);
    return undefined;
  }

  /** `#elif`/`#else` reached in a taken group: the rest of the chain is skipped. */
  private elseGroup(d: DirectiveLine): undefined {
    const c = this.currentConditional(d);
    if (c === undefined) return undefined;
    this.checkAfterElse(c, d);
    if (d.name.text === 'else') c.elseLoc = d.name.loc;
    this.skipGroup(d.frame);
    return undefined;
  }

  private checkAfterElse(c: Conditional, d: DirectiveLine): void {
    if (c.elseLoc === undefined) return;
    this.sink.error(`#${d.name.text} after #else`, d.name.loc, d.name.text.length, [
      this.sink.note('previous #else is here', c.elseLoc, 4),
    ]);
  }

  private endif(d: DirectiveLine): undefined {
    if (this.currentConditional(d) !== undefined) this.conditionals.pop();
    return undefined;
  }

  /** Skips groups until one is taken or the chain's `#endif`. */
  private skipGroup(frame: FileFrame): void {
    for (;;) {
      const nameIndex = skipToGroupDirective(frame, this.sink);
      if (nameIndex < 0) return; // end of file: reported as unterminated when the file is left
      const d = this.readDirectiveLine(frame, nameIndex);
      const c = this.conditionals[this.conditionals.length - 1]!;
      switch (d.name.text) {
        case 'endif':
          this.extraTokens(d, 0);
          this.conditionals.pop();
          return;
        case 'else':
          this.checkAfterElse(c, d);
          c.elseLoc = d.name.loc;
          if (!c.taken) {
            this.extraTokens(d, 0);
            c.taken = true;
            return;
          }
          break;
        case 'elif':
          this.checkAfterElse(c, d);
          if (!c.taken && this.evaluate(d)) {
            c.taken = true;
            return;
          }
          break;
      }
    }
  }

  private include(d: DirectiveLine): undefined {
    const header = this.headerName(d);
    if (header === undefined) return undefined;
    const { name, angled, at } = header;
    const includer = d.frame.file.path;
    const lookup = this.resolver.lookup(name, angled, includer);
    if (lookup.found === undefined) {
      const unprovided = unprovidedHeader(name);
      if (unprovided !== undefined) {
        this.sink.error(`'${name}' is a header DXC provides built in, but this compiler does not provide it: ${unprovided}`, at.loc, at.text.length).include = name;
        return undefined;
      }
      const where =
        lookup.tried.length > 0
          ? `searched ${lookup.tried.join(', ')}`
          : `<${name}> is searched only in the include directories, and none were given`;
      const hint = !angled && isBuiltinHeaderName(name) ? `; the built-in '${name}' is found by #include <${name}>` : '';
      this.sink.error(`'${name}' file not found (${where}${hint})`, at.loc, at.text.length).include = name;
      return undefined;
    }
    const { path, text } = lookup.found;
    // A built-in header is no file: the embedder has nothing to watch.
    if (!lookup.found.builtin && !this.filesReadSet.has(path)) {
      this.filesReadSet.add(path);
      this.filesRead.push(path);
    }
    if (this.onceFiles.has(path)) return undefined;
    const file = this.sourceFile(path, text);
    if (file.guard !== undefined && this.macros.has(file.guard)) {
      if (file.entries === 0) file.tokens = undefined; // lexed just now to find the guard
      return undefined;
    }
    const cycleStart = this.frames.findIndex((f) => f.file.path === path);
    if (cycleStart >= 0) {
      const chain = [...this.frames.slice(cycleStart).map((f) => f.file.path), path].join(' -> ');
      this.sink.error(`#include cycle: ${chain}`, at.loc, at.text.length);
      return undefined;
    }
    if (this.frames.length >= MAX_INCLUDE_DEPTH) {
      this.sink.error('#include nested too deeply', at.loc, at.text.length);
      return undefined;
    }
    this.enter(file);
    return undefined;
  }

  /** The file named by `#include "x"`, `#include <x>` or `#include MACRO` (C99 6.10.2). */
  private headerName(d: DirectiveLine): { name: string; angled: boolean; at: PPToken } | undefined {
    const first = d.args[0];
    const expected = (at: Loc): undefined => {
      this.sink.error('expected "FILENAME" or <FILENAME>', at);
      return undefined;
    };
    if (first === undefined) return expected(endOf(d.name));
    let result: { name: string; angled: boolean; at: PPToken; extra: PPToken | undefined };
    if (first.kind === 'string') {
      result = { name: unquote(first.text), angled: false, at: first, extra: d.args[1] };
    } else if (isPunct(first, '<')) {
      // A <h-char-sequence> is not made of tokens (`<a//b.h>` holds no comment): read the text.
      const text = d.frame.file.text;
      const start = this.offsetOf(first) + 1;
      const close = text.slice(start).search(/[>\r\n]/);
      if (close < 0 || text[start + close] !== '>') return expected(first.loc);
      const closeOffset = start + close;
      const name = text.slice(start, closeOffset);
      result = { name, angled: true, at: { ...first, text: `<${name}>` }, extra: d.args.find((t) => this.offsetOf(t) > closeOffset) };
    } else {
      const { tokens } = this.expandLine(d, false);
      const head = tokens[0];
      if (head === undefined) return expected(first.loc);
      if (head.kind === 'string') {
        result = { name: unquote(head.text), angled: false, at: { ...head, loc: first.loc }, extra: tokens[1] };
      } else if (isPunct(head, '<')) {
        const close = tokens.findIndex((t) => isPunct(t, '>'));
        if (close < 0) return expected(first.loc);
        const name = tokens
          .slice(1, close)
          .map((t, i) => (i > 0 && t.spaceBefore ? ' ' : '') + t.text)
          .join('');
        result = { name, angled: true, at: { ...head, loc: first.loc, text: first.text }, extra: tokens[close + 1] };
      } else {
        return expected(first.loc);
      }
    }
    if (result.name === '') {
      this.sink.error('empty filename', result.at.loc);
      return undefined;
    }
    if (result.extra !== undefined) this.sink.warning('extra tokens at end of #include directive', result.extra.loc, result.extra.text.length, [], 'extra-tokens');
    return result;
  }

  /** `#line N "file"`, or the GNU line marker `# N "file" flags...` (`marker`). */
  private lineDirective(d: DirectiveLine, marker: boolean): undefined {
    const args = marker ? [d.name, ...d.args] : this.expandLine(d, false).tokens;
    const what = marker ? 'line marker directive' : '#line directive';
    const number = args[0];
    if (number === undefined || number.kind !== 'number') {
      this.sink.error(`${what} requires a positive integer argument`, number?.loc ?? endOf(d.name));
      return undefined;
    }
    if (!/^[0-9]+$/.test(number.text)) {
      this.sink.error(`${marker ? 'GNU line marker' : '#line'} directive requires a simple digit sequence`, number.loc, number.text.length);
      return undefined;
    }
    const name = args[1];
    if (name !== undefined && name.kind !== 'string') {
      this.sink.error(`invalid filename for ${what}`, name.loc, name.text.length);
      return undefined;
    }
    if (!marker && args[2] !== undefined) this.sink.warning('extra tokens at end of #line directive', args[2].loc, args[2].text.length, [], 'extra-tokens');
    // The line after the directive gets the number: find its physical line.
    const lastOfLine = d.frame.tokens[d.end - 1]!;
    const after = lastOfLine.loc - d.frame.file.base + lastOfLine.text.length;
    d.frame.setLine(after, this.sink.locations.resolve(lastOfLine.loc).line + 1, Number(number.text), name === undefined ? undefined : unescape(unquote(name.text)));
    return undefined;
  }

  /** Where a token stands in its file's text. */
  private offsetOf(t: Token): number {
    return t.loc - this.sink.locations.base(t.loc);
  }

  private userDiagnostic(d: DirectiveLine): undefined {
    // The message is the line's text as written (clang reads it raw), spliced lines joined.
    const first = d.args[0];
    const last = d.args[d.args.length - 1];
    const text = d.frame.file.text;
    const message = first && last ? text.slice(this.offsetOf(first), this.offsetOf(last) + last.text.length).replace(/\\\r?\n/g, '') : '';
    if (d.name.text === 'error') this.sink.error(message || '#error', d.name.loc, d.name.text.length);
    else this.sink.warning(message || '#warning', d.name.loc, d.name.text.length, [], '#warnings');
    return undefined;
  }

  /** `#pragma` / `_Pragma`: `once` marks the current file; `pack_matrix` becomes a stream token. */
  private pragma(line: readonly PPToken[], loc: Loc): PPToken | undefined {
    const action = interpretPragma(line, this.sink);
    if (action.kind === 'pack_matrix') return action.token;
    if (action.kind === 'once') {
      if (this.frames.length === 1) this.sink.warning('#pragma once in main file', line[0]?.loc ?? loc, 4, [], 'pragma-once-outside-header');
      const frame = this.frames[this.frames.length - 1];
      if (frame !== undefined) this.onceFiles.add(frame.file.path);
    }
    return undefined;
  }
}

function unquote(literal: string): string {
  return literal.slice(1, literal.length > 1 && literal.endsWith('"') ? -1 : undefined);
}

function unescape(text: string): string {
  return text.replace(/\\(["\\])/g, '$1');
}
