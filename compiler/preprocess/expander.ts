// Macro expansion after C99 6.10.3: argument collection, argument pre-expansion, `#` and `##`
// (with placemarkers), and rescanning. Re-expansion is prevented with Prosser's hide sets: every
// token remembers the macros whose expansion produced it, which is what makes the tricky examples
// of 6.10.3.5 come out as the standard says.
//
// Results are pushed back onto a pending stack and rescanned together with the rest of the input,
// so expansion is iterative; only argument pre-expansion recurses, and its depth is bounded.
import { DiagnosticSink, type Loc } from '../diagnostics.js';
import { NO_PLACE } from '../locations.js';
import { tokenizeAt } from '../lex/lexer.js';
import { makeToken } from '../lex/token.js';
import { definedHere, type BuiltinMacro, type Macro, type MacroBodyToken } from './macro.js';
import { HAS_FEATURE } from './predefined.js';
import { ArrayTokenSource, HideSet, isPunct, makePPToken, respaced, type PPToken, type TokenSource } from './pp-token.js';

/** Tokens one top-level expansion may produce before it is cut off (guards exponential macros). */
export const EXPANSION_TOKEN_LIMIT = 500_000;
/** Nesting of macro calls inside macro arguments (each level recurses once). */
export const ARGUMENT_NESTING_LIMIT = 64;

/** What expansion needs from the preprocessor that owns it. */
export interface ExpansionEnvironment {
  readonly macros: ReadonlyMap<string, Macro>;
  readonly sink: DiagnosticSink;
  readonly budget: ExpansionBudget;
  /** The empty hide set of this preprocess call (hide sets are interned per call). */
  readonly emptyHideSet: HideSet;
  nextCounter(): number;
  /** Runs `_Pragma("text")`; returns the token to put in the stream (pack_matrix) if any. */
  pragmaOperator(text: string, loc: Loc): PPToken | undefined;
}

/** Shared by all expanders of one preprocess call; reset whenever the top level reads source. */
export interface ExpansionBudget {
  produced: number;
  exhausted: boolean;
}

export interface ExpanderMode {
  /** Nesting level of argument pre-expansion. */
  depth: number;
  /** Expanding an `#if` line: `defined` is an operator. */
  condition: boolean;
  /** The top-level expander of the output stream (resets the budget). */
  root: boolean;
}

interface MacroCall {
  args: PPToken[][];
  rparen: PPToken;
}

/** A run of substituted tokens; `##` between runs pastes the last of one to the first of the next. */
interface Run {
  tokens: PPToken[];
  /** From the variadic parameter (for GNU `, ## __VA_ARGS__` comma elision). */
  variadic?: boolean;
}

const PASTE = 'paste' as const;

export class MacroExpander {
  private readonly pending: PPToken[] = [];
  private lastLoc: Loc = NO_PLACE;
  /** A malformed `defined` or macro call was reported: the `#if` using this expander is false. */
  failed = false;

  constructor(
    private readonly source: TokenSource,
    private readonly env: ExpansionEnvironment,
    private readonly mode: ExpanderMode,
  ) {}

  /** No expanded tokens are waiting: the next token comes from the source. */
  get idle(): boolean {
    return this.pending.length === 0;
  }

  /** The next fully macro-expanded token; `eof` at the end (repeatedly). */
  next(): PPToken {
    for (;;) {
      const t = this.read();
      if (t.kind !== 'identifier') return t;
      const name = t.text;
      if (this.mode.condition && name === 'defined') return this.definedOperator(t);
      const macro = this.env.macros.get(name);
      if (macro === undefined || this.env.budget.exhausted || t.hideset?.has(name)) return t;
      if (macro.builtin !== undefined) {
        const produced = this.builtin(macro.builtin, t);
        if (produced !== undefined) return produced;
        continue;
      }
      if (macro.params === undefined) {
        this.pushBack(this.substitute(macro, t, [], (t.hideset ?? this.env.emptyHideSet).with(name)));
        continue;
      }
      const lparen = this.read();
      if (!isPunct(lparen, '(')) {
        // A function-like macro name without arguments is an ordinary identifier.
        this.pending.push(lparen);
        return t;
      }
      const call = this.collectArguments(t, macro);
      if (call === undefined || this.env.budget.exhausted) continue;
      const empty = this.env.emptyHideSet;
      const shared = t.hideset && call.rparen.hideset ? t.hideset.intersection(call.rparen.hideset, empty) : empty;
      this.pushBack(this.substitute(macro, t, call.args, shared.with(name)));
    }
  }

