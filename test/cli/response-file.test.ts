// Response files (`@file`): how their text splits into arguments, nesting, and the errors.
import { describe, expect, it } from 'vitest';
import { expandResponseFiles, MAX_RESPONSE_FILE_DEPTH, splitResponseFile } from '../../src/bin/response-file.js';

describe('splitResponseFile', () => {
  it('splits on any whitespace, keeps quoted spaces and escaped characters', () => {
    expect(splitResponseFile('-T cs_6_0\n  -E\tmain\r\n"a b.hlsl" \'c d.hlsl\' e\\ f.hlsl -DX="" \n')).toEqual([
      '-T',
      'cs_6_0',
      '-E',
      'main',
      'a b.hlsl',
      'c d.hlsl',
      'e f.hlsl',
      '-DX=',
    ]);
  });

  it('gives no arguments for an empty or blank file, and keeps an empty quoted argument', () => {
    expect(splitResponseFile('')).toEqual([]);
    expect(splitResponseFile(' \n\t ')).toEqual([]);
    expect(splitResponseFile('""')).toEqual(['']);
  });
});

describe('expandResponseFiles', () => {
  const files: Record<string, string> = {
    'args.txt': '-T cs_6_0 @more.txt b.hlsl',
    'more.txt': '-Fo-dir out a.hlsl',
    'self.txt': '@self.txt',
  };
  const read = (path: string): string => {
    const text = files[path];
    if (text === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    return text;
  };

  it('replaces each @file by its arguments, in place and recursively', () => {
    expect(expandResponseFiles(['-Zi', '@args.txt', 'c.hlsl'], read)).toEqual({
      ok: true,
      argv: ['-Zi', '-T', 'cs_6_0', '-Fo-dir', 'out', 'a.hlsl', 'b.hlsl', 'c.hlsl'],
    });
  });

  it('leaves a lone @ alone and reports a missing file or endless nesting', () => {
    expect(expandResponseFiles(['@'], read)).toEqual({ ok: true, argv: ['@'] });
    expect(expandResponseFiles(['@missing.txt'], read)).toEqual({ ok: false, error: "cannot read response file 'missing.txt': ENOENT" });
    expect(expandResponseFiles(['@self.txt'], read)).toEqual({
      ok: false,
      error: `response files nested more than ${MAX_RESPONSE_FILE_DEPTH} deep at '@self.txt'`,
    });
  });
});
