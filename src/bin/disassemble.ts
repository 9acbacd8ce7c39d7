// SPIR-V disassembly for `hlslc` without -Fo (DXC prints it to stdout) and for -Fc. The compiler has
// no disassembler of its own: use SPIRV-Tools' `spirv-dis` when it is on PATH, else the wasm build in
// the `spirv-tools` npm package, else report that neither is available. node:child_process is
// required here, not imported: loading it (with net, dgram, …) cost ~4 ms of every hlslc run,
// and only a run that prints disassembly spawns anything.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Disassembly = { ok: true; text: string; tool: string } | { ok: false; error: string };

function bytesOf(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}

/** `spirv-dis` reading the module from stdin; undefined when it is not installed. */
function withSpirvDis(words: Uint32Array): Disassembly | undefined {
  const { spawnSync } = createRequire(import.meta.filename)('node:child_process') as typeof import('node:child_process');
  const run = spawnSync('spirv-dis', ['--no-color', '-'], { input: bytesOf(words), encoding: 'utf8' });
  if (run.error) {
    if ((run.error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { ok: false, error: `spirv-dis failed to run: ${run.error.message}` };
  }
  if (run.status !== 0) return { ok: false, error: `spirv-dis failed: ${run.stderr.trim()}` };
  return { ok: true, text: run.stdout, tool: 'spirv-dis' };
}

interface SpirvToolsWasm {
  dis(input: Uint8Array, env: number, options: number): string;
  SPV_ENV_UNIVERSAL_1_6?: number;
  SPV_ENV_UNIVERSAL_1_5: number;
  SPV_BINARY_TO_TEXT_OPTION_INDENT: number;
  SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES: number;
}

/** The `spirv-tools` npm package (a devDependency, so absent from most installs); undefined when missing. */
async function withSpirvToolsPackage(words: Uint32Array): Promise<Disassembly | undefined> {
  const require = createRequire(import.meta.filename);
  let entry: string;
  try {
    entry = require.resolve('spirv-tools');
  } catch {
    return undefined;
  }
  // Under Node the Emscripten loader would `fetch` the wasm by file path, which fails; hand it the bytes.
  const wasmBinary = readFileSync(entry.replace(/\.js$/, '.wasm'));
  // The package is CommonJS (an Emscripten build): require it, so the bundled CLI needs no dynamic import().
  const factory = require(entry) as (module: object) => Promise<SpirvToolsWasm>;
  const tools = await factory({ wasmBinary });
  const env = tools.SPV_ENV_UNIVERSAL_1_6 ?? tools.SPV_ENV_UNIVERSAL_1_5;
  const text = tools.dis(
    bytesOf(words),
    env,
    tools.SPV_BINARY_TO_TEXT_OPTION_INDENT | tools.SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES,
  );
  if (text === '') return { ok: false, error: 'the spirv-tools package could not disassemble the module' };
  return { ok: true, text, tool: 'spirv-tools (npm)' };
}

export async function disassemble(words: Uint32Array): Promise<Disassembly> {
  return (
    withSpirvDis(words) ??
    (await withSpirvToolsPackage(words)) ?? {
      ok: false,
      error:
        'no SPIR-V disassembler found (install SPIRV-Tools for spirv-dis, or the spirv-tools npm package); ' +
        'use -Fo <file> to write the binary instead',
    }
  );
}
