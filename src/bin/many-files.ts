// `hlslc -Fo-dir <dir> a.hlsl b.hlsl …`: one process compiles many shaders with the same options,
// so a build script pays Node's start-up once instead of once per shader. Each input's SPIR-V goes
// to <dir>/<name>.spv (its WGSL to <dir>/<name>.wgsl with -target wgsl); diagnostics are printed as for one file; a failed input does not stop the
// others, and the exit status is 1 when any failed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, formatDiagnostic } from '../../compiler/index.js';
import { nodeHost } from '../../plugin/node-host.js';
import { manyFilesOutputName, type ParsedArgs } from './args.js';

const EXIT_OK = 0;
const EXIT_FAILED = 1;

function errorCode(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code ?? e.message ?? String(error);
}

/** An input file's text, or the one-line error that it cannot be read. */
export function readInput(input: string): { source: string } | { error: string } {
  try {
    return { source: readFileSync(input, 'utf8') };
  } catch (error) {
    return { error: `hlslc: error: cannot read input file '${input}': ${errorCode(error)}\n` };
  }
}

export async function compileManyFiles(args: ParsedArgs & { outputDir: string }): Promise<number> {
  try {
    mkdirSync(args.outputDir, { recursive: true });
  } catch (error) {
    process.stderr.write(`hlslc: error: cannot create output directory '${args.outputDir}': ${errorCode(error)}\n`);
    return EXIT_FAILED;
  }
  // One host for all inputs: an include shared by many shaders is read once.
  const host = nodeHost();
  const report: string[] = [];
  let status = EXIT_OK;
  for (const input of args.inputs) {
    const read = readInput(input);
    if ('error' in read) {
      report.push(read.error);
      status = EXIT_FAILED;
      continue;
    }
    const source = read.source;
    const result = await compile(source, { ...args.options, filename: input, host });
    const diagnostics = result.diagnostics;
    const sourceOf = (file: string) => (file === input ? source : host.contents.get(file));
    for (const d of diagnostics) report.push(formatDiagnostic(d, sourceOf) + '\n');
    const wgsl = args.options.target === 'wgsl';
    const output = wgsl ? result.wgsl?.code : result.spirv;
    const failed = !result.success || diagnostics.some((d) => d.severity === 'error');
    if (failed || output === undefined) {
      if (!diagnostics.some((d) => d.severity === 'error')) report.push(`hlslc: error: '${input}' failed without a diagnostic\n`);
      status = EXIT_FAILED;
      continue;
    }
    const file = join(args.outputDir, manyFilesOutputName(input, wgsl ? 'wgsl' : 'spv'));
    try {
      writeFileSync(file, typeof output === 'string' ? output : new Uint8Array(output.buffer, output.byteOffset, output.byteLength));
    } catch (error) {
      report.push(`hlslc: error: cannot write '${file}': ${errorCode(error)}\n`);
      status = EXIT_FAILED;
    }
  }
  if (args.diagnosticsOutput) {
    try {
      writeFileSync(args.diagnosticsOutput, report.join(''));
    } catch (error) {
      process.stderr.write(`hlslc: error: cannot write '${args.diagnosticsOutput}': ${errorCode(error)}\n`);
      return EXIT_FAILED;
    }
  } else process.stderr.write(report.join(''));
  return status;
}
