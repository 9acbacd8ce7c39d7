// Compiled shaders by content: memory first, then one JSON file per key on disk. The key hashes the
// source, the options, the backend and COMPILER_VERSION; the included files are only known after a
// compile, so an entry records each one's content hash and a hit re-hashes them (an edited include
// is a miss). Disk entries are written to a temp file and renamed (concurrent builds never see half
// a file) and carry a checksum of their body, so a corrupt or foreign file is a miss, not a crash.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Diagnostic } from '../compiler/diagnostics.js';
import type { Reflection } from '../compiler/reflect/types.js';
import type { CompiledEntryPoint, WgslOutput } from '../compiler/result.js';
import { COMPILER_VERSION } from '../compiler/version.js';
import { isMissingFile } from './node-host.js';
import { EntryCache, type CacheEntry, type EntryCodec } from './entry-cache.js';

export type { CacheStats } from './entry-cache.js';

export interface CompiledShader {
  /** Set when SPIR-V was targeted. */
  spirv?: Uint32Array;
  /** Of the SPIR-V when it was targeted, else of the WGSL. */
  reflection: Reflection;
  /** Set when WGSL was targeted: the code and the WGSL pipeline's reflection. */
  wgsl?: WgslOutput;
  entryPoints: CompiledEntryPoint[];
  /** Every file the compile read, the shader first. */
  files: string[];
  /** Warning diagnostics (a shader with errors is never cached). */
  warnings: Diagnostic[];
}

/** Content hash of each file a compile read or probed; null for one that did not exist. */
export type FileHashes = Record<string, string | null>;

const FORMAT = 'unplugin-hlsl-cache/3';

export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The lookup key of one compile: everything but the includes' contents. */
export function cacheKey(parts: { sourceHash: string; file: string; options: unknown; backend: string }): string {
  return sha256(JSON.stringify([COMPILER_VERSION, parts.backend, parts.file, parts.options, parts.sourceHash]));
}

export function hashFile(path: string): string | null {
  try {
    return sha256(readFileSync(path));
  } catch (error) {
    if (isMissingFile(error)) return null;
    throw error;
  }
}

/** Compiled shaders by compile key (cacheKey()); entries are { key, fileHashes, shader } on disk, the SPIR-V in base64. */
export class ShaderCache extends EntryCache<CompiledShader> {
  constructor(dir: string | undefined) {
    super(dir, SHADER_CODEC);
  }
}

const SHADER_CODEC: EntryCodec<CompiledShader> = {
  format: FORMAT,
  folder: '',
  encode: ({ key, fileHashes, value: shader }) =>
    JSON.stringify(
      { key, fileHashes, shader: { ...shader, spirv: shader.spirv && Buffer.from(shader.spirv.buffer, shader.spirv.byteOffset, shader.spirv.byteLength).toString('base64') } },
      (_, value: unknown) => (typeof value === 'bigint' ? { $bigint: value.toString() } : value),
    ),
  decode: parseEntry,
};

/**
 * Writes `body` to `path` under `format` with its checksum, through a temp file and a rename: a line
 * of JSON ({ format, checksum }), then the body as it is (not a JSON string inside the header, which
 * a read would have to unescape before parsing the body itself).
 */
export async function writeEntryFile(path: string, format: string, body: string): Promise<void> {
  const contents = `${JSON.stringify({ format, checksum: sha256(body) })}\n${body}`;
  try {
    await writeFileAtomically(path, contents);
  } catch (error) {
    // The folder is made on the first write that finds it missing, not before every write.
    if (!isMissingFile(error)) throw error;
    await mkdir(dirname(path), { recursive: true });
    await writeFileAtomically(path, contents);
  }
}

/** Writes `path` through a temp file and a rename: a concurrent reader never sees half a file. */
export async function writeFileAtomically(path: string, contents: string | Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, contents);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The body writeEntryFile stored at `path`; undefined when there is no file, null when it is corrupt or of another format. */
export function readEntryFile(path: string, format: string): string | undefined | null {
  let text: string;
  try {
    // Synchronous: entries are small, and fs/promises' readFile (open, stat, read, close, each a trip
    // through the thread pool) cost a warm build more than the reads themselves.
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
  const end = text.indexOf('\n');
  if (end < 0) return null;
  try {
    const header = JSON.parse(text.slice(0, end)) as { format?: unknown; checksum?: unknown };
    if (header.format !== format) return null;
    const body = text.slice(end + 1);
    return header.checksum === sha256(body) ? body : null;
  } catch {
    return null;
  }
}

function parseEntry(body: string, key: string): CacheEntry<CompiledShader> | undefined {
  try {
    const inner = JSON.parse(body, (_, value: unknown) =>
      value !== null && typeof value === 'object' && typeof (value as { $bigint?: unknown }).$bigint === 'string'
        ? BigInt((value as { $bigint: string }).$bigint)
        : value,
    ) as { key: string; fileHashes: FileHashes; shader: Omit<CompiledShader, 'spirv'> & { spirv?: string } };
    if (inner.key !== key) return undefined;
    const { spirv: base64, ...rest } = inner.shader;
    if (base64 === undefined) return { key, fileHashes: inner.fileHashes, value: rest };
    const bytes = Buffer.from(base64, 'base64');
    const spirv = new Uint32Array(bytes.byteLength / 4);
    new Uint8Array(spirv.buffer).set(bytes);
    return { key, fileHashes: inner.fileHashes, value: { ...rest, spirv } };
  } catch {
    return undefined;
  }
}

/**
 * True when every file still has the content hash it had (null: still missing). `known`: hashes the
 * caller has just computed (the shader's own source, read for the key), taken instead of reading again.
 * `memo`: hashes of this build so far (ShaderCore.beginBuild), read from and added to, so a file many
 * shaders include is read and hashed once a build.
 */
export function filesUnchanged(hashes: FileHashes, known?: FileHashes, memo?: Map<string, string | null>): boolean {
  for (const path in hashes) {
    let now = known !== undefined && path in known ? known[path] : memo?.get(path);
    if (now === undefined) {
      now = hashFile(path);
      memo?.set(path, now);
    }
    if (now !== hashes[path]) return false;
  }
  return true;
}
