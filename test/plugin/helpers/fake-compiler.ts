// A stand-in for the built-in compiler in plugin unit tests: SPIR-V from glslangValidator (an
// independent compiler), include discovery through the host like the real preprocessor, and a
// reflection written by hand from the manual's layout rules for the shaders the tests use.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { CompileOptions } from '../../../compiler/options.js';
import type { Reflection } from '../../../compiler/reflect/types.js';
import type { CompileResult } from '../../../compiler/result.js';

/** `cbuffer Params` of fixtures/shaders/slice.hlsl under the default (relaxed std140) rules of the manual. */
export const SLICE_REFLECTION: Reflection = {
  sourceLanguage: 'HLSL',
  spirvVersion: '1.0',
  entryPoints: [{ name: 'main', stage: 'compute', workgroupSize: { x: 64, y: 1, z: 1 }, inputs: [], outputs: [], executionModes: ['LocalSize'] }],
  bindings: [
    {
      name: 'Params', set: 0, binding: 0, kind: 'uniform-buffer', count: 1, access: 'read', usedBy: ['main'],
      block: {
        kind: 'struct', name: 'type_Params', size: 144,
        members: [
          { name: 'time', offset: 0, size: 4, type: { kind: 'scalar', scalar: 'f32' } },
          { name: 'tint', offset: 4, size: 12, type: { kind: 'vector', scalar: 'f32', count: 3 } },
          { name: 'xform', offset: 16, size: 64, type: { kind: 'matrix', scalar: 'f32', rows: 4, columns: 4, majorness: 'column', stride: 16 } },
          { name: 'counts', offset: 80, size: 64, type: { kind: 'array', element: { kind: 'scalar', scalar: 'i32' }, length: 4, stride: 16 } },
        ],
      },
    },
  ],
  pushConstants: [],
  specConstants: [],
};

export interface FakeCompiler {
  compile(source: string, options: CompileOptions): CompileResult;
  /** Number of compile calls. */
  readonly calls: number;
}

/** `#include "x"` lines, read through the host relative to the including file, recursively. */
function readIncludes(file: string, text: string, options: CompileOptions, seen: string[]): void {
  for (const match of text.matchAll(/^\s*#include\s+"([^"]+)"/gm)) {
    const path = resolve(dirname(file), match[1]!);
    if (seen.includes(path)) continue;
    const included = options.host?.readFile(path);
    if (included === undefined) continue;
    seen.push(path);
    readIncludes(path, included, options, seen);
  }
}

export function fakeCompiler(reflection: Reflection = SLICE_REFLECTION): FakeCompiler {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    compile(source, options) {
      calls++;
      const file = options.filename ?? '/input.hlsl';
      const files = [file];
      readIncludes(file, source, options, files);
      const dir = mkdtempSync(join(tmpdir(), 'fake-hlsl-'));
      try {
        const out = join(dir, 'out.spv');
        const defines = Object.entries(options.defines ?? {}).map(([k, v]) => `-D${k}=${v}`);
        try {
          execFileSync('glslangValidator', ['-D', '-V', '-S', 'comp', '-e', 'main', ...defines, '-o', out, file], { stdio: 'pipe' });
        } catch (error) {
          const output = String((error as { stdout?: Buffer }).stdout ?? '');
          const m = /ERROR: (.+?):(\d+): (.*)/.exec(output);
          return {
            success: false, entryPoints: [], files,
            diagnostics: [{ severity: 'error', message: m?.[3] ?? output, file: m?.[1] ?? file, line: Number(m?.[2] ?? 1), column: 1, length: 1, notes: [] }],
          };
        }
        const bytes = readFileSync(out);
        const spirv = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
        return { success: true, spirv, reflection, entryPoints: [{ name: 'main', stage: 'compute', workgroupSize: [64, 1, 1] }], files, diagnostics: [] };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
