// Evaluates the macro-expanded tokens of an `#if`/`#elif` line (C99 6.10.1): integer constant
// expressions in intmax_t/uintmax_t (64-bit, two's complement wrap-around), with C's usual
// arithmetic conversions, short-circuit evaluation and clang's diagnostics.
import { type Diagnostic, type DiagnosticSink, type Loc } from '../diagnostics.js';
import { isPunct, type PPToken } from './pp-token.js';

interface Value {
  value: bigint;
  unsigned: boolean;
}

/** Binary operators and their precedence (higher binds tighter), from C99 6.5.5-6.5.14. */
const BINARY_PRECEDENCE: Readonly<Record<string, number>> = {
  '*': 10, '/': 10, '%': 10,
  '+': 9, '-': 9,
  '<<': 8, '>>': 8,
  '<': 7, '>': 7, '<=': 7, '>=': 7,
  '==': 6, '!=': 6,
  '&': 5,
  '^': 4,
  '|': 3,
  '&&': 2,
  '||': 1,
};

/** Deep nesting is reported rather than recursed into (the evaluator is recursive descent). */
const NESTING_LIMIT = 256;

/** Thrown inside the evaluator to abandon a line after its (single) diagnostic. */
class ConditionError {
  constructor(readonly diagnostic: Diagnostic) {}
}

/**
 * Evaluates `tokens` (already macro-expanded, `defined` already replaced). Errors are reported
 * to `sink` and make the condition false, as in clang. `end` is where "expected value" points.
 */
export function evaluateCondition(tokens: readonly PPToken[], end: Loc, sink: DiagnosticSink): boolean {
  try {
    return new ConditionParser(tokens, end, sink).parseLine().value !== 0n;
  } catch (e) {
    if (!(e instanceof ConditionError)) throw e;
    sink.add(e.diagnostic);
    return false;
  }
}