  private read(): PPToken {
    if (this.env.budget.exhausted && !this.mode.root) {
      // A limit was hit: nested expanders (arguments, directive lines) stop at once, so that
      // abandoning a runaway expansion costs nothing more.
      return makeToken('eof', '', this.lastLoc, false, true);
    }
    const t = this.pending.pop();
    if (t !== undefined) return (this.lastLoc = t.loc), t;
    if (this.mode.root) {
      this.env.budget.produced = 0;
      this.env.budget.exhausted = false;
    }
    const next = this.source.next();
    this.lastLoc = next.loc;
    return next;
  }

  private pushBack(tokens: PPToken[]): void {
    const budget = this.env.budget;
    if (budget.exhausted) return;
    budget.produced += tokens.length;
    if (budget.produced > EXPANSION_TOKEN_LIMIT && !budget.exhausted) {
      budget.exhausted = true;
      const at = tokens[0];
      if (at !== undefined) {
        this.env.sink.error(`macro expansion produced more than ${EXPANSION_TOKEN_LIMIT} tokens; expansion stopped`, at.loc);
      }
      return;
    }
    for (let i = tokens.length - 1; i >= 0; i--) this.pending.push(tokens[i]!);
  }

  private collectArguments(nameTok: PPToken, macro: Macro): MacroCall | undefined {
    const params = macro.params!;
    const args: PPToken[][] = [[]];
    const commas: PPToken[] = [];
    let depth = 0;
    let rparen: PPToken | undefined;
    while (rparen === undefined) {
      const t = this.read();
      if (t.kind === 'eof') {
        if (this.env.budget.exhausted) return undefined;
        this.env.sink.error('unterminated function-like macro invocation', nameTok.loc, nameTok.text.length, [definedHere(macro, this.env.sink)]);
        this.pending.push(t);
        this.failed = true;
        return undefined;
      }
      if (t.kind === 'punct') {
        if (t.text === '(') depth++;
        else if (t.text === ')') {
          if (depth === 0) {
            rparen = t;
            continue;
          }
          depth--;
        } else if (t.text === ',' && depth === 0 && !(macro.variadic && args.length >= params.length)) {
          commas.push(t);
          args.push([]);
          continue;
        }
      }
      args[args.length - 1]!.push(t);
    }
    if (params.length === 0 && args.length === 1 && args[0]!.length === 0) args.length = 0;
    if (args.length < params.length && macro.variadic && args.length === params.length - 1) args.push([]);
    if (args.length !== params.length) {
      const tooMany = args.length > params.length;
      const at = tooMany ? (params.length === 0 ? args[0]![0] ?? rparen : commas[params.length - 1]!) : rparen;
      const message = `too ${tooMany ? 'many' : 'few'} arguments provided to function-like macro invocation`;
      this.env.sink.error(message, at.loc, at.text.length, [definedHere(macro, this.env.sink)]);
      this.failed = true;
      return undefined;
    }
    return { args, rparen };
  }

  /** C99 6.10.3.1: an argument is fully expanded on its own before substitution. */
  private expandArgument(tokens: PPToken[]): PPToken[] {
    if (tokens.length === 0) return tokens;
    if (this.mode.depth >= ARGUMENT_NESTING_LIMIT) {
      if (!this.env.budget.exhausted) {
        this.env.sink.error(`macro arguments nested more than ${ARGUMENT_NESTING_LIMIT} levels deep`, tokens[0]!.loc);
        this.env.budget.exhausted = true;
      }
      return tokens;
    }
    const source = new ArrayTokenSource(tokens, tokens[tokens.length - 1]!.loc);
    const inner = new MacroExpander(source, this.env, { depth: this.mode.depth + 1, condition: this.mode.condition, root: false });
    const out: PPToken[] = [];
    for (let t = inner.next(); t.kind !== 'eof'; t = inner.next()) out.push(t);
    if (inner.failed) this.failed = true;
    return out;
  }

