// Syntax errors: exact messages and positions, one report per error, recovery that keeps the rest
// of the file, notes for unclosed braces and macro expansions, and the nesting and error limits.
import { describe, expect, it } from 'vitest';
import { DiagnosticSink, formatDiagnostic } from '../../../compiler/diagnostics.js';
import { tokenize } from '../../../compiler/lex/lexer.js';
import { parse } from '../../../compiler/parse/index.js';
import { diagnosticLines, parseText, readFixture } from './helpers.js';
import { programToSexpr } from './sexpr.js';

describe('parser diagnostics', () => {
  it('reports every independent error in errors-recovery.hlsl and keeps the valid declarations', () => {
    const { program, sink } = parseText(readFixture('errors-recovery.hlsl'));
    expect(diagnosticLines(sink)).toEqual([
      '2:15: error: expected expression',
      "3:6: error: expected ';' after declaration",
      "4:19: error: expected ';' after declaration",
      "7:17: error: expected ')' to close the parenthesised expression",
      "8:8: error: expected ';' after expression",
      "11:12: error: expected ';' after declaration",
      "12:20: error: expected ';' after struct",
    ]);
    expect(programToSexpr(program)).toEqual([
      '(struct S (var float (x)))',
      '(var float (good1))',
      '(function void f () (block (= x 3) (return x)))',
      '(var float (good2))',
      '(struct T (var int (y)))',
      '(var float (good3))',
    ]);
  });

  it('reports an unclosed block at end of input with a note at its brace, keeping the function', () => {
    const text = readFixture('errors-eof.hlsl');
    const { program, sink } = parseText(text, 'errors-eof.hlsl');
    expect(diagnosticLines(sink)).toEqual(["3:1: error: expected '}'", "  1:13: note: to match this '{'"]);
    expect(programToSexpr(program)).toEqual(['(function void main () (block (var float (x = 1))))']);
    expect(formatDiagnostic(sink.items[0]!, () => text)).toBe(
      "/errors-eof.hlsl:3:1: error: expected '}'\n\n^\n/errors-eof.hlsl:1:13: note: to match this '{'\nvoid main() {\n            ^",
    );
  });

  const CASES: [string, string, string[]][] = [
    ['case outside switch', 'void main() {\n  case 1: break;\n}', ["2:3: error: 'case' statement not in switch statement"]],
    // Labels may open a nested block of the switch (they label the block), not follow a statement in it.
    ['case after a statement of a nested block', 'void main(int v) {\n  switch (v) { case 1: { v = 2; case 3: break; } }\n}', ["2:33: error: 'case' statement not in switch statement"]],
    ['else without if', 'void f() { if (y) else y = 1; }', ["1:19: error: 'else' without a previous 'if'"]],
    ['bad octal literal', 'int y = 08;', ["1:9: error: invalid digit in octal constant '08'"]],
    ['bad float suffix', 'float y = 1.0x;', ["1:11: error: invalid suffix 'x' on floating constant"]],
    ['too large integer', 'uint64_t y = 18446744073709551616;', [
      "1:14: error: integer literal '18446744073709551616' is too large to be represented in any integer type",
    ]],
    ['unclosed call', 'float4 v = float4(1, 2;', ["1:23: error: expected ')' to close the argument list"]],
    ['unclosed template list', 'Texture2D<float4 t;', ["1:18: error: expected '>' to close the template argument list"]],
    ['unclosed attribute', '[numthreads(8, 8, 1]\nvoid main() {}', ["1:20: error: expected ')' to close the attribute arguments"]],
    ['bad register space', 'Texture2D t : register(t0, space);', [
      "1:28: error: invalid register space 'space' (expected 'space' followed by a number)",
    ]],
    ['missing semicolon after struct, next line kept', 'struct S { float x; }\nfloat y;', [
      "1:22: error: expected ';' after struct",
    ]],
    ['missing while', 'void f() { do {} (x); }', ["1:18: error: expected 'while' in do/while loop"]],
    ['stray closing brace', '}\nfloat ok;', ['1:1: error: expected a declaration']],
    // A prototype inside a function is fine (DXC's fn.forward-declaration); a definition is not.
    ['function inside function', 'void f() { float g(float x) { return x; } }', [
      '1:18: error: function definitions are not allowed inside a function',
    ]],
    ['namespace inside struct', 'struct S { namespace N {} };', [
      '1:12: error: namespaces can only be declared at file or namespace scope',
    ]],
    ['two errors on two lines', 'void f() {\n  x = ;\n  y = (1;\n}', [
      '2:7: error: expected expression',
      "3:9: error: expected ')' to close the parenthesised expression",
    ]],
  ];
  for (const [name, text, expected] of CASES) {
    it(`reports: ${name}`, () => {
      expect(diagnosticLines(parseText(text).sink)).toEqual(expected);
    });
  }

  it('keeps declarations after an error (partial tree)', () => {
    const { program } = parseText('float a = ;\nfloat b;\nvoid f() { x = ; y = 1; }');
    expect(programToSexpr(program)).toEqual(['(var float (b))', '(function void f () (block (= y 1)))']);
  });

  it('adds a note at the macro definition for errors in expanded tokens', () => {
    const { sink } = parseText('#define BAD )\nfloat x = BAD;');
    expect(diagnosticLines(sink)).toEqual(['2:11: error: expected expression', "  1:13: note: expanded from macro 'BAD'"]);
  });

  it('checks #pragma pack_matrix arguments', () => {
    const sink = new DiagnosticSink();
    const tokens = tokenize('x float y;', 'p.hlsl', sink);
    tokens[0] = { ...tokens[0]!, kind: 'pragma', text: 'pack_matrix(diagonal)' };
    const program = parse(tokens, sink);
    expect(diagnosticLines(sink)).toEqual([
      "1:1: error: unknown matrix packing 'diagonal' in '#pragma pack_matrix' (expected row_major or column_major)",
    ]);
    expect(programToSexpr(program)).toEqual(['(var float (y))']);
  });

  it('rejects nesting deeper than 256 levels with one diagnostic, not a stack overflow', () => {
    for (const text of [
      `float x = ${'('.repeat(300)}1${')'.repeat(300)};\nfloat after;`,
      `void f() ${'{'.repeat(2000)}${'}'.repeat(2000)}\nfloat after;`,
      `float x = ${'-'.repeat(5000)}1;\nfloat after;`,
      `float x = ${'a = '.repeat(5000)}1;\nfloat after;`,
      `vector<${'vector<'.repeat(400)}float${'>'.repeat(401)} v;\nfloat after;`,
      `${'namespace N { '.repeat(400)}${'}'.repeat(400)}\nfloat after;`,
      `void f() { ${'if (x) '.repeat(3000)}x = 1; }\nfloat after;`,
      `float x = ${'{'.repeat(1000)}1${'}'.repeat(1000)};\nfloat after;`,
    ]) {
      const { program, sink } = parseText(text);
      expect(sink.items.map((d) => d.message)).toEqual(['nesting is too deep (more than 256 levels)']);
      expect(programToSexpr(program).at(-1)).toBe('(var float (after))');
    }
  });

  it('stops after 100 errors', () => {
    const { sink } = parseText('int x y;\n'.repeat(300));
    expect(sink.errorCount).toBe(100);
    expect(sink.items.at(-1)!.message).toBe('too many errors emitted, stopping now');
  });
});
