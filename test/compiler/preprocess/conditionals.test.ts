// Conditional inclusion (C99 6.10.1): expression evaluation, skipping, and unbalanced directives.
import { describe as group, expect, it } from 'vitest';
import { run } from './helpers.js';

/** The value an `#if` expression takes: which of two groups survives. */
function truth(expression: string, prelude = ''): { value: boolean; diagnostics: string[] } {
  const r = run(`${prelude}#if ${expression}\nyes\n#else\nno\n#endif\n`);
  if (r.text !== 'yes' && r.text !== 'no') throw new Error(`unexpected output ${r.text}`);
  return { value: r.text === 'yes', diagnostics: r.diagnostics };
}

group('#if expressions', () => {
  const cases: Array<[string, boolean]> = [
    ['1 + 2 * 3 == 7', true],
    ['(1 + 2) * 3 == 9', true],
    ['10 / 3 == 3 && 10 % 3 == 1', true],
    ['-7 / 2 == -3 && -7 % 2 == -1', true],
    ['1 << 4 == 16 && 256 >> 4 == 16', true],
    ['-16 >> 2 == -4', true],
    ['~0 == -1', true],
    ['!0 && !!5 == 1', true],
    ['(5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6', true],
    ['1 ? 2 : 3', true],
    ['0 ? 1 : 0', false],
    ['(0, 1)', true],
    ['3 > 2 > 1', false],
    // Usual arithmetic conversions: -1 becomes the largest unsigned value.
    ['-1 < 0u', false],
    ['-1 < 0', true],
    ['0xFFFFFFFFFFFFFFFF == -1', true],
    ['18446744073709551615u / 2 == 0x7FFFFFFFFFFFFFFF', true],
    ['9223372036854775807 + 1 < 0', true],
    ['(0 ? 1u : -1) > 0', true],
    ['0x10 == 16 && 010 == 8 && 0b101 == 5 && 10UL == 10 && 7ll == 7 && 3lu == 3', true],
    ["'a' == 97 && '\\n' == 10 && '\\x41' == 65 && '\\101' == 65 && '\\0' == 0", true],
    ["'\\xff' < 0", true],
    ["'ab' == 24930", true],
    ['true && !false', true],
    ['UNDEFINED_NAME == 0', true],
    ['defined(__HLSL_VERSION) && defined __spirv__ && !defined(NOPE)', true],
  ];
  for (const [expression, expected] of cases) {
    it(`${expression} is ${expected}`, () => {
      expect(truth(expression)).toEqual({ value: expected, diagnostics: [] });
    });
  }

  it('expands macros but not the operand of defined', () => {
    expect(truth('LEVEL >= 2 && defined LEVEL && IS(LEVEL)', '#define LEVEL 3\n#define IS(x) (x != 0)\n').value).toBe(true);
    expect(truth('defined(ALIAS)', '#define ALIAS NOT_DEFINED\n').value).toBe(true);
  });

  it('does not evaluate the unevaluated operand of && || ?:', () => {
    expect(truth('0 && 1 / 0')).toEqual({ value: false, diagnostics: [] });
    expect(truth('1 || 1 % 0')).toEqual({ value: true, diagnostics: [] });
    expect(truth('1 ? 2 : 1 / 0')).toEqual({ value: true, diagnostics: [] });
  });

  it('reports errors at the offending token and treats the condition as false', () => {
    const expectations: Array<[string, string]> = [
      ['1 / 0', '2:7: error: division by zero in preprocessor expression'],
      ['1 % (2 - 2)', '2:7: error: remainder by zero in preprocessor expression'],
      ['', '2:4: error: expected value in expression'],
      ['1 +', '2:8: error: expected value in expression'],
      ['(1', "2:7: error: expected ')' in preprocessor expression"],
      ['1 2', '2:7: error: token is not a valid binary operator in a preprocessor subexpression'],
      ['1 : 2', "2:7: error: ':' without preceding '?'"],
      ['1 ? 2', "2:10: error: expected ':' in preprocessor expression"],
      ['"s"', '2:5: error: invalid token at start of a preprocessor expression'],
      ['1.5', '2:5: error: floating point literal in preprocessor expression'],
      ['1x', "2:5: error: invalid suffix 'x' on integer constant"],
      ['09', "2:5: error: invalid digit '9' in octal constant"],
      ['99999999999999999999', '2:5: error: integer literal is too large to be represented in any integer type'],
      ['defined', "2:12: error: operator 'defined' requires an identifier"],
      ['defined(X', "2:14: error: missing ')' after 'defined'"],
      ['defined 3', "2:13: error: operator 'defined' requires an identifier"],
      ['F(1)', "2:5: error: function-like macro 'F' is not defined"],
    ];
    for (const [expression, message] of expectations) {
      expect(run(`x\n#if ${expression}\nyes\n#endif\n`), expression).toMatchObject({ text: 'x', diagnostics: [message] });
    }
  });

  it('warns when a decimal literal only fits unsigned, and uses it as unsigned', () => {
    expect(truth('9223372036854775808 > 0')).toEqual({
      value: true,
      diagnostics: ['1:5: warning: integer literal is too large to be represented in a signed integer type, interpreting as unsigned'],
    });
  });

  it('points a missing ) at the end with a note at the (', () => {
    const r = run('#if (1 + (2)\n#endif');
    expect(r.diagnostics).toEqual(["1:13: error: expected ')' in preprocessor expression"]);
    expect(r.items[0]!.notes.map((n) => `${n.line}:${n.column}: ${n.message}`)).toEqual(["1:5: to match this '('"]);
  });
});

