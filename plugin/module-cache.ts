// Generated JavaScript modules by content, so a warm build reads one file per shader instead of
// reading the compiled shader and generating its module again. The key is the compile's key (source,
// options, backend, compiler version) plus everything generation reads: the export kind, the
// placement of the SPIR-V, the matrix order and the generator's own code. As in the shader cache,
// an entry records the content hash of every file the compile read, and a hit re-hashes them (an
// edited include is a miss). A SPIR-V binary emitted as an asset is kept beside the code, which
// holds a placeholder for the asset's URL: each build emits the asset and substitutes its URL.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../compiler/diagnostics.js';
import { sha256, type FileHashes } from './cache.js';
import { EntryCache, type EntryCodec } from './entry-cache.js';
import { runtimeFile } from './runtime-path.js';

const FORMAT = 'unplugin-hlsl-module/2';

/**
 * Stands for the SPIR-V asset's URL expression in cached code. NUL characters never occur in
 * generated code otherwise (string literals escape them), so the substitution cannot hit anything else.
 */
export const SPIRV_URL_PLACEHOLDER = '\u0000spirv-url\u0000';

/** A SPIR-V binary placed as an asset: emitted by each build that uses the module. */
export interface SpirvAsset {
  fileName: string;
  /** The binary, base64. */
  spirv: string;
  contentHash: string;
}

export interface CachedModule {
  /** With SPIRV_URL_PLACEHOLDER where the asset's URL goes, when there is an asset. */
  code: string;
  dts: string;
  /** The generator's warnings. */
  generatedWarnings: string[];
  /** The compiler's warning diagnostics. */
  shaderWarnings: Diagnostic[];
  /** Every file the compile read, the shader first. */
  files: string[];
  asset?: SpirvAsset;
}

/** Generated modules by moduleKey(); entries are { key, fileHashes, module } on disk, in the cache's `modules` folder. */
export class ModuleCache extends EntryCache<CachedModule> {
  constructor(dir: string | undefined) {
    super(dir, MODULE_CODEC);
  }
}

const MODULE_CODEC: EntryCodec<CachedModule> = {
  format: FORMAT,
  folder: 'modules',
  encode: ({ key, fileHashes, value: module }) => JSON.stringify({ key, fileHashes, module }),
  decode(body, key) {
    try {
      const parsed = JSON.parse(body) as { key?: string; fileHashes: FileHashes; module?: CachedModule };
      return parsed.key === key && typeof parsed.module?.code === 'string' ? { key, fileHashes: parsed.fileHashes, value: parsed.module } : undefined;
    } catch {
      return undefined;
    }
  },
};

/**
 * A hash of the code that turns a compiled shader into a module: the generator (codegen/), the core
 * (its SPIR-V-only modules) and the runtime the modules import. Any change to them is a new key, so
 * no version number has to be remembered. Read once per plugin instance (about 20 small files).
 */
export function generatorVersion(pluginUrl: string): string {
  const codegen = fileURLToPath(new URL('./codegen/', pluginUrl));
  const files = readdirSync(codegen)
    .filter((name) => /\.(?:js|ts)$/.test(name) && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => join(codegen, name));
  files.push(fileURLToPath(pluginUrl), runtimeFile(pluginUrl).path);
  return sha256(files.map((file) => `${basename(file)}\n${readFileSync(file, 'utf8')}`).join('\n'));
}

/** The key of one generated module: the compile's key and what generation reads besides the shader. */
export function moduleKey(compileKey: string, generation: unknown): string {
  return sha256(JSON.stringify([FORMAT, compileKey, generation]));
}
