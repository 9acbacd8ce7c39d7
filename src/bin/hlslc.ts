#!/usr/bin/env node
// hlslc: compile one HLSL file to SPIR-V with DXC's command-line options. This file is the I/O around
// parseArgs (args.ts) and compile(): read the input, write the outputs, print diagnostics, exit
// 0 (success), 1 (compile or I/O error) or 2 (usage error).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, formatDiagnostic, preprocessSource, type CompileResult } from '../../compiler/index.js';
import { nodeHost } from '../../plugin/node-host.js';
import { generateModule } from '../../plugin/codegen/index.js';
import { DEFAULT_INLINE_LIMIT } from '../../plugin/options.js';
import { stageFromFileName } from '../../plugin/stage-conventions.js';
import { parseArgs, type ParsedArgs } from './args.js';
import { compileManyFiles, readInput } from './many-files.js';
import { expandResponseFiles } from './response-file.js';
import { disassemble } from './disassemble.js';
import { usage } from './usage.js';

const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

/** A failure already worded for the user; main prints it as `hlslc: error: …`. */
class CliError extends Error {}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function errorCode(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code ?? e.message ?? String(error);
}

function writeOutput(file: string, data: string | Uint8Array): void {
  try {
    writeFileSync(file, data);
  } catch (error) {
    throw new CliError(`cannot write '${file}': ${errorCode(error)}`);
  }
}

/** JSON has no 64-bit integers: 64-bit spec constant defaults (bigint) are written as decimal strings. */
function reflectionJson(reflection: unknown): string {
  return JSON.stringify(reflection, (_key, value) => (typeof value === 'bigint' ? value.toString() : value), 2) + '\n';
}

/** `out.js` → `out.d.ts`, `out.mjs` → `out.d.mts`: where TypeScript looks for the module's types. */
function declarationPath(modulePath: string): string {
  const match = /\.(m|c)?js$/.exec(modulePath);
  return match ? `${modulePath.slice(0, match.index)}.d.${match[1] ?? ''}ts` : `${modulePath}.d.ts`;
}

