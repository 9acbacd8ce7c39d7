// Response files for build scripts with long command lines: an argument `@file` is replaced by the
// arguments written in that file (as in DXC, clang and gcc). Arguments are separated by whitespace;
// single or double quotes keep spaces in one argument, and a backslash escapes the next character.
// Response files may name further response files. Pure: the caller passes the file reader.

/** How deep `@file` may nest: a file naming itself must end in an error, not a hang. */
export const MAX_RESPONSE_FILE_DEPTH = 16;

export type ExpandedArgs = { ok: true; argv: string[] } | { ok: false; error: string };

/** Splits a response file's text into arguments. */
export function splitResponseFile(text: string): string[] {
  const args: string[] = [];
  let current = '';
  let inArg = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += text[++i];
      inArg = true;
    } else if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else current += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inArg = true;
    } else if (/\s/.test(c)) {
      if (inArg) args.push(current);
      current = '';
      inArg = false;
    } else {
      current += c;
      inArg = true;
    }
  }
  if (inArg) args.push(current);
  return args;
}

export function expandResponseFiles(argv: readonly string[], readFile: (path: string) => string, depth = 0): ExpandedArgs {
  const out: string[] = [];
  for (const arg of argv) {
    if (!arg.startsWith('@') || arg.length === 1) {
      out.push(arg);
      continue;
    }
    const path = arg.slice(1);
    if (depth >= MAX_RESPONSE_FILE_DEPTH) return { ok: false, error: `response files nested more than ${MAX_RESPONSE_FILE_DEPTH} deep at '${arg}'` };
    let text: string;
    try {
      text = readFile(path);
    } catch (error) {
      return { ok: false, error: `cannot read response file '${path}': ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
    }
    const inner = expandResponseFiles(splitResponseFile(text), readFile, depth + 1);
    if (!inner.ok) return inner;
    out.push(...inner.argv);
  }
  return { ok: true, argv: out };
}
