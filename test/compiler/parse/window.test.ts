// The parser reads a stream through a window that drops the tokens behind it. Every program here
// is parsed twice: from the whole token array, and streamed one token per pull with compaction
// after every dead token (`compactAfter` 1), across stretches longer than that; the two must give
// the same tree (with locations) and the same diagnostics. A window that dropped a token still
// needed (a speculation's start, a recovery's braces, a `>>` split to undo, the previous token)
// would read a wrong token or throw.
import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../../compiler/diagnostics.js';
import type { Token } from '../../../compiler/lex/token.js';
import { ArrayTokenStream, parse, type Program } from '../../../compiler/parse/index.js';
import { tokensOf } from './helpers.js';
import { programToSexpr } from './sexpr.js';

/** Streams `tokens` `chunk` at a time, recording the largest window the parser held. */
class WatchedSource extends ArrayTokenStream {
  largestWindow = 0;

  override fill(out: Token[]): boolean {
    const ended = super.fill(out);
    this.largestWindow = Math.max(this.largestWindow, out.length);
    return ended;
  }
}

interface Parsed {
  tree: string[];
  /** Every node's location (a Loc number), in tree order: the same tokens must have been read. */
  locations: string[];
  diagnostics: string[];
}

function summary(program: Program, sink: DiagnosticSink): Parsed {
  const locations: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      const loc = (node as { loc?: unknown }).loc;
      if (typeof loc === 'number') locations.push(String(loc));
      for (const [key, value] of Object.entries(node)) if (key !== 'loc' && key !== 'endLoc') visit(value);
    }
  };
  visit(program.decls);
  return {
    tree: programToSexpr(program),
    locations,
    diagnostics: sink.items.map((d) => `${d.line}:${d.column}: ${d.severity}: ${d.message}`),
  };
}

/** Tokens per pull and `compactAfter`: compaction at every pull, and at other phases. */
const SETTINGS: [number, number][] = [
  [1, 1],
  [1, 16],
  [3, 7],
  [64, 32],
];

function both(text: string, chunk: number, compactAfter: number): { whole: Parsed; streamed: Parsed; tokens: number; largestWindow: number } {
  const tokens = tokensOf(text, 'window.hlsl', new DiagnosticSink());
  const wholeSink = new DiagnosticSink();
  const whole = summary(parse(tokens, wholeSink), wholeSink);
  const source = new WatchedSource(tokens, chunk);
  const streamedSink = new DiagnosticSink();
  const streamed = summary(parse(source, streamedSink, { compactAfter }), streamedSink);
  return { whole, streamed, tokens: tokens.length, largestWindow: source.largestWindow };
}

/** `1 + 1 + … + 1`: `n` terms, 2n - 1 tokens. */
const sum = (n: number): string => Array.from({ length: n }, () => '1').join(' + ');

const CASES: [string, string][] = [
  ['a cast whose array dimension spans many tokens', `struct S { float a; };\nfloat f(S s) { return (float[${sum(150)}]) 0; }\n`],
  [
    'a cast speculation failing after a long stretch (rewound to its start)',
    `struct S { float a; };\nfloat g(int i) { return (S[${sum(150)}] + 2); }\nfloat h() { return 1; }\n`,
  ],
  [
    'call template arguments spanning many tokens',
    `template<int N> float f(float x) { return x * N; }\nfloat g(float x) { return f<${sum(150)}>(x); }\n`,
  ],
  [
    'a template-argument speculation failing after a long stretch',
    `float g(float a, float b) { return a < b + ${sum(150)}; }\nfloat h(float a) { return a; }\n`,
  ],
  [
    '`>>` split under speculation, kept',
    `template<typename T> T f(T x) { return x; }\nfloat4 g(float4 x) { return f<vector<float, ${sum(60)}>>(x); }\n`,
  ],
  [
    '`>>` split under a speculation that fails (the split is undone)',
    `float g(int a, int b) { return (a < vector<float, ${sum(60)}>> b); }\nfloat h() { return (vector<float, 4>>2); }\n`,
  ],
  ['nested template arguments closed by `>>` and `>>=`', `RWStructuredBuffer<vector<float, ${sum(80)}>> buf;\nvoid f(inout int x) { x >>= 2; }\n`],
  [
    'recovery after a long bad declaration with unclosed braces',
    `struct S {\n${Array.from({ length: 120 }, (_, i) => `  float a${i};`).join('\n')}\n  float bad = ;\n  void m() { if (true) { float q = ${sum(100)} ; \n};\nfloat after = 1;\nvoid ok() {}\n`,
  ],
  [
    'recovery inside a long function body',
    `void f() {\n${Array.from({ length: 100 }, (_, i) => `  float v${i} = ${i} + 1;`).join('\n')}\n  float x = ${sum(80)} + ;\n  { { float y = ; }\n  return;\n}\nfloat after;\n`,
  ],
  ['a missing `;` after many tokens (reported after the previous token)', `float a = ${sum(120)}\nfloat b = 2;\nstruct T { int x; }\nfloat c;\n`],
  ['an unclosed brace at end of input', `void f() {\n${Array.from({ length: 80 }, (_, i) => `  int v${i} = ${i};`).join('\n')}\n`],
];

describe('the parser window: streamed with compaction = parsed from the array', () => {
  for (const [name, text] of CASES) {
    for (const [chunk, compactAfter] of SETTINGS) {
      it(`${name} (${chunk} per pull, compact after ${compactAfter})`, () => {
        const { whole, streamed, tokens, largestWindow } = both(text, chunk, compactAfter);
        expect(streamed).toEqual(whole);
        expect(whole.tree.length).toBeGreaterThan(0);
        expect(whole.locations.length).toBeGreaterThan(whole.tree.length);
        // The window really dropped tokens along the way (a short program fits 64-token pulls whole).
        if (chunk < 64 || tokens > 400) expect(largestWindow).toBeLessThan(tokens);
      });
    }
  }

  it('keeps a speculation start however far the speculation reads', () => {
    // The failing cast reads ~300 tokens past its `(` before rewinding: the window must span them.
    const text = `struct S { float a; };\nfloat g() { return (S[${sum(150)}] + 2); }\n`;
    const { whole, streamed, largestWindow } = both(text, 1, 1);
    expect(streamed).toEqual(whole);
    expect(largestWindow).toBeGreaterThan(300);
  });
});
