// Diagnostics: every problem the compiler reports, with the location a user would look at.
// Stages never throw for bad input; they add to a DiagnosticSink owned by the compile call.
import { LocationTable, type Loc, type SourceLocation } from './locations.js';
import { warningAction, type WarningFlag, type WarningPolicy } from './warning-flags.js';

export type { Loc, SourceLocation } from './locations.js';

export type Severity = 'error' | 'warning' | 'note';

export interface Diagnostic {
  severity: Severity;
  message: string;
  file: string;
  line: number;
  column: number;
  /** Characters underlined by the caret line (at least 1). */
  length: number;
  /** Related locations (e.g. a macro's definition, a previous declaration). */
  notes: Diagnostic[];
  /** A warning's group (warning-flags.ts): `-Wno-<flag>` silences it. Kept when policy makes it an error. */
  flag?: string;
  /** On a "file not found" error: the include as written, which an embedder may resolve and retry. */
  include?: string;
}

/** A diagnostic at a resolved place. */
export function diagnosticAt(
  severity: Severity,
  message: string,
  at: SourceLocation,
  length = 1,
  notes: Diagnostic[] = [],
): Diagnostic {
  return { severity, message, file: at.file, line: at.line, column: at.column, length: Math.max(1, length), notes };
}

/**
 * Collects diagnostics for one compile call; warnings go through the call's warning policy. It
 * owns the call's location table (every stage that reports holds the sink), which the
 * preprocessor fills and the diagnostics are resolved through.
 */
export class DiagnosticSink {
  readonly items: Diagnostic[] = [];

  constructor(
    private readonly policy?: WarningPolicy,
    readonly locations: LocationTable = new LocationTable(),
  ) {}

  /** A diagnostic at `loc`, made but not reported (a note for another diagnostic). */
  diagnostic(severity: Severity, message: string, loc: Loc, length = 1, notes: Diagnostic[] = []): Diagnostic {
    return diagnosticAt(severity, message, this.locations.resolve(loc), length, notes);
  }

  /** A note at `loc` for another diagnostic. */
  note(message: string, loc: Loc, length = 1): Diagnostic {
    return this.diagnostic('note', message, loc, length);
  }

  error(message: string, loc: Loc, length = 1, notes: Diagnostic[] = []): Diagnostic {
    return this.add(this.diagnostic('error', message, loc, length, notes));
  }

  /** A warning of group `flag`; dropped or made an error as the policy says (undefined when dropped). */
  warning(message: string, loc: Loc, length = 1, notes: Diagnostic[] = [], flag?: WarningFlag): Diagnostic | undefined {
    const action = warningAction(this.policy, flag);
    if (action === 'off') return undefined;
    const d = this.diagnostic(action === 'error' ? 'error' : 'warning', message, loc, length, notes);
    if (flag !== undefined) d.flag = flag;
    return this.add(d);
  }

  add(d: Diagnostic): Diagnostic {
    this.items.push(d);
    return d;
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === 'error').length;
  }

  hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

/**
 * Formats like clang/DXC: `file:line:col: error: message`, then the source line and a caret under
 * the span. `sourceOf` returns a file's text (undefined when it is not known: no frame is printed).
 */
export function formatDiagnostic(d: Diagnostic, sourceOf: (file: string) => string | undefined): string {
  const flag = d.flag === undefined ? '' : d.severity === 'error' ? ` [-Werror,-W${d.flag}]` : ` [-W${d.flag}]`;
  const out = [`${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}${flag}`];
  const frame = codeFrame(sourceOf(d.file), d.line, d.column, d.length);
  if (frame) out.push(frame);
  for (const note of d.notes) out.push(formatDiagnostic(note, sourceOf));
  return out.join('\n');
}

/** Longest source line a frame echoes whole; longer ones are cut to a window around the column. */
export const MAX_FRAME_WIDTH = 160;

/** The source line with a caret line beneath it; tabs are kept so the caret lines up in terminals. */
export function codeFrame(text: string | undefined, line: number, column: number, length = 1): string | undefined {
  if (text === undefined) return undefined;
  const lines = text.split(/\r\n|\r|\n/);
  let src = lines[line - 1];
  if (src === undefined) return undefined;
  let col = column;
  if (src.length > MAX_FRAME_WIDTH) {
    // A minified or generated line: show the part around the column, marked as cut with `…`.
    const start = Math.max(0, Math.min(column - 1 - MAX_FRAME_WIDTH / 2, src.length - MAX_FRAME_WIDTH));
    const end = start + MAX_FRAME_WIDTH;
    src = `${start > 0 ? '…' : ''}${src.slice(start, end)}${end < src.length ? '…' : ''}`;
    col = column - start + (start > 0 ? 1 : 0);
  }
  const prefix = src.slice(0, Math.max(0, col - 1)).replace(/[^\t]/g, ' ');
  const span = Math.max(1, Math.min(length, src.length - col + 1));
  return `${src}\n${prefix}^${'~'.repeat(span - 1)}`;
}
