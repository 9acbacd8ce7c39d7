// The lexer's token boundaries and locations, especially around line splices (the fast paths of
// the char-code scanner fall back to splice-aware stepping only where a backslash appears).
import { describe as group, expect, it } from 'vitest';
import { DiagnosticSink } from '../../../compiler/diagnostics.js';
import { tokenize } from '../../../compiler/lex/lexer.js';

function lex(text: string): { tokens: string[]; diagnostics: string[] } {
  const sink = new DiagnosticSink();
  const tokens = tokenize(text, '/f.hlsl', sink)
    .filter((t) => t.kind !== 'eof')
    .map((t) => ({ t, at: sink.locations.resolve(t.loc) }))
    .map(({ t, at }) => `${t.kind}:${t.text}@${at.line}:${at.column}${t.spaceBefore ? ' sp' : ''}${t.lineStart ? ' ls' : ''}`);
  return { tokens, diagnostics: sink.items.map((d) => `${d.line}:${d.column}: ${d.message}`) };
}

group('lexer', () => {
  it('splits identifiers, pp-numbers, strings, characters and punctuators', () => {
    expect(lex('float4 x=1.5e+3f+0x1Fu; s="a\\"b" c=\'\\\'\' a<<=b...').tokens).toEqual([
      'identifier:float4@1:1 ls',
      'identifier:x@1:8 sp',
      'punct:=@1:9',
      'number:1.5e+3f@1:10',
      'punct:+@1:17',
      'number:0x1Fu@1:18',
      'punct:;@1:23',
      'identifier:s@1:25 sp',
      'punct:=@1:26',
      'string:"a\\"b"@1:27',
      'identifier:c@1:34 sp',
      'punct:=@1:35',
      "char:'\\''@1:36",
      'identifier:a@1:41 sp',
      'punct:<<=@1:42',
      'identifier:b@1:45',
      'punct:...@1:46',
    ]);
  });

  it('joins spliced lines inside identifiers, numbers, strings, punctuators and comments', () => {
    const r = lex('ab\\\ncd 12\\\r\n34 "x\\\ny" <\\\n<= // c \\\n still comment\nnext /\\\n* block *\\\n/ end');
    expect(r.tokens).toEqual([
      'identifier:abcd@1:1 ls',
      'number:1234@2:4 sp',
      'string:"xy"@3:4 sp',
      'punct:<<=@4:4 sp',
      'identifier:next@7:1 ls',
      'identifier:end@9:3 sp',
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  it('ends a pp-number before a swizzle of the literal (1.0.xxxx, 2.xy), as DXC accepts', () => {
    expect(lex('1.0.xxxx 2.xy 0.5f.rgb 1.5.x1 1.e5 3.r').tokens).toEqual([
      'number:1.0@1:1 ls',
      'punct:.@1:4',
      'identifier:xxxx@1:5',
      'number:2@1:10 sp',
      'punct:.@1:11',
      'identifier:xy@1:12',
      'number:0.5f@1:15 sp',
      'punct:.@1:19',
      'identifier:rgb@1:20',
      // Not swizzles: `x1` is no swizzle, `e5` an exponent; the pp-number goes on as C99 says.
      'number:1.5.x1@1:24 sp',
      'number:1.e5@1:31 sp',
      'number:3@1:36 sp',
      'punct:.@1:37',
      'identifier:r@1:38',
    ]);
  });

  it('tracks lines across comments and CRLF, and flags spaces and line starts', () => {
    expect(lex('a /* x\r\n y */ b\r\n  c//d\n\te').tokens).toEqual([
      'identifier:a@1:1 ls',
      'identifier:b@2:7 sp',
      'identifier:c@3:3 sp ls',
      'identifier:e@4:2 sp ls',
    ]);
  });

  it('reports unterminated literals and comments and invalid characters', () => {
    expect(lex('"abc\n\'x\n@ /* open').diagnostics).toEqual([
      '1:1: missing terminating " character',
      "2:1: missing terminating ' character",
      "3:1: invalid character '@' in source",
      '3:3: unterminated /* comment',
    ]);
  });

  it('keeps token boundaries and line numbers over a large input', () => {
    const text = 'float4 value = mul(matrix, float4(position.xyz, 1.0f)); // comment\n'.repeat(5000);
    const sink = new DiagnosticSink();
    const tokens = tokenize(text, '/big.hlsl', sink);
    expect(tokens).toHaveLength(5000 * 17 + 1);
    expect(tokens[17 * 4999]!.text).toBe('float4');
    expect(sink.locations.resolve(tokens[17 * 4999]!.loc)).toMatchObject({ file: '/big.hlsl', line: 5000, column: 1 });
  });
});