  /** The replacement list with arguments substituted, `#` and `##` applied, and `hs` added (C99 6.10.3.1-3). */
  private substitute(macro: Macro, site: PPToken, args: PPToken[][], hs: HideSet): PPToken[] {
    const body = macro.body;
    if (macro.params === undefined && !macro.pastes) {
      // Object-like without `##`: the body as it stands (the common case, kept cheap).
      const out: PPToken[] = [];
      for (let i = 0; i < body.length; i++) out.push(fromBody(body[i]!, site, hs));
      if (out.length > 0) {
        out[0]!.spaceBefore = site.spaceBefore;
        out[0]!.lineStart = site.lineStart;
      }
      return out;
    }
    const expanded: (PPToken[] | undefined)[] = [];
    const runs: (Run | typeof PASTE)[] = [];
    const functionLike = macro.params !== undefined;
    for (let i = 0; i < body.length; i++) {
      const b = body[i]!;
      if (functionLike && isPunct(b, '#') && body[i + 1] !== undefined && body[i + 1]!.param >= 0) {
        runs.push({ tokens: [stringize(args[body[i + 1]!.param]!, b, macro, site)] });
        i++;
        continue;
      }
      if (isPunct(b, '##')) {
        runs.push(PASTE);
        continue;
      }
      if (b.param >= 0) {
        const nextToPaste = (i > 0 && isPunct(body[i - 1]!, '##')) || (body[i + 1] !== undefined && isPunct(body[i + 1]!, '##'));
        const variadic = macro.variadic && b.param === macro.params!.length - 1;
        let tokens: PPToken[];
        if (nextToPaste) {
          // Operands of `##` are not macro-expanded; an empty one is a placemarker.
          const raw = args[b.param]!;
          tokens = raw.length === 0 ? [placemarker(b, site)] : raw.map((t) => respaced(t, t.spaceBefore, t.lineStart));
        } else {
          const done = (expanded[b.param] ??= this.expandArgument(args[b.param]!));
          tokens = done.map((t) => respaced(t, t.spaceBefore, false));
        }
        if (tokens.length > 0) tokens[0]!.spaceBefore = b.spaceBefore;
        runs.push({ tokens, variadic });
        continue;
      }
      runs.push({ tokens: [fromBody(b, site)] });
    }
    const out = this.pasteRuns(runs, site, macro);
    for (const t of out) t.hideset = t.hideset === undefined ? hs : t.hideset.union(hs);
    if (out.length > 0) {
      out[0]!.spaceBefore = site.spaceBefore;
      out[0]!.lineStart = site.lineStart;
    }
    return out;
  }

