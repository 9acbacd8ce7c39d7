// Evaluates generated modules the way a bundler would: the code is written to a temporary `.mjs`
// next to a JavaScript build of src/runtime.ts and loaded with import(). Also reusable by GPU tests
// that need a layout's writer for a Reflection.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { generateModule, type GenerateInput, type GeneratedModule } from '../../../plugin/codegen/index.js';

const RUNTIME_SOURCE = fileURLToPath(new URL('../../../src/runtime.ts', import.meta.url));

export function runtimeJavaScript(): string {
  return ts.transpileModule(readFileSync(RUNTIME_SOURCE, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}

/** A fresh directory holding `runtime.mjs`; generated modules import it as `./runtime.mjs`. */
export function moduleDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'hlsl-codegen-'));
  writeFileSync(join(directory, 'runtime.mjs'), runtimeJavaScript());
  return directory;
}

export interface LoadedModule {
  generated: GeneratedModule;
  // The generated module's namespace; tests index it by export name.
  exports: Record<string, any>;
  file: string;
}

export async function loadGenerated(input: Omit<GenerateInput, 'runtimeImport'>, directory = moduleDirectory()): Promise<LoadedModule> {
  const generated = generateModule({ ...input, runtimeImport: './runtime.mjs' });
  const file = join(directory, `shader-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, generated.code);
  const exports = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, any>;
  return { generated, exports, file };
}
