// Shared by the parser tests: read a fixture, turn text into tokens, parse, print.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DiagnosticSink, formatDiagnostic } from '../../../compiler/diagnostics.js';
import { memoryHost } from '../../../compiler/host.js';
import type { Token } from '../../../compiler/lex/token.js';
import type { Program } from '../../../compiler/parse/ast.js';
import { parse } from '../../../compiler/parse/index.js';
import { preprocess } from '../../../compiler/preprocess/index.js';

export const FIXTURES = fileURLToPath(new URL('../../../fixtures/parse/', import.meta.url));

export function readFixture(name: string): string {
  return readFileSync(FIXTURES + name, 'utf8');
}

/** The preprocessor's output for a file with no includes (the tokens the parser sees in a compile). */
export function tokensOf(text: string, file: string, sink: DiagnosticSink): Token[] {
  return preprocess(text, `/${file}`, memoryHost({}), {}, sink).tokens;
}

export function parseText(text: string, file = 'test.hlsl'): { program: Program; sink: DiagnosticSink } {
  const sink = new DiagnosticSink();
  const program = parse(tokensOf(text, file, sink), sink);
  return { program, sink };
}

/** Diagnostics as `line:col: severity: message` lines (notes indented beneath). */
export function diagnosticLines(sink: DiagnosticSink): string[] {
  const lines: string[] = [];
  for (const d of sink.items) {
    lines.push(`${d.line}:${d.column}: ${d.severity}: ${d.message}`);
    for (const n of d.notes) lines.push(`  ${n.line}:${n.column}: ${n.severity}: ${n.message}`);
  }
  return lines;
}

export function formatAll(sink: DiagnosticSink, text: string): string {
  return sink.items.map((d) => formatDiagnostic(d, () => text)).join('\n');
}