class ConditionParser {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly tokens: readonly PPToken[],
    private readonly end: Loc,
    private readonly sink: DiagnosticSink,
  ) {}

  parseLine(): Value {
    const v = this.parseComma(true);
    const t = this.peek();
    if (t !== undefined) {
      if (isPunct(t, ':')) this.fail("':' without preceding '?'", t);
      this.fail('token is not a valid binary operator in a preprocessor subexpression', t);
    }
    return v;
  }

  private peek(): PPToken | undefined {
    return this.tokens[this.pos];
  }

  private fail(message: string, at: PPToken | undefined, notes: Diagnostic[] = []): never {
    const loc = at?.loc ?? this.end;
    throw new ConditionError(this.sink.diagnostic('error', message, loc, at?.text.length ?? 1, notes));
  }

  private parseComma(evaluated: boolean): Value {
    let v = this.parseConditional(evaluated);
    while (this.peek() !== undefined && isPunct(this.peek()!, ',')) {
      this.pos++;
      v = this.parseConditional(evaluated);
    }
    return v;
  }

  private parseConditional(evaluated: boolean): Value {
    const condition = this.parseBinary(1, evaluated);
    const q = this.peek();
    if (q === undefined || !isPunct(q, '?')) return condition;
    this.pos++;
    const taken = condition.value !== 0n;
    const whenTrue = this.nested(() => this.parseComma(evaluated && taken));
    const colon = this.peek();
    if (colon === undefined || !isPunct(colon, ':')) {
      this.fail("expected ':' in preprocessor expression", colon, [this.sink.note("to match this '?'", q.loc)]);
    }
    this.pos++;
    const whenFalse = this.nested(() => this.parseConditional(evaluated && !taken));
    const unsigned = whenTrue.unsigned || whenFalse.unsigned;
    return convert(taken ? whenTrue : whenFalse, unsigned);
  }

  private parseBinary(minPrecedence: number, evaluated: boolean): Value {
    let lhs = this.parseUnary(evaluated);
    for (;;) {
      const t = this.peek();
      const precedence = t !== undefined && t.kind === 'punct' ? BINARY_PRECEDENCE[t.text] : undefined;
      if (precedence === undefined || precedence < minPrecedence) return lhs;
      this.pos++;
      const op = t!.text;
      const rhsEvaluated = evaluated && (op === '&&' ? lhs.value !== 0n : op === '||' ? lhs.value === 0n : true);
      const rhs = this.nested(() => this.parseBinary(precedence + 1, rhsEvaluated));
      lhs = this.apply(op, lhs, rhs, t!, evaluated);
    }
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > NESTING_LIMIT) this.fail(`preprocessor expression nested more than ${NESTING_LIMIT} levels deep`, this.peek());
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private parseUnary(evaluated: boolean): Value {
    const t = this.peek();
    if (t === undefined) this.fail('expected value in expression', undefined);
    this.pos++;
    switch (t.kind) {
      case 'number':
        return this.number(t);
      case 'char':
        return { value: charValue(t.text), unsigned: false };
      case 'identifier': {
        const next = this.peek();
        if (next !== undefined && isPunct(next, '(')) this.fail(`function-like macro '${t.text}' is not defined`, t);
        // C++ (and so HLSL) gives `true` the value 1; every other identifier left is 0.
        return { value: t.text === 'true' ? 1n : 0n, unsigned: false };
      }
      case 'punct':
        break;
      default:
        this.fail('invalid token at start of a preprocessor expression', t);
    }
    switch (t.text) {
      case '(': {
        const v = this.nested(() => this.parseComma(evaluated));
        const close = this.peek();
        if (close === undefined || !isPunct(close, ')')) {
          this.fail("expected ')' in preprocessor expression", close, [this.sink.note("to match this '('", t.loc)]);
        }
        this.pos++;
        return v;
      }
      case '+':
        return this.nested(() => this.parseUnary(evaluated));
      case '-': {
        const v = this.nested(() => this.parseUnary(evaluated));
        return wrap(-v.value, v.unsigned);
      }
      case '~': {
        const v = this.nested(() => this.parseUnary(evaluated));
        return wrap(~v.value, v.unsigned);
      }
      case '!': {
        const v = this.nested(() => this.parseUnary(evaluated));
        return { value: v.value === 0n ? 1n : 0n, unsigned: false };
      }
    }
    this.fail('invalid token at start of a preprocessor expression', t);
  }

  private number(t: PPToken): Value {
    const parsed = parseIntegerLiteral(t.text);
    if ('error' in parsed) this.fail(parsed.error, t);
    if (parsed.warning) this.sink.warning(parsed.warning, t.loc, t.text.length, [], 'implicitly-unsigned-literal');
    return parsed;
  }

  private apply(op: string, a: Value, b: Value, at: PPToken, evaluated: boolean): Value {
    switch (op) {
      case '&&':
        return truth(a.value !== 0n && b.value !== 0n);
      case '||':
        return truth(a.value !== 0n || b.value !== 0n);
      case '<<':
      case '>>': {
        // The result has the left operand's type; the count is clamped like clang's getLimitedValue.
        const raw = BigInt.asUintN(64, b.value);
        const count = raw > 63n ? 63n : raw;
        return wrap(op === '<<' ? a.value << count : a.value >> count, a.unsigned);
      }
    }
    const unsigned = a.unsigned || b.unsigned;
    const x = convert(a, unsigned).value;
    const y = convert(b, unsigned).value;
    switch (op) {
      case '*':
        return wrap(x * y, unsigned);
      case '/':
      case '%':
        if (y === 0n) {
          if (evaluated) this.fail(`${op === '/' ? 'division' : 'remainder'} by zero in preprocessor expression`, at);
          return { value: 0n, unsigned };
        }
        return wrap(op === '/' ? x / y : x % y, unsigned);
      case '+':
        return wrap(x + y, unsigned);
      case '-':
        return wrap(x - y, unsigned);
      case '<':
        return truth(x < y);
      case '>':
        return truth(x > y);
      case '<=':
        return truth(x <= y);
      case '>=':
        return truth(x >= y);
      case '==':
        return truth(x === y);
      case '!=':
        return truth(x !== y);
      case '&':
        return wrap(x & y, unsigned);
      case '^':
        return wrap(x ^ y, unsigned);
      case '|':
        return wrap(x | y, unsigned);
    }
    this.fail('token is not a valid binary operator in a preprocessor subexpression', at);
  }
}