  /** Applies `##` left to right (C99 6.10.3.3) and drops the placemarkers. */
  private pasteRuns(runs: (Run | typeof PASTE)[], site: PPToken, macro: Macro): PPToken[] {
    const out: PPToken[] = [];
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r]!;
      if (run !== PASTE) {
        for (const t of run.tokens) out.push(t);
        continue;
      }
      let rhsRun = runs[++r];
      // `a ## ## b`: the second `##` is an operand.
      if (rhsRun === PASTE) rhsRun = { tokens: [makePPToken('punct', '##', site.loc, false, false, undefined, undefined)] };
      const lhs = out.pop();
      if (rhsRun === undefined || lhs === undefined) {
        if (lhs) out.push(lhs);
        if (rhsRun) for (const t of rhsRun.tokens) out.push(t);
        continue;
      }
      if (rhsRun.variadic && isPunct(lhs, ',') && !lhs.placemarker) {
        // GNU extension: `, ## __VA_ARGS__` drops the comma when there are no variable arguments
        // and otherwise leaves both as they are.
        if (!rhsRun.tokens[0]!.placemarker) {
          out.push(lhs);
          for (const t of rhsRun.tokens) out.push(t);
        }
        continue;
      }
      const [rhs, ...rest] = rhsRun.tokens;
      for (const t of this.paste(lhs, rhs!, site, macro)) out.push(t);
      for (const t of rest) out.push(t);
    }
    return out.filter((t) => !t.placemarker);
  }

  private paste(lhs: PPToken, rhs: PPToken, site: PPToken, macro: Macro): PPToken[] {
    if (lhs.placemarker) return [rhs];
    if (rhs.placemarker) return [lhs];
    const text = lhs.text + rhs.text;
    const kind = pastedKind(lhs, rhs, text, site);
    if (kind === undefined) {
      this.env.sink.error(`pasting formed '${text}', an invalid preprocessing token`, site.loc, site.text.length, [
        this.env.sink.note(`expanded from macro '${macro.name}'`, macro.loc, macro.name.length),
      ]);
      return [lhs, rhs];
    }
    const hideset = lhs.hideset && rhs.hideset ? lhs.hideset.intersection(rhs.hideset, this.env.emptyHideSet) : undefined;
    return [makePPToken(kind, text, lhs.loc, lhs.spaceBefore, false, lhs.expandedFrom ?? { macro: macro.name, loc: macro.loc }, hideset)];
  }

  private builtin(kind: BuiltinMacro, t: PPToken): PPToken | undefined {
    const make = (tokenKind: PPToken['kind'], text: string): PPToken =>
      makePPToken(tokenKind, text, t.loc, t.spaceBefore, t.lineStart, t.expandedFrom, t.hideset);
    switch (kind) {
      case 'line':
        return make('number', String(this.env.sink.locations.resolve(t.loc).line));
      case 'file':
        return make('string', quote(this.env.sink.locations.resolve(t.loc).file));
      case 'counter':
        return make('number', String(this.env.nextCounter()));
      case 'pragma':
        return this.pragmaOperator(t);
      case 'has_feature':
        return this.hasFeature(t, make);
    }
  }

  /** `__has_feature ( name )`: 1 or 0 (predefined.ts lists the features). */
  private hasFeature(t: PPToken, make: (kind: PPToken['kind'], text: string) => PPToken): PPToken | undefined {
    const name = this.parenthesized(t, 'identifier', '__has_feature takes a parenthesized feature name');
    if (name === undefined) {
      this.failed = true;
      return undefined;
    }
    return make('number', HAS_FEATURE.has(name.text) ? '1' : '0');
  }

  /**
   * `( <kind> )` after the operator word `t`: the token inside, or undefined after reporting `message`
   * at the token that breaks the form (read again after this).
   */
  private parenthesized(t: PPToken, kind: 'identifier' | 'string', message: string): PPToken | undefined {
    let inside: PPToken | undefined;
    for (const expect of ['(', kind, ')']) {
      const p = this.read();
      const ok = expect === kind ? p.kind === kind : isPunct(p, expect);
      if (!ok) {
        this.env.sink.error(message, p.kind === 'eof' ? t.loc : p.loc);
        this.pending.push(p);
        return undefined;
      }
      if (expect === kind) inside = p;
    }
    return inside;
  }

  /** `_Pragma ( string-literal )` (C99 6.10.9): destringized and run as a `#pragma` line. */
  private pragmaOperator(t: PPToken): PPToken | undefined {
    const string = this.parenthesized(t, 'string', '_Pragma takes a parenthesized string literal');
    if (string === undefined) return undefined;
    const literal = string.text;
    const text = literal.slice(1, literal.endsWith('"') && literal.length > 1 ? -1 : undefined).replace(/\\(["\\])/g, '$1');
    const produced = this.env.pragmaOperator(text, t.loc);
    return produced === undefined ? undefined : respaced(produced, t.spaceBefore, t.lineStart);
  }

  /** `defined X` / `defined ( X )` in a condition: 1 or 0, the name itself not expanded. */
  private definedOperator(t: PPToken): PPToken {
    let name = this.read();
    let lparen: PPToken | undefined;
    if (isPunct(name, '(')) {
      lparen = name;
      name = this.read();
    }
    const result = (value: boolean): PPToken => makePPToken('number', value ? '1' : '0', t.loc, t.spaceBefore, false, undefined, undefined);
    if (name.kind !== 'identifier') {
      this.env.sink.error("operator 'defined' requires an identifier", name.kind === 'eof' ? endAfter(lparen ?? t) : name.loc);
      this.pending.push(name);
      this.failed = true;
      return result(false);
    }
    if (lparen !== undefined) {
      const rparen = this.read();
      if (!isPunct(rparen, ')')) {
        this.env.sink.error("missing ')' after 'defined'", rparen.kind === 'eof' ? endAfter(name) : rparen.loc, 1, [
          this.env.sink.note("to match this '('", lparen.loc),
        ]);
        this.pending.push(rparen);
        this.failed = true;
        return result(false);
      }
    }
    return result(this.env.macros.has(name.text));
  }
}

/** The kind of the single token `text` spells, or undefined when it is not one token (C99 6.10.3.3p3). */
function pastedKind(lhs: PPToken, rhs: PPToken, text: string, site: PPToken): PPToken['kind'] | undefined {
  // Identifiers and pp-numbers absorb identifier characters: the common pastes need no lexing.
  if (/^[A-Za-z0-9_]+$/.test(rhs.text) && (rhs.kind === 'identifier' || rhs.kind === 'number')) {
    if (lhs.kind === 'identifier') return 'identifier';
    if (lhs.kind === 'number') return 'number';
  }
  const lexSink = new DiagnosticSink();
  const lexed = tokenizeAt(text, NO_PLACE, lexSink);
  return lexed.length === 2 && lexed[0]!.text === text && lexSink.items.length === 0 ? lexed[0]!.kind : undefined;
}

function endAfter(t: PPToken): Loc {
  return (t.loc + t.text.length) as Loc;
}

function fromBody(b: MacroBodyToken, site: PPToken, hideset?: HideSet): PPToken {
  return makePPToken(b.kind, b.text, site.loc, b.spaceBefore, false, b.origin, hideset);
}

function placemarker(b: PPToken, site: PPToken): PPToken {
  return makePPToken('invalid', '', site.loc, b.spaceBefore, false, undefined, undefined, true);
}

/** C99 6.10.3.2: the argument's spelling as a string literal, inner whitespace runs as one space. */
function stringize(arg: readonly PPToken[], hash: PPToken, macro: Macro, site: PPToken): PPToken {
  let s = '';
  for (let i = 0; i < arg.length; i++) {
    const t = arg[i]!;
    if (i > 0 && (t.spaceBefore || t.lineStart)) s += ' ';
    s += t.kind === 'string' || t.kind === 'char' ? t.text.replace(/[\\"]/g, '\\$&') : t.text;
  }
  return makePPToken('string', `"${s}"`, site.loc, hash.spaceBefore, false, { macro: macro.name, loc: hash.loc }, undefined);
}

/** A file name as a string literal (`__FILE__`). */
export function quote(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}
