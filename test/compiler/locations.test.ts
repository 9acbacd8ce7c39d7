// Locations as numbers: the table must give back exactly the file, line and column the lexer's
// rules define (LF, CR LF and a lone CR end a line; a byte-order mark is no column), and `#line`
// must apply per inclusion.
import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../compiler/diagnostics.js';
import { BUILT_IN, LocationTable, NO_PLACE, type Loc } from '../../compiler/locations.js';
import { preprocess } from '../../compiler/preprocess/index.js';
import { memoryHost } from '../../compiler/host.js';

/** Line and column of every offset, by splitting the text on its line ends independently. */
function expected(text: string): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = [];
  const bom = text.charCodeAt(0) === 0xfeff;
  let line = 1;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    out.push({ line, column: i - start + 1 - (line === 1 && bom ? 1 : 0) });
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      start = i + 1;
    }
  }
  return out;
}

describe('LocationTable', () => {
  it('resolves every offset of texts with LF, CR LF, lone CR, tabs, splices and a byte-order mark', () => {
    const texts = ['a\nb\r\nc\rd\te', '\ufeffx y\n  z', 'p \\\r\nq\\\nr\r\n\r\n\rs', ''];
    const table = new LocationTable();
    const bases = texts.map((text, i) => table.file(`/f${i}.hlsl`, text));
    texts.forEach((text, i) => {
      expected(text).forEach((want, offset) => {
        expect(table.resolve((bases[i]! + offset) as Loc)).toEqual({ file: `/f${i}.hlsl`, ...want, offset });
      });
    });
  });

  it('gives a file one range however often it is registered, and a new one for new text', () => {
    const table = new LocationTable();
    const a = table.file('/a.hlsl', 'x');
    expect(table.file('/a.hlsl', 'x')).toBe(a);
    const changed = table.file('/a.hlsl', 'yy');
    expect(changed).not.toBe(a);
    expect(table.resolve((changed + 1) as Loc)).toEqual({ file: '/a.hlsl', line: 1, column: 2, offset: 1 });
    expect(table.resolve(a)).toEqual({ file: '/a.hlsl', line: 1, column: 1, offset: 0 });
  });

  it('has fixed pseudo-files on line 1 and files known only by name', () => {
    const table = new LocationTable();
    expect(table.resolve((BUILT_IN + 9) as Loc)).toEqual({ file: '<built-in>', line: 1, column: 10, offset: 9 });
    expect(table.resolve(NO_PLACE)).toEqual({ file: '', line: 1, column: 1, offset: 0 });
    const start = table.start('/main.hlsl');
    expect(table.start('/main.hlsl')).toBe(start);
    expect(table.resolve(start)).toEqual({ file: '/main.hlsl', line: 1, column: 1, offset: 0 });
  });

  it('applies #line views to a copy only, from their offset on', () => {
    const table = new LocationTable();
    const base = table.file('/a.hlsl', 'one\ntwo\nthree\n');
    const copy = table.copy(base);
    table.addLineView(copy, 4, 'b.hlsl', 9);
    expect(table.resolve((copy + 1) as Loc)).toMatchObject({ file: '/a.hlsl', line: 1 });
    expect(table.resolve((copy + 4) as Loc)).toMatchObject({ file: 'b.hlsl', line: 11 });
    expect(table.fileOf((copy + 9) as Loc)).toBe('b.hlsl');
    expect(table.resolve((base + 4) as Loc)).toMatchObject({ file: '/a.hlsl', line: 2 });
  });
});

describe('#line per inclusion', () => {
  it('maps each inclusion of a file by its own #line directive', () => {
    const files = { '/inc.hlsl': '#line N "inc-view.hlsl"\nint x;\n' };
    const sink = new DiagnosticSink();
    const main = '#define N 10\n#include "inc.hlsl"\n#undef N\n#define N 20\n#include "inc.hlsl"\nint y;\n';
    const { tokens } = preprocess(main, '/main.hlsl', memoryHost(files), {}, sink);
    const where = tokens.filter((t) => t.kind === 'identifier').map((t) => {
      const l = sink.locations.resolve(t.loc);
      return `${t.text}@${l.file}:${l.line}:${l.column}`;
    });
    expect(where).toEqual(['int@inc-view.hlsl:10:1', 'x@inc-view.hlsl:10:5', 'int@inc-view.hlsl:20:1', 'x@inc-view.hlsl:20:5', 'int@/main.hlsl:6:1', 'y@/main.hlsl:6:5']);
    expect(sink.items).toEqual([]);
  });
});
