// Source locations as numbers, as clang's SourceManager has them: every text a compile reads is
// given a range of one location space, and a location is a number in it (the range's base plus a
// character offset). Tokens and syntax-tree nodes carry that number instead of an object: a
// location object per token and per node was most of the front end's surviving garbage. The table
// turns a number back into file:line:column where a diagnostic is made.

/** A place in the compile's location space; `LocationTable.resolve` gives its file, line and column. */
export type Loc = number & { readonly __brand: 'Loc' };

/** 1-based line and column; `offset` is the 0-based character offset in the file's text. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  offset: number;
}

/**
 * One range of the location space: a file's text, or a pseudo-file without text whose locations
 * are all on line 1 (`<built-in>`, `<hlsl>`, …).
 */
interface Range {
  readonly base: number;
  /** The path, or the pseudo-file's name. */
  readonly file: string;
  readonly text: LineIndex | undefined;
  /** `#line` directives in effect from an offset on, in offset order (one inclusion's own copy of the file). */
  views: LineView[] | undefined;
}

/** From offset `from` on, lines are reported as physical line + `lineDelta`, in `file`. */
interface LineView {
  readonly from: number;
  readonly file: string;
  readonly lineDelta: number;
}

/** A text's line starts, computed when a location in it is first resolved. */
class LineIndex {
  private starts: Int32Array | undefined;
  /** A byte-order mark is skipped by the lexer and is not a column. */
  private readonly bom: boolean;

  constructor(readonly text: string) {
    this.bom = text.charCodeAt(0) === 0xfeff;
  }

  /** Line and column of `offset`, counting lines as the lexer does: LF, CR LF and a lone CR each end one. */
  locate(offset: number): { line: number; column: number } {
    const starts = (this.starts ??= lineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const column = offset - starts[lo]! + 1 - (lo === 0 && this.bom ? 1 : 0);
    return { line: lo + 1, column };
  }
}

function lineStarts(text: string): Int32Array {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return Int32Array.from(starts);
}

/** Pseudo-files every table starts with, at fixed locations (frozen tables built at module load use them). */
const PSEUDO_FILES = ['<built-in>', '<hlsl>', '<vk>', ''] as const;
/** Room for one pseudo-file's locations: predefined macro texts are far shorter. */
const PSEUDO_SPAN = 1 << 16;

/** `<built-in>` (predefined macros): its locations are `BUILT_IN + column - 1`, all on line 1. */
export const BUILT_IN = 0 as Loc;
/** Declarations the checker predeclares (`RayDesc`, barrier flags). */
export const HLSL_BUILTIN = PSEUDO_SPAN as Loc;
/** The `vk` namespace's predeclared constants. */
export const VK_BUILTIN = (2 * PSEUDO_SPAN) as Loc;
/** Where no place in any file applies. */
export const NO_PLACE = (3 * PSEUDO_SPAN) as Loc;
const FIRST_FREE = PSEUDO_FILES.length * PSEUDO_SPAN;

/** The location space of one compile: a file registered once keeps its range, however often it is read. */
export class LocationTable {
  private readonly ranges: Range[] = PSEUDO_FILES.map((file, i) => ({ base: i * PSEUDO_SPAN, file, text: undefined, views: undefined }));
  private readonly byPath = new Map<string, Loc>();
  private next = FIRST_FREE;
  /** The range found by the last lookup: consecutive lookups are usually in one file. */
  private last = 0;

  /** The base location of `path`'s text (registered on first use). */
  file(path: string, text: string): Loc {
    const known = this.byPath.get(path);
    if (known !== undefined && this.ranges[this.indexOf(known)]!.text!.text === text) return known;
    const base = this.add(path, new LineIndex(text), text.length);
    this.byPath.set(path, base);
    return base;
  }

  /**
   * A copy of the file whose range holds `loc`, for one inclusion that has `#line` directives
   * (a directive applies to that inclusion only). Returns the copy's base: `loc - base(loc) + copy`
   * is `loc` in the copy.
   */
  copy(loc: Loc): Loc {
    const range = this.ranges[this.indexOf(loc)]!;
    return this.add(range.file, range.text, range.text === undefined ? PSEUDO_SPAN - 1 : range.text.text.length);
  }

  /** `#line` in the copy at `base`: from offset `from` on, physical line + `lineDelta` in `file`. */
  addLineView(base: Loc, from: number, file: string, lineDelta: number): void {
    const range = this.ranges[this.indexOf(base)]!;
    (range.views ??= []).push({ from, file, lineDelta });
  }

  /** The base of the range holding `loc` (its offset 0). */
  base(loc: Loc): Loc {
    return this.ranges[this.indexOf(loc)]!.base as Loc;
  }

  /** Line 1, column 1 of a file known only by name (an entry point not found in `file`). */
  start(file: string): Loc {
    const key = `\0${file}`;
    let loc = this.byPath.get(key);
    if (loc === undefined) {
      loc = this.add(file, undefined, 0);
      this.byPath.set(key, loc);
    }
    return loc;
  }

  /** The file `loc` is reported in (`resolve(loc).file` without computing its line). */
  fileOf(loc: Loc): string {
    const range = this.ranges[this.indexOf(loc)]!;
    if (range.views === undefined) return range.file;
    return viewAt(range.views, loc - range.base)?.file ?? range.file;
  }

  resolve(loc: Loc): SourceLocation {
    const range = this.ranges[this.indexOf(loc)]!;
    const offset = loc - range.base;
    if (range.text === undefined) return { file: range.file, line: 1, column: offset + 1, offset };
    const { line, column } = range.text.locate(offset);
    const view = range.views === undefined ? undefined : viewAt(range.views, offset);
    if (view === undefined) return { file: range.file, line, column, offset };
    return { file: view.file, line: line + view.lineDelta, column, offset };
  }

  private add(file: string, text: LineIndex | undefined, length: number): Loc {
    const base = this.next;
    // One past the end is the end-of-file token's place. Below 2^30 a location is a small integer
    // (no allocation to hold one); past that (a gigabyte of text) it is a heap number, still exact.
    this.next += length + 1;
    this.ranges.push({ base, file, text, views: undefined });
    return base as Loc;
  }

  private indexOf(loc: number): number {
    const ranges = this.ranges;
    const cached = ranges[this.last]!;
    if (loc >= cached.base && (this.last + 1 === ranges.length || loc < ranges[this.last + 1]!.base)) return this.last;
    let lo = 0;
    let hi = ranges.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ranges[mid]!.base <= loc) lo = mid;
      else hi = mid - 1;
    }
    this.last = lo;
    return lo;
  }
}

/** The last view starting at or before `offset`. */
function viewAt(views: readonly LineView[], offset: number): LineView | undefined {
  let lo = 0;
  let hi = views.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (views[mid]!.from <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : views[lo - 1];
}