function wrap(value: bigint, unsigned: boolean): Value {
  return { value: unsigned ? BigInt.asUintN(64, value) : BigInt.asIntN(64, value), unsigned };
}

function convert(v: Value, unsigned: boolean): Value {
  return v.unsigned === unsigned ? v : wrap(v.value, unsigned);
}

function truth(b: boolean): Value {
  return { value: b ? 1n : 0n, unsigned: false };
}

const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** C99 6.4.4.1 integer constants with their `u`/`l`/`ll` suffixes; floating constants are errors. */
export function parseIntegerLiteral(text: string): (Value & { warning?: string }) | { error: string } {
  const hex = /^0[xX]/.test(text);
  const binary = /^0[bB]/.test(text);
  if (hex ? /[.pP]/.test(text) : !binary && /[.eE]/.test(text)) return { error: 'floating point literal in preprocessor expression' };
  const [radix, base, digitsStart] = hex ? [16, 'hexadecimal', 2] : binary ? [2, 'binary', 2] : text.startsWith('0') ? [8, 'octal', 1] : [10, 'decimal', 0];
  const digitPattern = radix === 16 ? /[0-9a-fA-F]/ : /[0-9]/;
  let end = digitsStart;
  while (end < text.length && digitPattern.test(text[end]!)) end++;
  const digits = text.slice(digitsStart, end);
  const suffix = text.slice(end);
  if ((hex || binary) && digits.length === 0) return { error: `invalid suffix '${text.slice(1)}' on integer constant` };
  if (!/^([uU]?(ll|LL|l|L)?|(ll|LL|l|L)[uU])$/.test(suffix)) return { error: `invalid suffix '${suffix}' on integer constant` };
  for (const d of digits) {
    if (parseInt(d, 16) >= radix) return { error: `invalid digit '${d}' in ${base} constant` };
  }
  let value = 0n;
  const bigRadix = BigInt(radix);
  for (const d of digits) value = value * bigRadix + BigInt(parseInt(d, 16));
  if (value > UINT64_MAX) return { error: 'integer literal is too large to be represented in any integer type' };
  const unsigned = /[uU]/.test(suffix) || value > INT64_MAX;
  if (value > INT64_MAX && radix === 10 && !/[uU]/.test(suffix)) {
    return { value, unsigned, warning: 'integer literal is too large to be represented in a signed integer type, interpreting as unsigned' };
  }
  return { value, unsigned };
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '\\': 92, "'": 39, '"': 34, '?': 63,
};

/** The value of a character constant; several characters combine as clang does (multi-char int). */
export function charValue(text: string): bigint {
  const inner = text.slice(1, text.endsWith("'") && text.length > 1 ? -1 : undefined);
  const chars: number[] = [];
  for (let i = 0; i < inner.length; ) {
    if (inner[i] !== '\\') {
      chars.push(inner.codePointAt(i)!);
      i += inner.codePointAt(i)! > 0xffff ? 2 : 1;
      continue;
    }
    const e = inner[i + 1] ?? '';
    if (e === 'x') {
      const m = /^[0-9a-fA-F]+/.exec(inner.slice(i + 2))?.[0] ?? '';
      chars.push(parseInt(m || '0', 16) & 0xff);
      i += 2 + m.length;
    } else if (/[0-7]/.test(e)) {
      const m = /^[0-7]{1,3}/.exec(inner.slice(i + 1))![0];
      chars.push(parseInt(m, 8) & 0xff);
      i += 1 + m.length;
    } else {
      chars.push(SIMPLE_ESCAPES[e] ?? e.charCodeAt(0));
      i += 2;
    }
  }
  if (chars.length === 1) {
    // A plain char is signed: '\xff' is -1.
    const c = chars[0]!;
    return BigInt(c <= 0xff && c >= 0x80 ? c - 0x100 : c);
  }
  let v = 0n;
  for (const c of chars) v = BigInt.asIntN(32, (v << 8n) | BigInt(c & 0xff));
  return v;
}
