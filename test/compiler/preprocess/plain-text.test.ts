// Where plain text (no directive, no macro name) meets everything else: the output and the
// diagnostics must be what the general expansion path gives, token for token and location for
// location, at each edge of a run of plain text.
import { describe as group, expect, it } from 'vitest';
import { MAIN, run } from './helpers.js';

/** `text@line:col` of each output token, with `~file` where it is not the main file. */
function located(source: string, files: Record<string, string> = {}): string[] {
  const r = run(source, {}, files);
  return r.tokens.map((t) => ({ t, l: r.at(t.loc) })).map(({ t, l }) => `${t.text}@${l.line}:${l.column}${l.file === MAIN ? '' : `~${l.file}`}`);
}

group('plain text between directives and macros', () => {
  it('keeps every token and its location up to a macro name, and after it', () => {
    const out = located('float a = b;\n#define B 2\nfloat c = B + d;\nint B2 = B;\n');
    expect(out).toEqual([
      'float@1:1', 'a@1:7', '=@1:9', 'b@1:11', ';@1:12',
      'float@3:1', 'c@3:7', '=@3:9', '2@3:11', '+@3:13', 'd@3:15', ';@3:16',
      'int@4:1', 'B2@4:5', '=@4:8', '2@4:10', ';@4:11',
    ]);
  });

  it('leaves a function-like macro name without arguments as it is, and goes on after it', () => {
    const r = run('#define F(x) x\nint F;\nint g = F(3) + F;\n');
    expect(r.text).toBe('int F ; int g = 3 + F ;');
    expect(r.tokens.map((t) => r.at(t.loc).line)).toEqual([2, 2, 2, 3, 3, 3, 3, 3, 3, 3]);
    expect(r.tokens[1]!.spaceBefore).toBe(true);
  });

  it('reports a lexer error in plain text once, in order with the preprocessor diagnostics', () => {
    const r = run('int a = 1;\nint b = 2 @ 3;\n#warning here\nint c;\n');
    expect(r.diagnostics).toEqual(["2:11: error: invalid character '@' in source", '3:2: warning: here']);
    expect(r.text).toBe('int a = 1 ; int b = 2 @ 3 ; int c ;');
  });

  it('maps plain text after #line, before and after a macro', () => {
    const r = run('int a;\n#define M m\n#line 40 "other.hlsl"\nint b = M;\nint c;\n');
    expect(r.tokens.map((t) => ({ t, l: r.at(t.loc) })).map(({ t, l }) => `${t.text}@${l.file}:${l.line}:${l.column}`)).toEqual([
      `int@${MAIN}:1:1`, `a@${MAIN}:1:5`, `;@${MAIN}:1:6`,
      'int@other.hlsl:40:1', 'b@other.hlsl:40:5', '=@other.hlsl:40:7', 'm@other.hlsl:40:9', ';@other.hlsl:40:10',
      'int@other.hlsl:41:1', 'c@other.hlsl:41:5', ';@other.hlsl:41:6',
    ]);
  });

  it('gives the same tokens and locations for a file included twice, and resumes the includer after it', () => {
    const out = located('int a;\n#include "x.hlsli"\nint b;\n#include "x.hlsli"\nint c;\n', { '/src/x.hlsli': 'float x;\n' });
    expect(out).toEqual([
      'int@1:1', 'a@1:5', ';@1:6',
      'float@1:1~/src/x.hlsli', 'x@1:7~/src/x.hlsli', ';@1:8~/src/x.hlsli',
      'int@3:1', 'b@3:5', ';@3:6',
      'float@1:1~/src/x.hlsli', 'x@1:7~/src/x.hlsli', ';@1:8~/src/x.hlsli',
      'int@5:1', 'c@5:5', ';@5:6',
    ]);
  });

  it('treats # inside a line as a token, not a directive', () => {
    expect(run('int a # b;\n').text).toBe('int a # b ;');
  });
});
