// The preprocessor's working token: a lexer token plus the hide set of C99 6.10.3.4 (the macros
// whose expansion produced it, which it must not re-expand). Tokens straight from a file carry no
// hide set; every token a substitution produces does, and is stripped of it on output.
import type { Loc } from '../locations.js';
import { makeToken, type Token } from '../lex/token.js';

/**
 * An immutable set of macro names, interned per preprocess call: adding a name to a given set
 * always returns the same object, so the sets shared by the tokens of one expansion cost nothing
 * to extend again, and identical sets are usually the same object (cheap unions).
 */
export class HideSet {
  private readonly extended = new Map<string, HideSet>();
  private readonly unions = new Map<HideSet, HideSet>();

  private constructor(private readonly names: ReadonlySet<string>) {}

  /** The empty set that all sets of one preprocess call grow from. */
  static empty(): HideSet {
    return new HideSet(new Set());
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  get size(): number {
    return this.names.size;
  }

  with(name: string): HideSet {
    if (this.names.has(name)) return this;
    let out = this.extended.get(name);
    if (out === undefined) {
      out = new HideSet(new Set(this.names).add(name));
      this.extended.set(name, out);
    }
    return out;
  }

  union(other: HideSet): HideSet {
    if (other === this || other.size === 0) return this;
    if (this.size === 0) return other;
    let out = this.unions.get(other);
    if (out === undefined) {
      out = this;
      for (const name of other.names) out = out.with(name);
      this.unions.set(other, out);
    }
    return out;
  }

  intersection(other: HideSet, empty: HideSet): HideSet {
    if (other === this) return this;
    let out = empty;
    for (const name of this.names) if (other.has(name)) out = out.with(name);
    return out;
  }
}

export interface PPToken extends Token {
  hideset?: HideSet;
  /** The C99 placemarker standing for an empty argument next to `##`; removed after pasting. */
  placemarker?: boolean;
}

/** A token made by macro expansion, in the one shape all of them share (all fields present). */
export function makePPToken(
  kind: Token['kind'],
  text: string,
  loc: Loc,
  spaceBefore: boolean,
  lineStart: boolean,
  expandedFrom: Token['expandedFrom'],
  hideset: HideSet | undefined,
  placemarker?: boolean,
): PPToken {
  return { kind, text, loc, spaceBefore, lineStart, expandedFrom, hideset, placemarker };
}

/** A copy of `t` (in the expansion shape) with other spacing flags. */
export function respaced(t: PPToken, spaceBefore: boolean, lineStart: boolean): PPToken {
  return makePPToken(t.kind, t.text, t.loc, spaceBefore, lineStart, t.expandedFrom, t.hideset, t.placemarker);
}

/** Where tokens come from: a file stack, a directive's line, a macro argument. Ends in `eof` forever. */
export interface TokenSource {
  next(): PPToken;
}

/** Reads a fixed token list, then `eof` (placed after the last token). */
export class ArrayTokenSource implements TokenSource {
  private index = 0;
  private readonly eof: PPToken;

  constructor(private readonly tokens: readonly PPToken[], endLoc: Loc) {
    this.eof = makeToken('eof', '', endLoc, false, true);
  }

  next(): PPToken {
    return this.index < this.tokens.length ? this.tokens[this.index++]! : this.eof;
  }
}

export function isPunct(t: Token, text: string): boolean {
  return t.kind === 'punct' && t.text === text;
}

/** The token the parser sees: the same fields without the preprocessor's bookkeeping. */
export function toOutputToken(t: PPToken): Token {
  if (t.hideset === undefined && t.placemarker === undefined) return t;
  return makeToken(t.kind, t.text, t.loc, t.spaceBefore, t.lineStart, t.expandedFrom);
}