group('groups', () => {
  it('takes the first true group of an #if/#elif/#else chain', () => {
    const source = (v: number) => `#define V ${v}
#if V == 1
one
#elif V == 2
two
#elif V == 3
three
#else
other
#endif`;
    expect([1, 2, 3, 4].map((v) => run(source(v)).text)).toEqual(['one', 'two', 'three', 'other']);
  });

  it('supports #ifdef and #ifndef, and nesting', () => {
    const r = run(`#define A
#ifdef A
a
#ifndef B
notb
#ifdef B
never
#else
nested_else
#endif
#endif
#endif
#ifndef A
never
#endif`);
    expect(r.text).toBe('a notb nested_else');
    expect(r.diagnostics).toEqual([]);
  });

  it('does not evaluate directives in skipped groups, but tracks their nesting', () => {
    const r = run(`#if 0
#if 1/0
#error not me
#include "missing.hlsl"
#bogus directive
#else
#endif
#define HIDDEN 1
don't lex-complain here @
#elif 1/0 == 0
#else
#endif
#ifdef HIDDEN
never
#endif
end`);
    expect(r.diagnostics).toEqual(['10:8: error: division by zero in preprocessor expression']);
    expect(r.text).toBe('end');
  });

  it('does not evaluate #elif once a group was taken', () => {
    const r = run(`#if 1
taken
#elif 1/0
#else
#endif`);
    expect(r.text).toBe('taken');
    expect(r.diagnostics).toEqual([]);
  });

  it('still reports an unterminated comment inside a skipped group', () => {
    const r = run('#if 0\n/* never closed\n#endif\n');
    expect(r.diagnostics).toEqual(['2:1: error: unterminated /* comment', '1:2: error: unterminated conditional directive']);
  });

  it('warns about extra tokens after #ifdef, #else and #endif', () => {
    const r = run(`#ifdef A B
#else C
#endif D`);
    expect(r.diagnostics).toEqual([
      '1:10: warning: extra tokens at end of #ifdef directive',
      '2:7: warning: extra tokens at end of #else directive',
      '3:8: warning: extra tokens at end of #endif directive',
    ]);
  });
});

group('unbalanced conditionals', () => {
  it('reports an unterminated #if at its opener', () => {
    const r = run(`#if 1
#ifdef X
#endif
  #  ifndef Y
text`);
    expect(r.diagnostics).toEqual(['4:6: error: unterminated conditional directive', '1:2: error: unterminated conditional directive']);
    expect(r.text).toBe('text');
  });

  it('reports #else, #elif and #endif without #if, and after #else', () => {
    const r = run(`#else
#elif 1
#endif
#if 1
#else
#else
#elif 1
#endif`);
    expect(r.diagnostics).toEqual([
      '1:2: error: #else without #if',
      '2:2: error: #elif without #if',
      '3:2: error: #endif without #if',
      '6:2: error: #else after #else',
      '7:2: error: #elif after #else',
    ]);
    expect(r.items[3]!.notes.map((n) => `${n.line}:${n.column}: ${n.message}`)).toEqual(['5:2: previous #else is here']);
  });

  it('keeps the conditionals of an included file to that file', () => {
    const r = run('#if 1\n#include "open.h"\n#endif\nafter', {}, { '/src/open.h': '#if 1\ninner\n' });
    expect(r.text).toBe('inner after');
    expect(r.items.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`)).toEqual(['/src/open.h:1:2: unterminated conditional directive']);
  });

  it('does not let an included file close the includer’s #if', () => {
    const r = run('#if 1\n#include "close.h"\n#endif\n', {}, { '/src/close.h': '#endif\n' });
    expect(r.items.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`)).toEqual(['/src/close.h:1:2: #endif without #if']);
  });
});
