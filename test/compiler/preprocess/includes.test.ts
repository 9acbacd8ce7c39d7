// #include: search order, virtual files, the files list, #pragma once and include guards,
// cycles, depth and missing files.
import { describe as group, expect, it } from 'vitest';
import { describeWithFile, run } from './helpers.js';

group('include resolution order', () => {
  it('looks next to the including file first, then in the include directories, for "x"', () => {
    const both = run('#include "a.h"', { includeDirs: ['/inc'] }, { '/src/a.h': 'local', '/inc/a.h': 'dir' });
    expect(both.text).toBe('local');
    expect(both.reads).toEqual(['/src/a.h']);
    const dirOnly = run('#include "a.h"', { includeDirs: ['/inc', '/inc2'] }, { '/inc2/a.h': 'dir2' });
    expect(dirOnly.text).toBe('dir2');
    expect(dirOnly.reads).toEqual(['/src/a.h', '/inc/a.h', '/inc2/a.h']);
  });

  it('looks only in the include directories for <x>', () => {
    const r = run('#include <a.h>', { includeDirs: ['/inc'] }, { '/src/a.h': 'local', '/inc/a.h': 'dir' });
    expect(r.text).toBe('dir');
    expect(r.reads).toEqual(['/inc/a.h']);
    const missing = run('#include <a.h>', {}, { '/src/a.h': 'local' });
    expect(missing.diagnostics).toEqual([
      "1:10: error: 'a.h' file not found (<a.h> is searched only in the include directories, and none were given)",
    ]);
    expect(missing.reads).toEqual([]);
  });

  it('resolves "x" relative to the directory of the file that includes it', () => {
    const r = run('#include "sub/b.h"', {}, { '/src/sub/b.h': 'b\n#include "c.h"\n#include "../top.h"', '/src/sub/c.h': 'c', '/src/top.h': 'top' });
    expect(r.text).toBe('b c top');
    expect(r.result.files).toEqual(['/src/main.hlsl', '/src/sub/b.h', '/src/sub/c.h', '/src/top.h']);
  });

  it('prefers a virtual file at each candidate path, without asking the host for it', () => {
    const r = run('#include "a.h"\n#include "b.h"', { includeDirs: ['/inc'], virtualFiles: { '/src/a.h': 'virtual_a', '/inc/b.h': 'virtual_b' } }, {
      '/src/a.h': 'host_a',
      '/src/b.h': 'host_b',
    });
    // a.h: the virtual file at the first candidate; b.h: the host's file at the first candidate wins
    // over a virtual file at a later one.
    expect(r.text).toBe('virtual_a host_b');
    expect(r.reads).toEqual(['/src/b.h']);
  });

  it('accepts absolute names, and normalises . and ..', () => {
    const r = run('#include "/lib/./x/../abs.h"', {}, { '/lib/abs.h': 'abs' });
    expect(r.text).toBe('abs');
    expect(r.result.files).toEqual(['/src/main.hlsl', '/lib/abs.h']);
  });

  it('includes through a macro, quoted or angled', () => {
    const r = run(
      `#define QUOTED "q.h"
#define NAME n
#define ANGLED <NAME.h>
#include QUOTED
#include ANGLED`,
      { includeDirs: ['/inc'] },
      { '/src/q.h': 'quoted', '/inc/n.h': 'angled' },
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toBe('quoted angled');
  });

  it('reads a <name> as characters, not tokens', () => {
    const r = run('#include <dir//odd\'name.h>', { includeDirs: ['/inc'] }, { "/inc/dir/odd'name.h": 'odd' });
    expect(r.text).toBe('odd');
    expect(r.diagnostics).toEqual([]);
  });
});

group('files read', () => {
  it('lists every file read once, main first, including files reached twice', () => {
    const r = run('#include "a.h"\n#include "b.h"\n#include "a.h"\n#include "missing.h"', {}, { '/src/a.h': 'a\n#include "b.h"', '/src/b.h': 'b' });
    expect(r.text).toBe('a b b a b');
    expect(r.result.files).toEqual(['/src/main.hlsl', '/src/a.h', '/src/b.h']);
    expect(r.reads.filter((p) => p === '/src/a.h')).toHaveLength(1);
    expect(r.reads.filter((p) => p === '/src/b.h')).toHaveLength(1);
  });

  it('reads a file with #pragma once once and includes it once', () => {
    const r = run('#include "once.h"\n#include "once.h"\n#include "./once.h"\nend', {}, { '/src/once.h': '#pragma once\nonce' });
    expect(r.text).toBe('once end');
    expect(r.reads).toEqual(['/src/once.h']);
    expect(r.diagnostics).toEqual([]);
  });

  it('skips a guarded file while its guard macro is defined, and includes it again after #undef', () => {
    const guarded = '// comment before the guard\n#ifndef GUARD_H\n#define GUARD_H\nguarded\n#endif\n';
    const r = run('#include "g.h"\n#include "g.h"\n#undef GUARD_H\n#include "g.h"\n#include "g.h"', {}, { '/src/g.h': guarded });
    expect(r.text).toBe('guarded guarded');
    expect(r.reads).toEqual(['/src/g.h']);
  });

  it('recognises #if !defined(X) guards and leaves files with text after #endif alone', () => {
    const files = {
      '/src/g.h': '#if !defined(G)\n#define G\ng\n#endif',
      '/src/tail.h': '#ifndef T\n#define T\nt\n#endif\ntail',
    };
    const r = run('#include "g.h"\n#include "g.h"\n#include "tail.h"\n#include "tail.h"', {}, files);
    expect(r.text).toBe('g t tail tail');
  });

  it('warns about #pragma once in the main file', () => {
    expect(run('#pragma once\nx').diagnostics).toEqual(['1:9: warning: #pragma once in main file']);
  });
});

group('include errors', () => {
  it('reports a missing file at its name with the paths tried', () => {
    const r = run('x\n#include "nope.h"\ny', { includeDirs: ['/inc', '/other'] });
    expect(r.diagnostics).toEqual(["2:10: error: 'nope.h' file not found (searched /src/nope.h, /inc/nope.h, /other/nope.h)"]);
    expect(r.items[0]!.length).toBe('"nope.h"'.length);
    expect(r.text).toBe('x y');
    expect(r.result.files).toEqual(['/src/main.hlsl']);
  });

  it('reports a cycle at the #include that closes it', () => {
    const r = run('#include "a.h"\nend', {}, { '/src/a.h': 'a\n#include "b.h"', '/src/b.h': 'b\n#include "a.h"\nb_end' });
    expect(r.items.map(describeWithFile)).toEqual(['/src/b.h:2:10: error: #include cycle: /src/a.h -> /src/b.h -> /src/a.h']);
    expect(r.text).toBe('a b b_end end');
  });

  it('reports a file including itself', () => {
    const r = run('#include "main.hlsl"\nx');
    expect(r.diagnostics).toEqual(['1:10: error: #include cycle: /src/main.hlsl -> /src/main.hlsl']);
    expect(r.reads).toEqual([]);
  });

  it('allows a guarded file to be re-entered through a cycle', () => {
    const r = run('#include "a.h"', {}, {
      '/src/a.h': '#ifndef A\n#define A\n#include "b.h"\na\n#endif',
      '/src/b.h': '#ifndef B\n#define B\n#include "a.h"\nb\n#endif',
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toBe('b a');
  });

  it('stops at 200 nested files', () => {
    const files: Record<string, string> = {};
    for (let i = 1; i <= 210; i++) files[`/src/f${i}.h`] = `#include "f${i + 1}.h"\nf${i}`;
    const r = run('#include "f1.h"\nmain', {}, files);
    // main.hlsl is the first of the 200 files: f199.h may not include a 201st.
    expect(r.items.map(describeWithFile)).toEqual(['/src/f199.h:1:10: error: #include nested too deeply']);
    expect(r.tokens.map((t) => t.text).slice(0, 2)).toEqual(['f199', 'f198']);
    expect(r.tokens).toHaveLength(200);
  });

  it('rejects malformed #include lines', () => {
    const r = run(`#include
#include ""
#include <unclosed
#include 42
#include "a.h" extra`, {}, { '/src/a.h': '' });
    expect(r.diagnostics).toEqual([
      '1:9: error: expected "FILENAME" or <FILENAME>',
      '2:10: error: empty filename',
      '3:10: error: expected "FILENAME" or <FILENAME>',
      '4:10: error: expected "FILENAME" or <FILENAME>',
      '5:16: warning: extra tokens at end of #include directive',
    ]);
  });
});
