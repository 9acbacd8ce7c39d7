// Macro definitions: parsing a `#define` line into a Macro, and the "same definition" test of
// C99 6.10.3p2 that decides whether a redefinition deserves a warning.
import type { Diagnostic, DiagnosticSink, Loc } from '../diagnostics.js';
import { endOf } from './locations.js';
import { isPunct, type PPToken } from './pp-token.js';

/** Macros whose expansion the preprocessor computes instead of substituting a body. */
export type BuiltinMacro = 'line' | 'file' | 'counter' | 'pragma' | 'has_feature';

/** A replacement-list token; `param` is the index of the parameter it names, or -1. */
export interface MacroBodyToken extends PPToken {
  param: number;
  /** `expandedFrom` for the tokens this one becomes: made once per definition, shared by every expansion. */
  origin: { macro: string; loc: Loc };
}

export interface Macro {
  name: string;
  /** The macro name in its `#define` (`<built-in>` / `<command line>` for predefined ones). */
  loc: Loc;
  /** Parameter names of a function-like macro (`__VA_ARGS__` for `...`); undefined for object-like. */
  params?: readonly string[];
  /** The last parameter collects the remaining arguments, commas included. */
  variadic: boolean;
  body: readonly MacroBodyToken[];
  /** The body holds a `##` operator. */
  pastes?: boolean;
  builtin?: BuiltinMacro;
}

const VA_ARGS = '__VA_ARGS__';

/**
 * Parses the tokens after `#define` (`directive` is the `define` token, for error locations).
 * Returns undefined after reporting an error; the macro is then left undefined, as clang does.
 */
export function parseDefine(directive: PPToken, line: readonly PPToken[], sink: DiagnosticSink): Macro | undefined {
  const nameTok = line[0];
  if (nameTok === undefined) {
    sink.error('macro name missing', endOf(directive));
    return undefined;
  }
  if (nameTok.kind !== 'identifier') {
    sink.error('macro name must be an identifier', nameTok.loc, nameTok.text.length);
    return undefined;
  }
  if (nameTok.text === 'defined') {
    sink.error("'defined' cannot be used as a macro name", nameTok.loc, nameTok.text.length);
    return undefined;
  }
  let i = 1;
  let params: string[] | undefined;
  let variadic = false;
  const first = line[1];
  if (first !== undefined && isPunct(first, '(') && !first.spaceBefore) {
    const parsed = parseParameters(line, 2, first, sink);
    if (parsed === undefined) return undefined;
    ({ params, variadic } = parsed);
    i = parsed.next;
  } else if (first !== undefined && !first.spaceBefore) {
    sink.warning('ISO C99 requires whitespace after the macro name', first.loc, 1, [], 'c99-extensions');
  }
  const body: MacroBodyToken[] = [];
  for (let j = i; j < line.length; j++) {
    const t = line[j]!;
    const param = params !== undefined && t.kind === 'identifier' ? params.indexOf(t.text) : -1;
    body.push({
      kind: t.kind,
      text: t.text,
      loc: t.loc,
      spaceBefore: j === i ? false : t.spaceBefore,
      lineStart: false,
      expandedFrom: t.expandedFrom,
      param,
      origin: { macro: nameTok.text, loc: t.loc },
    });
  }
  if (!checkBody(body, params !== undefined, sink)) return undefined;
  const pastes = body.some((t) => isPunct(t, '##'));
  return { name: nameTok.text, loc: nameTok.loc, params, variadic, body, pastes };
}

function parseParameters(
  line: readonly PPToken[],
  start: number,
  lparen: PPToken,
  sink: DiagnosticSink,
): { params: string[]; variadic: boolean; next: number } | undefined {
  const params: string[] = [];
  let i = start;
  /** `found` is the token where `)` was expected, `after` the one it should have followed. */
  const missingParen = (found: PPToken | undefined, after: PPToken): undefined => {
    sink.error("missing ')' in macro parameter list", found ? found.loc : endOf(after));
    return undefined;
  };
  if (line[i] !== undefined && isPunct(line[i]!, ')')) return { params, variadic: false, next: i + 1 };
  for (;;) {
    const t = line[i];
    if (t === undefined) return missingParen(undefined, line[i - 1] ?? lparen);
    if (isPunct(t, '...')) {
      params.push(VA_ARGS);
      const close = line[i + 1];
      if (close === undefined || !isPunct(close, ')')) return missingParen(close, t);
      return { params, variadic: true, next: i + 2 };
    }
    if (t.kind !== 'identifier') {
      const message = isPunct(t, ',') || isPunct(t, ')') ? 'expected identifier in macro parameter list' : 'invalid token in macro parameter list';
      sink.error(message, t.loc, t.text.length);
      return undefined;
    }
    if (params.includes(t.text)) {
      sink.error(`duplicate macro parameter name '${t.text}'`, t.loc, t.text.length);
      return undefined;
    }
    params.push(t.text);
    const after = line[i + 1];
    if (after === undefined) return missingParen(undefined, t);
    if (isPunct(after, ')')) return { params, variadic: false, next: i + 2 };
    if (isPunct(after, '...')) {
      // GNU named variadic parameter: `args...`.
      const close = line[i + 2];
      if (close === undefined || !isPunct(close, ')')) return missingParen(close, after);
      return { params, variadic: true, next: i + 3 };
    }
    if (!isPunct(after, ',')) {
      sink.error('expected comma in macro parameter list', after.loc, after.text.length);
      return undefined;
    }
    i += 2;
  }
}

/** C99 6.10.3.2p1 and 6.10.3.3p1: `#` needs a parameter, `##` needs two operands. */
function checkBody(body: readonly MacroBodyToken[], functionLike: boolean, sink: DiagnosticSink): boolean {
  if (body.length > 0 && isPunct(body[0]!, '##')) {
    sink.error("'##' cannot appear at start of macro expansion", body[0]!.loc, 2);
    return false;
  }
  const last = body[body.length - 1];
  if (last !== undefined && isPunct(last, '##')) {
    sink.error("'##' cannot appear at end of macro expansion", last.loc, 2);
    return false;
  }
  if (functionLike) {
    for (let i = 0; i < body.length; i++) {
      const t = body[i]!;
      if (isPunct(t, '#') && (body[i + 1] === undefined || body[i + 1]!.param < 0)) {
        sink.error("'#' is not followed by a macro parameter", t.loc);
        return false;
      }
    }
  }
  return true;
}

/** C99 6.10.3p2: same parameters, same replacement list spelling and same whitespace separation. */
export function sameDefinition(a: Macro, b: Macro): boolean {
  if (a.variadic !== b.variadic || a.builtin !== b.builtin) return false;
  if ((a.params === undefined) !== (b.params === undefined)) return false;
  if (a.params && b.params && (a.params.length !== b.params.length || a.params.some((p, i) => p !== b.params![i]))) return false;
  if (a.body.length !== b.body.length) return false;
  for (let i = 0; i < a.body.length; i++) {
    const x = a.body[i]!;
    const y = b.body[i]!;
    if (x.text !== y.text || x.kind !== y.kind) return false;
    if (i > 0 && x.spaceBefore !== y.spaceBefore) return false;
  }
  return true;
}

/** The note pointing at a macro's definition. */
export function definedHere(macro: Macro, sink: DiagnosticSink): Diagnostic {
  return sink.note(`macro '${macro.name}' defined here`, macro.loc, macro.name.length);
}
