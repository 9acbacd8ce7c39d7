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
import { filesUnchanged, readEntryFile, sha256, writeEntryFile, type FileHashes } from './cache.js';
import { runtimeFile } from './runtime-path.js';

const FORMAT = 'unplugin-hlsl-module/1';

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

export interface ModuleCacheStats {
  memoryHits: number;
  diskHits: number;
  misses: number;
  /** Disk entries rejected: bad checksum, wrong key or unreadable JSON. */
  corrupt: number;
}

interface Entry {
  key: string;
  fileHashes: FileHashes;
  module: CachedModule;
}

export class ModuleCache {
  private readonly memory = new Map<string, Entry>();
  readonly stats: ModuleCacheStats = { memoryHits: 0, diskHits: 0, misses: 0, corrupt: 0 };

  /** `dir`: the plugin's cache directory (entries go to its `modules` folder), or undefined for memory only. */
  constructor(readonly dir: string | undefined) {}

  entryPath(key: string): string | undefined {
    return this.dir === undefined ? undefined : join(this.dir, 'modules', `${key}.json`);
  }

  async get(key: string): Promise<CachedModule | undefined> {
    const remembered = this.memory.get(key);
    if (remembered && filesUnchanged(remembered.fileHashes)) {
      this.stats.memoryHits++;
      return remembered.module;
    }
    const stored = await this.readDisk(key);
    if (stored && filesUnchanged(stored.fileHashes)) {
      this.memory.set(key, stored);
      this.stats.diskHits++;
      return stored.module;
    }
    this.stats.misses++;
    return undefined;
  }

  async set(key: string, module: CachedModule, fileHashes: FileHashes): Promise<void> {
    const entry: Entry = { key, fileHashes, module };
    this.memory.set(key, entry);
    const path = this.entryPath(key);
    if (path !== undefined) await writeEntryFile(path, FORMAT, JSON.stringify(entry));
  }

  private async readDisk(key: string): Promise<Entry | undefined> {
    const path = this.entryPath(key);
    if (path === undefined) return undefined;
    const body = await readEntryFile(path, FORMAT);
    if (body === undefined) return undefined;
    let entry: Entry | undefined;
    try {
      const parsed = body === null ? undefined : (JSON.parse(body) as Entry);
      entry = parsed?.key === key && typeof parsed.module?.code === 'string' ? parsed : undefined;
    } catch {
      entry = undefined;
    }
    if (!entry) this.stats.corrupt++;
    return entry;
  }
}

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
