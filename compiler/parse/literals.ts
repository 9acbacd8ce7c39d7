// Classifies preprocessing numbers into HLSL integer/float literals and decodes string literals.
// Pure functions of the token text: the expression parser turns results into AST nodes.

export type NumberLiteral =
  | { kind: 'int'; value: bigint; suffix: string }
  | { kind: 'float'; value: number; suffix: string }
  | { kind: 'error'; message: string };

const UINT64_MAX = (1n << 64n) - 1n;

/** Integer suffixes as written (case-insensitive) → the AST's normalised spelling. */
const INT_SUFFIXES: ReadonlyMap<string, string> = new Map([
  ['', ''], ['u', 'u'], ['l', 'l'], ['ul', 'ul'], ['lu', 'ul'], ['ll', 'll'], ['ull', 'ull'], ['llu', 'ull'],
]);
/** Float suffixes → the AST's spelling: `f16`/`f32`/`f64` (HLSL 202x) act as `h`/`f`/`l` (DXC). `lf` is invalid, as in DXC. */
const FLOAT_SUFFIXES: ReadonlyMap<string, string> = new Map([
  ['', ''], ['f', 'f'], ['h', 'h'], ['l', 'l'], ['f16', 'h'], ['f32', 'f'], ['f64', 'l'],
]);

const HEX_INT = /^0[xX]([0-9a-fA-F]+)([a-zA-Z_]*)$/;
const BIN_INT = /^0[bB]([01]+)([a-zA-Z_]*)$/;
const DEC_OR_OCT_INT = /^([0-9]+)([a-zA-Z_]*)$/;
/** `1.`, `.5`, `1.5e-3`, `2e3` with an optional suffix; a float needs a `.` or an exponent. */
const FLOAT = /^((?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+)([a-zA-Z_][a-zA-Z0-9_]*)?$/;

/** `1.#INF`, `1.#INFf`: DXC's infinity literal (the digits do not matter; a `.` is required). */
const INFINITY = /^[0-9]+\.#INF([a-zA-Z_]*)$/;

/** The bigints of the small decimals most literals are (`0`, `1`, `4`, `255`): no parse, no allocation. */
const SMALL_INTS: readonly bigint[] = Array.from({ length: 256 }, (_, i) => BigInt(i));

/** `text` as a plain decimal of at most 16 digits without a leading zero, or -1. */
function plainDecimal(text: string): number {
  const n = text.length;
  if (n === 0 || n > 16 || (n > 1 && text.charCodeAt(0) === 48)) return -1;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

export function parseNumber(text: string): NumberLiteral {
  // Fast path for the common plain decimal (`0`, `4`, `128`).
  const plain = plainDecimal(text);
  if (plain >= 0) return { kind: 'int', value: plain < SMALL_INTS.length ? SMALL_INTS[plain]! : BigInt(text), suffix: '' };
  const simple = simpleFloat(text);
  if (simple !== undefined) return simple;
  let m = HEX_INT.exec(text);
  if (m) return integer(BigInt(`0x${m[1]}`), m[2]!, text);
  m = BIN_INT.exec(text);
  if (m) return integer(BigInt(`0b${m[1]}`), m[2]!, text);
  m = DEC_OR_OCT_INT.exec(text);
  if (m) {
    const digits = m[1]!;
    if (digits.length > 1 && digits.startsWith('0')) {
      if (!/^[0-7]+$/.test(digits)) return { kind: 'error', message: `invalid digit in octal constant '${text}'` };
      return integer(BigInt(`0o${digits.slice(1)}`), m[2]!, text);
    }
    return integer(BigInt(digits), m[2]!, text);
  }
  m = INFINITY.exec(text);
  if (m) {
    const suffix = FLOAT_SUFFIXES.get(m[1]!.toLowerCase());
    if (suffix === undefined) return { kind: 'error', message: `invalid suffix '${m[1]}' on floating constant` };
    return { kind: 'float', value: Infinity, suffix };
  }
  m = FLOAT.exec(text);
  if (m) {
    const suffix = FLOAT_SUFFIXES.get((m[2] ?? '').toLowerCase());
    if (suffix === undefined) {
      return { kind: 'error', message: `invalid suffix '${m[2]}' on floating constant` };
    }
    return { kind: 'float', value: Number(m[1]), suffix };
  }
  return { kind: 'error', message: `invalid numeric constant '${text}'` };
}

/** `1.5`, `0.25f`, `2.h`: digits, `.`, digits and at most a one-letter suffix, read without a regex (the FLOAT case's common form). */
function simpleFloat(text: string): NumberLiteral | undefined {
  const n = text.length;
  let i = 0;
  while (i < n && isDigitCode(text.charCodeAt(i))) i++;
  if (i === 0 || i === n || text.charCodeAt(i) !== 46) return undefined;
  i++;
  while (i < n && isDigitCode(text.charCodeAt(i))) i++;
  let end = n;
  let suffix = '';
  if (i === n - 1) {
    const s = FLOAT_SUFFIXES.get(text[i]!.toLowerCase());
    if (s === undefined) return undefined;
    suffix = s;
    end = i;
  } else if (i !== n) {
    return undefined;
  }
  return { kind: 'float', value: Number(text.slice(0, end)), suffix };
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function integer(value: bigint, rawSuffix: string, text: string): NumberLiteral {
  const suffix = INT_SUFFIXES.get(rawSuffix.toLowerCase());
  if (suffix === undefined) return { kind: 'error', message: `invalid suffix '${rawSuffix}' on integer constant` };
  if (value > UINT64_MAX) {
    return { kind: 'error', message: `integer literal '${text}' is too large to be represented in any integer type` };
  }
  return { kind: 'int', value, suffix };
}

const SIMPLE_ESCAPES: ReadonlyMap<string, string> = new Map(Object.entries({
  n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', '"': '"', "'": "'", '?': '?',
}));

/** Decodes the text between the quotes of a string or character literal token. */
export function decodeQuoted(token: string): { value: string; error?: string } {
  const quote = token[0]!;
  const closed = token.length >= 2 && token.endsWith(quote) && !isEscaped(token, token.length - 1);
  const body = token.slice(1, closed ? -1 : undefined);
  let value = '';
  let error: string | undefined;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      value += c;
      continue;
    }
    const e = body[++i];
    if (e === undefined) break;
    if (e === 'x') {
      const hex = /^[0-9a-fA-F]+/.exec(body.slice(i + 1))?.[0];
      if (!hex) error ??= '\\x used with no following hex digits';
      else {
        value += String.fromCodePoint(Number.parseInt(hex, 16) & 0xff);
        i += hex.length;
      }
    } else if (/[0-7]/.test(e)) {
      const oct = /^[0-7]{1,3}/.exec(body.slice(i))![0];
      value += String.fromCodePoint(Number.parseInt(oct, 8) & 0xff);
      i += oct.length - 1;
    } else if (SIMPLE_ESCAPES.has(e)) value += SIMPLE_ESCAPES.get(e);
    else {
      error ??= `unknown escape sequence '\\${e}'`;
      value += e;
    }
  }
  return error ? { value, error } : { value };
}

function isEscaped(text: string, index: number): boolean {
  let n = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) n++;
  return n % 2 === 1;
}
