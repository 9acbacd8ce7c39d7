// Input that is not HLSL at all must give a short, clear report: one error for a binary file, at
// most MAX_LEX_ERRORS per file for garbage text, and code frames cut to a window on long lines
// (a binary renamed .hlsl once made a bundler print 6.5 MB of errors).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../../compiler/index.js';
import { codeFrame, MAX_FRAME_WIDTH } from '../../../compiler/diagnostics.js';
import { MAX_LEX_ERRORS } from '../../../compiler/lex/lexer.js';

const report = (source: string) => {
  const result = compile(source, { filename: '/p/x.hlsl', entryPoints: [{ name: 'main', stage: 'compute' }] });
  return { result, text: result.diagnostics.map((d) => formatDiagnostic(d, () => source)).join('\n') };
};

describe('input that is not HLSL', () => {
  it('a real executable gives one error at its first NUL byte', () => {
    const elf = readFileSync('/bin/true').toString('utf8');
    const { result, text } = report(elf);
    expect(result.success).toBe(false);
    expect(result.diagnostics.map((d) => [d.severity, d.line, d.column, d.message])).toEqual([
      ['error', 1, 8, 'this is not a text file (it contains a NUL byte): is it a binary file?'],
    ]);
    expect(text.length).toBeLessThan(400);
  });

  it('an included binary file is reported at its NUL byte, in that file', () => {
    const result = compile('#include "data.bin"\n[numthreads(1,1,1)] void main() {}', {
      filename: '/p/x.hlsl',
      virtualFiles: { '/p/data.bin': 'ab\ncd\u0000ef' },
      entryPoints: [{ name: 'main', stage: 'compute' }],
    });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`)).toEqual([
      '/p/data.bin:2:3: this is not a text file (it contains a NUL byte): is it a binary file?',
    ]);
  });

  it(`garbage text stops after ${MAX_LEX_ERRORS} errors with a note`, () => {
    const { result } = report('\u0001'.repeat(5000));
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(MAX_LEX_ERRORS);
    expect(result.diagnostics.at(-1)).toMatchObject({ severity: 'note', message: 'too many errors in this file, stopping now' });
  });

  it('a frame on a very long line shows a window around the column', () => {
    const line = `${'a'.repeat(5000)}@${'b'.repeat(5000)}`;
    const frame = codeFrame(line, 1, 5001)!;
    const [src, caret] = frame.split('\n');
    expect(src!.length).toBeLessThanOrEqual(MAX_FRAME_WIDTH + 2);
    expect(src!.startsWith('…') && src!.endsWith('…')).toBe(true);
    expect(src![caret!.indexOf('^')]).toBe('@');
  });

  it('a frame near the start of a long line keeps the line start', () => {
    const frame = codeFrame(`x@${'y'.repeat(1000)}`, 1, 2)!;
    const [src, caret] = frame.split('\n');
    expect(src!.startsWith('x@')).toBe(true);
    expect(caret).toBe(' ^');
  });
});