async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.help) {
    process.stdout.write(usage());
    return EXIT_OK;
  }
  if (args.version) {
    process.stdout.write(`hlslc ${packageVersion()}\n`);
    return EXIT_OK;
  }
  if (args.errors.length > 0) {
    for (const error of args.errors) process.stderr.write(`hlslc: error: ${error}\n`);
    return EXIT_USAGE;
  }
  if (args.outputDir !== undefined) return compileManyFiles({ ...args, outputDir: args.outputDir });
  if (args.declarationsOnly) return writeDeclarations(args);
  const input = args.input!;

  let source: string;
  try {
    source = readFileSync(input, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read input file '${input}': ${errorCode(error)}`);
  }

  const host = nodeHost();
  if (args.preprocessOutput !== undefined) return preprocessOnly(args, source, host, args.preprocessOutput);
  const result = await compile(source, { ...args.options, filename: input, host });

  const diagnostics = result.diagnostics;
  const sourceOf = (file: string) => (file === input ? source : host.contents.get(file));
  const report = diagnostics.map((d) => formatDiagnostic(d, sourceOf) + '\n').join('');
  if (args.diagnosticsOutput) writeOutput(args.diagnosticsOutput, report);
  else if (report !== '') process.stderr.write(report); // nothing to say: not even process.stderr's creation (~0.6 ms)

  const failed = !result.success || diagnostics.some((d) => d.severity === 'error');
  if (failed) {
    if (!diagnostics.some((d) => d.severity === 'error')) throw new CliError('compilation failed without a diagnostic');
    return EXIT_FAILED;
  }
  if (args.options.target === 'wgsl') return writeWgsl(args, result);
  const spirv = result.spirv;
  if (!spirv) throw new CliError('the compiler reported success but produced no SPIR-V');

  if (args.output) writeOutput(args.output, new Uint8Array(spirv.buffer, spirv.byteOffset, spirv.byteLength));
  if (args.disassemblyOutput || !args.output) {
    const listing = await disassemble(spirv);
    if (!listing.ok) throw new CliError(listing.error);
    if (args.disassemblyOutput) writeOutput(args.disassemblyOutput, listing.text);
    if (!args.output) process.stdout.write(listing.text);
  }
  if (args.reflectOutput) writeOutput(args.reflectOutput, reflectionJson(result.reflection));
  if (args.dtsOutput) writeOutput(`${input}.d.ts`, declarationOf(result));
  if (args.moduleOutput) {
    if (!result.reflection) throw new CliError('the compiler produced no reflection to generate a module from');
    const generated = generateModule({ reflection: result.reflection, spirv: { kind: 'inline', words: spirv } });
    for (const warning of generated.warnings) process.stderr.write(`hlslc: warning: ${warning}\n`);
    writeOutput(args.moduleOutput, generated.code);
    writeOutput(declarationPath(args.moduleOutput), generated.dts);
  }
  return EXIT_OK;
}

/** The declaration the plugins generate for a compiled shader (`x.hlsl.d.ts`). */
function declarationOf(result: CompileResult): string {
  const spirv = result.spirv;
  if (!result.reflection || !spirv) throw new CliError('the compiler produced no reflection to generate a declaration from');
  // As the plugins place the binary by default: inline up to their inline limit, else an asset (no `spirv` export).
  const placed = spirv.byteLength <= DEFAULT_INLINE_LIMIT ? ({ kind: 'inline', words: spirv } as const) : ({ kind: 'url', expression: 'undefined' } as const);
  return generateModule({ reflection: result.reflection, spirv: placed }).dts;
}

/**
 * `hlslc --dts a.hlsl b.frag.hlsl …`: `<input>.d.ts` for each input; without -T each file's stages
 * come as in the plugins (marked entry points, else the file name, else what `main` writes).
 */
async function writeDeclarations(args: ParsedArgs): Promise<number> {
  const host = nodeHost();
  let status = EXIT_OK;
  for (const input of args.inputs) {
    const read = readInput(input);
    if ('error' in read) {
      process.stderr.write(read.error);
      status = EXIT_FAILED;
      continue;
    }
    const source = read.source;
    const stage = args.options.entryPoints ? undefined : stageFromFileName(input);
    const result = await compile(source, { ...args.options, filename: input, host, ...(stage ? { defaultStage: stage } : {}) });
    const sourceOf = (file: string) => (file === input ? source : host.contents.get(file));
    for (const d of result.diagnostics) process.stderr.write(formatDiagnostic(d, sourceOf) + '\n');
    if (!result.success || result.diagnostics.some((d) => d.severity === 'error')) {
      status = EXIT_FAILED;
      continue;
    }
    writeOutput(`${input}.d.ts`, declarationOf(result));
  }
  return status;
}

/** `-target wgsl`: the WGSL text to -Fo (or stdout), the WGSL pipeline's reflection to --reflect. */
function writeWgsl(args: ParsedArgs, result: CompileResult): number {
  const wgsl = result.wgsl;
  if (!wgsl) throw new CliError('the compiler reported success but produced no WGSL');
  if (args.disassemblyOutput) throw new CliError('-Fc (SPIR-V disassembly) cannot be used with -target wgsl: -Fo writes the WGSL text');
  if (args.moduleOutput) throw new CliError('--emit-module is not available with -target wgsl yet');
  if (args.output) writeOutput(args.output, wgsl.code);
  else process.stdout.write(wgsl.code);
  if (args.reflectOutput) writeOutput(args.reflectOutput, reflectionJson(wgsl.reflection));
  return EXIT_OK;
}

/** -P: write the preprocessed source; diagnostics as for a compile. */
function preprocessOnly(args: ParsedArgs, source: string, host: ReturnType<typeof nodeHost>, file: string): number {
  const input = args.input!;
  const result = preprocessSource(source, { ...args.options, filename: input, host });
  const sourceOf = (f: string) => (f === input ? source : host.contents.get(f));
  const report = result.diagnostics.map((d) => formatDiagnostic(d, sourceOf) + '\n').join('');
  if (args.diagnosticsOutput) writeOutput(args.diagnosticsOutput, report);
  else process.stderr.write(report);
  if (!result.success || result.text === undefined) return EXIT_FAILED;
  writeOutput(file, result.text);
  return EXIT_OK;
}

async function main(): Promise<void> {
  try {
    const argv = expandResponseFiles(process.argv.slice(2), (path) => readFileSync(path, 'utf8'));
    if (!argv.ok) {
      process.stderr.write(`hlslc: error: ${argv.error}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    process.exitCode = await run(argv.argv);
  } catch (error) {
    if (error instanceof CliError) process.stderr.write(`hlslc: error: ${error.message}\n`);
    else process.stderr.write(`hlslc: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = EXIT_FAILED;
  }
}

// Not a top-level await: the bundle is CommonJS (see scripts/bundle.mjs); main() handles every error.
void main();
