// Robustness: thousands of randomly mutated and truncated shaders (seeded, so every run and every
// failure is reproducible) must produce diagnostics, never an exception, a hang or a stack overflow.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../../compiler/diagnostics.js';
import { tokenize } from '../../../compiler/lex/lexer.js';
import { memoryHost } from '../../../compiler/host.js';
import { preprocess } from '../../../compiler/preprocess/index.js';
import type { Token } from '../../../compiler/lex/token.js';
import { parse } from '../../../compiler/parse/index.js';
import { insertAt, mulberry32, picker, removeSpan } from '../../helpers/fuzz.js';
import { FIXTURES, readFixture } from './helpers.js';

const SEED = 0x5eed_2021;
const CASES = 2000;
/**
 * A hang guard, not a speed check (speed is bench/'s): a case takes about a millisecond, a runaway
 * (exponential backtracking) far more than this, and a busy 2-core machine must never trip it.
 */
const CASE_LIMIT_MS = 3000;

/** Fragments that stress the grammar's decision points when dropped anywhere. */
const SNIPPETS = [
  '(', ')', '{', '}', '[', ']', '[[', ']]', '<', '>', '>>', ';', ',', ':', '::', '?', '=', '.', '++', '-',
  'struct ', 'class ', 'interface ', 'template<typename T> ', 'template<', 'float4 ', 'vector<float,', 'Texture2D<',
  'namespace N {', 'cbuffer C : register(b0) {', 'typedef ', 'enum class E : uint {', 'using namespace ', 'using A = ',
  '"str', "'c'", '/*', '0x', '1e', '1.5h', '0777', 'sizeof ', 'operator', 'case 1:', 'default:', 'else ', 'if (',
  'for (', 'do ', 'while (', 'switch (x) {', 'return ', 'register(', 'packoffset(', ': SV_Target', 'line ', 'sample ',
  'precise ', 'in ', 'out ', '@', '\\\n', '\n#pragma pack_matrix(row_major)\n', '(float3)', 'f<float>(', '{1, {2,',
];

function mutate(text: string, rand: () => number): string {
  const pick = picker(rand);
  let s = text;
  const count = 1 + pick(5);
  for (let i = 0; i < count; i++) {
    const at = pick(s.length + 1);
    switch (pick(5)) {
      case 0: // truncate
        s = s.slice(0, at);
        break;
      case 1: // delete a span
        s = removeSpan(s, at, 1 + pick(20));
        break;
      case 2: // insert a fragment
        s = insertAt(s, at, SNIPPETS[pick(SNIPPETS.length)]!);
        break;
      case 3: {
        // duplicate a span
        const len = pick(80);
        s = insertAt(s, at, s.slice(at, at + len));
        break;
      }
      default: {
        // move a span elsewhere
        const len = pick(40);
        const span = s.slice(at, at + len);
        const rest = removeSpan(s, at, len);
        s = insertAt(rest, pick(rest.length + 1), span);
      }
    }
  }
  return s;
}

/** Some cases also get tokens the lexer never produces in that place (pragmas, invalid characters). */
function retagSome(tokens: Token[], rand: () => number): Token[] {
  if (rand() > 0.2) return tokens;
  return tokens.map((t) => {
    if (t.kind === 'eof' || rand() > 0.02) return t;
    return rand() < 0.5 ? { ...t, kind: 'pragma', text: 'pack_matrix(row_major)' } : { ...t, kind: 'invalid' };
  });
}

describe('parser fuzzing', () => {
  it(`survives ${CASES} mutated shaders (seed ${SEED.toString(16)})`, () => {
    const sources = readdirSync(FIXTURES).filter((f) => f.endsWith('.hlsl')).sort().map(readFixture);
    const rand = mulberry32(SEED);
    let slowest = 0;
    let withErrors = 0;
    for (let i = 0; i < CASES; i++) {
      const text = mutate(sources[i % sources.length]!, rand);
      const sink = new DiagnosticSink();
      const started = performance.now();
      let program;
      try {
        // Alternate between the full pipeline and raw lexer output (which also reaches the parser
        // with stray `#` tokens).
        const tokens = i % 2 === 0 ? preprocess(text, '/fuzz.hlsl', memoryHost({}), {}, sink).tokens : tokenize(text, 'fuzz.hlsl', sink);
        program = parse(retagSome(tokens, rand), sink);
      } catch (e) {
        throw new Error(`case ${i} threw ${String(e)}\n--- input ---\n${text}`);
      }
      const elapsed = performance.now() - started;
      slowest = Math.max(slowest, elapsed);
      if (elapsed > CASE_LIMIT_MS) throw new Error(`case ${i} took ${elapsed.toFixed(0)} ms\n--- input ---\n${text}`);
      expect(program.kind).toBe('Program');
      for (const d of sink.items) {
        if (!(d.line >= 1 && d.column >= 1 && d.message.length > 0)) {
          throw new Error(`case ${i}: malformed diagnostic ${JSON.stringify(d)}`);
        }
      }
      if (sink.hasErrors()) withErrors++;
    }
    // The mutations must actually break most inputs, or this test proves little.
    expect(withErrors).toBeGreaterThan(CASES * 0.6);
    expect(slowest).toBeLessThan(CASE_LIMIT_MS);
  });

  it('survives pathological inputs', () => {
    const inputs = [
      '', ';', '}', '{', '<', '>>', '::', '[[', 'struct', 'template', 'float4', 'a<'.repeat(3000),
      'f<float, '.repeat(200), `x = ${'f<g<'.repeat(150)}`, '('.repeat(10000), '{'.repeat(10000), '['.repeat(10000),
      'vector<'.repeat(10000), `void f() { ${'if (x) else '.repeat(2000)} }`, `int x = ${'1 + '.repeat(50000)}1;`,
      `void f() { ${'x = (float)'.repeat(5000)}1; }`, `float x = ${'sizeof '.repeat(5000)}1;`,
      'struct S { '.repeat(3000), `int a = ${'a ? b : '.repeat(5000)}c;`, 'case 1: '.repeat(1000),
    ];
    for (const text of inputs) {
      const sink = new DiagnosticSink();
      const started = performance.now();
      expect(() => parse(tokenize(text, 'p.hlsl', sink), sink)).not.toThrow();
      expect(performance.now() - started).toBeLessThan(10_000); // hang guard, see CASE_LIMIT_MS
    }
  });
});
