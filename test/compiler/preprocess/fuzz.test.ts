// Seeded fuzzing: thousands of random mutations and truncations of the fixtures (directives,
// unbalanced parentheses in macro calls, unterminated strings and comments...). The preprocessor
// must never throw, must terminate quickly, and must keep its output well-formed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { DiagnosticSink } from '../../../compiler/diagnostics.js';
import { memoryHost } from '../../../compiler/host.js';
import { preprocess } from '../../../compiler/preprocess/index.js';
import { insertAt, mulberry32, picker, removeSpan } from '../../helpers/fuzz.js';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/preprocess');
// PP_FUZZ_CASES / PP_FUZZ_SEED lengthen or vary a local run (75,000 cases over 5 seeds passed).
const CASES = Number(process.env.PP_FUZZ_CASES ?? 2500);
/** Generous (a case takes about a millisecond): it catches hangs and blow-ups, not slow machines. */
const PER_CASE_LIMIT_MS = 3000;

function collect(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(out, collect(path));
    else if (/\.hlsli?$/.test(name)) out[path] = readFileSync(path, 'utf8');
  }
  return out;
}

const SNIPPETS = [
  '\n#if ', '\n#ifdef X\n', '\n#else\n', '\n#elif ', '\n#endif\n', '\n#define F(a, ...) a ## __VA_ARGS__ #a\n', '\n#define G(x) F(x, x) G\n',
  '\n#undef F\n', '\n#include "include/common.hlsli"\n', '\n#include "valid.hlsl"\n', '\n#include <', '\n#line 7 "x"\n', '\n#pragma once\n',
  '\n#pragma pack_matrix(', '_Pragma("once")', '_Pragma(', 'F(', 'G(', 'SQUARE(', ')', '(', ',', '"', "'", '/*', '*/', '//', '\\\n', '##', '#',
  'defined', 'defined(', '__VA_ARGS__', '__LINE__', '__COUNTER__', '1/0', '0x', '\n#error e\n', '\n#\n', '\n', ' ', '@', '?:',
];

function mutate(text: string, random: () => number): string {
  const pick = picker(random);
  let out = text;
  const steps = 1 + pick(4);
  for (let s = 0; s < steps; s++) {
    const at = pick(out.length + 1);
    switch (pick(5)) {
      case 0:
        out = out.slice(0, at); // truncation
        break;
      case 1:
        out = removeSpan(out, at, pick(40));
        break;
      case 2: {
        // copy a span from elsewhere
        const from = pick(out.length + 1);
        out = insertAt(out, at, out.slice(from, from + pick(60)));
        break;
      }
      default:
        out = insertAt(out, at, SNIPPETS[pick(SNIPPETS.length)]!);
    }
  }
  return out;
}

it(`survives ${CASES} mutated inputs`, () => {
  const corpus = collect(DIR);
  const paths = Object.keys(corpus);
  expect(paths.length).toBeGreaterThan(5);
  const random = mulberry32(Number(process.env.PP_FUZZ_SEED ?? 20240611));
  const pick = picker(random);
  let slowest = 0;
  for (let i = 0; i < CASES; i++) {
    const mainPath = paths[pick(paths.length)]!;
    // Mutate the main file and, sometimes, one file it may include.
    const files = { ...corpus };
    const text = mutate(corpus[mainPath]!, random);
    if (random() < 0.3) {
      const other = paths[pick(paths.length)]!;
      files[other] = mutate(corpus[other]!, random);
    }
    const sink = new DiagnosticSink();
    const started = performance.now();
    let result;
    try {
      result = preprocess(text, mainPath, memoryHost(files), { stage: 'pixel', includeDirs: [DIR] }, sink);
    } catch (e) {
      throw new Error(`case ${i} (${mainPath}) threw ${(e as Error).stack}\n--- input ---\n${text}`);
    }
    const elapsed = performance.now() - started;
    slowest = Math.max(slowest, elapsed);
    if (elapsed > PER_CASE_LIMIT_MS) throw new Error(`case ${i} took ${elapsed.toFixed(0)} ms\n--- input ---\n${text}`);
    const tokens = result.tokens;
    expect(tokens[tokens.length - 1]!.kind).toBe('eof');
    expect(tokens.filter((t) => t.kind === 'eof')).toHaveLength(1);
    // `#line 0` (a GNU extension clang accepts) makes line 0 legitimate.
    for (const t of tokens) {
      const at = sink.locations.resolve(t.loc);
      if (!(at.line >= 0 && at.column >= 1)) throw new Error(`case ${i}: token ${t.text} at ${at.line}:${at.column}`);
    }
    for (const d of sink.items) {
      if (!(d.line >= 0 && d.column >= 1 && d.message !== '')) throw new Error(`case ${i}: diagnostic ${JSON.stringify(d)}`);
    }
    expect(result.files[0]).toBe(mainPath);
  }
  expect(slowest).toBeLessThan(PER_CASE_LIMIT_MS);
});
