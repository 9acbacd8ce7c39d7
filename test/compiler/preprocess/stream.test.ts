// The preprocessor's output as a stream (what a compile parses), and each file's tokens living only
// while the file is read: the streamed tokens are those of `preprocess`, a compile reports the
// preprocessor's diagnostics before the parser's (and none of the parser's after a preprocessor
// error), the list of files read is complete whatever the parser read, and a file entered again
// after its tokens were dropped gives the same tokens and lexer diagnostics.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/compile.js';
import { DiagnosticSink } from '../../../compiler/diagnostics.js';
import { memoryHost } from '../../../compiler/host.js';
import type { Token } from '../../../compiler/lex/token.js';
import { preprocess, preprocessStream } from '../../../compiler/preprocess/index.js';
import { MAIN, run } from './helpers.js';

const tokenLine = (t: Token, sink: DiagnosticSink): string => {
  const at = sink.locations.resolve(t.loc);
  return `${t.kind} ${t.text} ${at.file}:${at.line}:${at.column} ${t.expandedFrom?.macro ?? ''}`;
};

describe('preprocessStream', () => {
  const files = {
    '/src/a.hlsli': '#pragma once\n#define TWICE(x) ((x) + (x))\nfloat fromA = TWICE(2);\n',
    '/src/table.hlsli': 'X(red) X(green)\n',
  };
  const source = '#include "a.hlsli"\n#define X(n) float n;\n#include "table.hlsli"\n#undef X\n#define X(n) + 1\nint count = 0 \n#include "table.hlsli"\n;\nfloat y = TWICE(fromA);\n';

  it('streams the tokens preprocess returns, in order, and the same files', () => {
    const wholeSink = new DiagnosticSink();
    const whole = preprocess(source, MAIN, memoryHost(files), {}, wholeSink);
    const streamSink = new DiagnosticSink();
    const stream = preprocessStream(source, MAIN, memoryHost(files), {}, streamSink);
    const streamed: Token[] = [];
    while (!stream.fill(streamed)) {
      // each pull appends at least one token
    }
    expect(streamed.map((t) => tokenLine(t, streamSink))).toEqual(whole.tokens.map((t) => tokenLine(t, wholeSink)));
    expect(stream.finish()).toEqual(whole.files);
  });

  it('finish() completes the file list when the reader stopped early', () => {
    const stream = preprocessStream(source, MAIN, memoryHost(files), {}, new DiagnosticSink());
    stream.fill([]);
    expect(stream.finish()).toEqual([MAIN, '/src/a.hlsli', '/src/table.hlsli']);
  });
});

describe('a compile parses the stream', () => {
  const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }] };

  it("reports the preprocessor's diagnostics first, then the parser's", () => {
    const result = compile('#warning first\nfloat x = ;\n#warning second\nfloat y = ;\n', options);
    expect(result.diagnostics.map((d) => `${d.line}: ${d.severity}: ${d.message}`)).toEqual([
      '1: warning: first',
      '3: warning: second',
      '2: error: expected expression',
      '4: error: expected expression',
    ]);
  });

  it('reports no parser diagnostic after a preprocessor error, and lists every file read', () => {
    const result = compile('float x = ;\n#error stop\n#include "late.hlsli"\nfloat y = ;\n', {
      ...options,
      virtualFiles: { '/late.hlsli': 'float z = ;\n' },
    });
    expect(result.diagnostics.map((d) => `${d.line}: ${d.severity}: ${d.message}`)).toEqual(['2: error: stop']);
    expect(result.files).toEqual(['/input.hlsl', '/late.hlsli']);
  });

  it('lists every file read when the parser stops at the error limit', () => {
    const bad = Array.from({ length: 150 }, () => 'float = ;').join('\n');
    const result = compile(`${bad}\n#include "late.hlsli"\n`, { ...options, virtualFiles: { '/late.hlsli': 'float z;\n' } });
    expect(result.diagnostics.at(-1)?.message).toBe('too many errors emitted, stopping now');
    expect(result.files).toEqual(['/input.hlsl', '/late.hlsli']);
  });
});

describe("a file's tokens after its frame is left", () => {
  it('a file included again unguarded is read again, with its lexer diagnostics each time', () => {
    const r = run('#include "t.hlsli"\n#include "t.hlsli"\n#include "t.hlsli"\n', {}, { '/src/t.hlsli': 'int a @;\n' });
    expect(r.text).toBe('int a @ ; int a @ ; int a @ ;');
    expect(r.items.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`)).toEqual([
      "/src/t.hlsli:1:7: invalid character '@' in source",
      "/src/t.hlsli:1:7: invalid character '@' in source",
      "/src/t.hlsli:1:7: invalid character '@' in source",
    ]);
  });

  it('a guarded file is skipped by its guard, and read again once the guard is undefined', () => {
    const guarded = '#ifndef G_H\n#define G_H\nfloat g;\n#endif\n';
    const r = run('#include "g.hlsli"\n#include "g.hlsli"\n#undef G_H\n#include "g.hlsli"\n', {}, { '/src/g.hlsli': guarded });
    expect(r.text).toBe('float g ; float g ;');
    expect(r.tokens.map((t) => r.at(t.loc)).map((at) => `${at.file}:${at.line}:${at.column}`)).toEqual([
      '/src/g.hlsli:3:1', '/src/g.hlsli:3:7', '/src/g.hlsli:3:8', '/src/g.hlsli:3:1', '/src/g.hlsli:3:7', '/src/g.hlsli:3:8',
    ]);
    expect(r.reads).toEqual(['/src/g.hlsli']);
  });
});
