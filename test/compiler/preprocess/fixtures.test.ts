// Negative fixtures: each fixtures/preprocess/<name>.hlsl is preprocessed from disk and must
// produce exactly the diagnostics listed in <name>.expected (paths relative to the fixture
// directory, $DIR standing for its absolute path).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe as group, expect, it } from 'vitest';
import { DiagnosticSink, type Diagnostic } from '../../../compiler/diagnostics.js';
import type { CompilerHost } from '../../../compiler/host.js';
import { preprocess } from '../../../compiler/preprocess/index.js';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/preprocess');

const diskHost: CompilerHost = {
  readFile: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined),
};

function render(d: Diagnostic): string {
  const file = d.file.startsWith('/') ? relative(DIR, d.file) : d.file;
  return `${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`.split(DIR).join('$DIR');
}

group('negative fixtures', () => {
  const names = readdirSync(DIR).filter((f) => f.endsWith('.expected'));
  it('has fixtures', () => expect(names.length).toBeGreaterThanOrEqual(7));
  for (const name of names) {
    const source = join(DIR, name.replace(/\.expected$/, '.hlsl'));
    it(name.replace(/\.expected$/, ''), () => {
      const sink = new DiagnosticSink();
      preprocess(readFileSync(source, 'utf8'), source, diskHost, { stage: 'compute' }, sink);
      const expected = readFileSync(join(DIR, name), 'utf8').split('\n').filter((l) => l !== '');
      expect(sink.items.map(render)).toEqual(expected);
    });
  }

  it('the valid fixture preprocesses cleanly', () => {
    const source = join(DIR, 'valid.hlsl');
    const sink = new DiagnosticSink();
    const result = preprocess(readFileSync(source, 'utf8'), source, diskHost, { stage: 'compute' }, sink);
    expect(sink.items.map(render)).toEqual([]);
    const text = result.tokens.map((t) => t.text).join(' ');
    expect(text).toContain('RWStructuredBuffer < float > output : register ( u0 ) ;');
    expect(text).toContain('[ numthreads ( 8 , 8 , 1 ) ]');
    expect(text).toContain('float area = 3.14159265f * ( ( scale + id . x ) * ( scale + id . x ) ) ;');
    expect(text).toContain('printf ( "8" ) ; printf ( "%d" , 22 ) ;');
    expect(result.files.map((f) => relative(DIR, f))).toEqual(['valid.hlsl', 'include/common.hlsli', 'include/once.hlsli']);
  });
});
