// The `#if` group stack and the scan through a skipped group (C99 6.10.1p6): directives there
// are not evaluated, but `#if`/`#endif` nesting is tracked to find the `#elif`, `#else` or
// `#endif` that belongs to the skipped group.
import type { DiagnosticSink, Loc } from '../diagnostics.js';
import type { FileFrame } from './source-file.js';

export interface Conditional {
  /** `if`, `ifdef` or `ifndef`, and where it stands (for "unterminated conditional directive"). */
  directive: string;
  loc: Loc;
  /** A group of this `#if` chain has been taken: every later `#elif`/`#else` group is skipped. */
  taken: boolean;
  /** The chain's `#else`, once seen. */
  elseLoc?: Loc;
}

const OPENERS: ReadonlySet<string> = new Set(['if', 'ifdef', 'ifndef']);
const GROUP_DIRECTIVES: ReadonlySet<string> = new Set(['elif', 'else', 'endif']);

/**
 * Advances `frame` through skipped text to the next `#elif`, `#else` or `#endif` at the nesting
 * level the skip started at. Returns the index of that directive's name token (the frame is left
 * just after the name), or -1 at the end of the file.
 */
export function skipToGroupDirective(frame: FileFrame, sink: DiagnosticSink): number {
  const tokens = frame.tokens;
  let depth = 0;
  for (;;) {
    const t = tokens[frame.pos]!;
    frame.releaseLexDiagnostics(t, true, 'skipped', sink);
    if (t.kind === 'eof') return -1;
    frame.pos++;
    if (!t.lineStart || t.kind !== 'punct' || t.text !== '#') continue;
    const name = tokens[frame.pos]!;
    if (name.lineStart || name.kind !== 'identifier') continue;
    if (OPENERS.has(name.text)) depth++;
    else if (GROUP_DIRECTIVES.has(name.text)) {
      if (depth === 0) {
        frame.pos++;
        return frame.pos - 1;
      }
      if (name.text === 'endif') depth--;
    }
  }
}
