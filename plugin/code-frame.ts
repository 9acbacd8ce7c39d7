// The code frame bundlers show beside an error, in the `N | source` layout that Vite's overlay
// recognises (it renders `err.frame` only when its lines match `N | …` or `  | ^`; a bare caret frame
// leaves the overlay's frame box empty). Rollup, webpack and esbuild print the same text as is.

/** Lines of context shown above and below the error line. */
const CONTEXT = 2;
/** Longer lines are cut around the caret, so a minified or generated line stays readable. */
const MAX_WIDTH = 120;

/**
 * `text` around 1-based `line`:`column`, the span of `length` characters underlined with carets:
 *
 * ```
 * 1  |  float scale(float x) {
 * 2  |    return x * 2.0 +;
 *    |                    ^
 * 3  |  }
 * ```
 * Undefined when the line does not exist.
 */
export function codeFrame(text: string, line: number, column: number, length = 1): string | undefined {
  const lines = text.split(/\r\n|\r|\n/);
  const target = lines[line - 1];
  if (target === undefined) return undefined;
  const last = Math.min(lines.length, line + CONTEXT);
  const width = Math.max(3, String(last).length + 1);
  const gutter = (label: string): string => `${label}${' '.repeat(width - label.length)}|  `;
  const out: string[] = [];
  for (let n = Math.max(1, line - CONTEXT); n <= last; n++) {
    const source = lines[n - 1]!;
    if (n !== line) {
      out.push(gutter(String(n)) + clip(source, 0).text);
      continue;
    }
    const start = Math.max(0, Math.min(column - 1, source.length));
    const span = Math.max(1, Math.min(length, source.length - start));
    const { text: shown, shift } = clip(source, start);
    out.push(gutter(String(n)) + shown);
    // Tabs stay tabs under the source, so the carets line up wherever the frame is printed.
    const lead = shown.slice(0, start - shift).replace(/[^\t]/g, ' ');
    out.push(gutter('') + lead + '^'.repeat(Math.min(span, MAX_WIDTH)));
  }
  return out.join('\n');
}

/** At most MAX_WIDTH characters of `source` around `focus`; `shift` is how many characters the cut moved it left. */
function clip(source: string, focus: number): { text: string; shift: number } {
  if (source.length <= MAX_WIDTH) return { text: source, shift: 0 };
  const from = Math.max(0, Math.min(focus - MAX_WIDTH / 2, source.length - MAX_WIDTH));
  const prefix = from > 0 ? '...' : '';
  const body = source.slice(from, from + MAX_WIDTH - prefix.length);
  const suffix = from + body.length < source.length ? '...' : '';
  return { text: prefix + body + suffix, shift: from - prefix.length };
}
