// One cache of values by content key: memory first, then one JSON file per key on disk (written by
// writeEntryFile: temp file + rename, checksummed). An entry records the content hash of every file
// that made the value; a hit re-hashes them, so an edited include is a miss. The compiled-shader
// cache (cache.ts) and the generated-module cache (module-cache.ts) differ only in how a value is
// written to disk and read back.
import { join } from 'node:path';
import { filesUnchanged, readEntryFile, writeEntryFile, type FileHashes } from './cache.js';

export interface CacheStats {
  memoryHits: number;
  diskHits: number;
  misses: number;
  /** Disk entries rejected: bad checksum, wrong key or unreadable JSON. */
  corrupt: number;
}

export interface CacheEntry<V> {
  key: string;
  fileHashes: FileHashes;
  value: V;
}

/** How one kind of value is stored: its file format tag, its folder, and its body's text both ways. */
export interface EntryCodec<V> {
  format: string;
  /** A subfolder of the cache directory, or '' for the directory itself. */
  folder: string;
  encode(entry: CacheEntry<V>): string;
  /** The entry in `body`, or undefined when it is not a well-formed entry of `key`. */
  decode(body: string, key: string): CacheEntry<V> | undefined;
}

export class EntryCache<V> {
  private readonly memory = new Map<string, CacheEntry<V>>();
  readonly stats: CacheStats = { memoryHits: 0, diskHits: 0, misses: 0, corrupt: 0 };

  /** `dir`: the disk cache directory, or undefined for memory only. */
  constructor(
    readonly dir: string | undefined,
    private readonly codec: EntryCodec<V>,
  ) {}

  /** The folder of the disk entries, or undefined for memory only. */
  get folder(): string | undefined {
    return this.dir === undefined ? undefined : join(this.dir, this.codec.folder);
  }

  entryPath(key: string): string | undefined {
    return this.dir === undefined ? undefined : join(this.dir, this.codec.folder, `${key}.json`);
  }

  async get(key: string, known?: FileHashes, memo?: Map<string, string | null>): Promise<V | undefined> {
    return (await this.lookup(key, known, memo))?.value;
  }

  /**
   * The entry of `key` with the content hashes of the files it read, when none has changed since.
   * `known`: current hashes the caller already has; `memo`: the build's (see filesUnchanged).
   */
  async lookup(key: string, known?: FileHashes, memo?: Map<string, string | null>): Promise<CacheEntry<V> | undefined> {
    const remembered = this.memory.get(key);
    if (remembered && filesUnchanged(remembered.fileHashes, known, memo)) {
      this.stats.memoryHits++;
      return remembered;
    }
    const stored = this.readDisk(key);
    if (stored && filesUnchanged(stored.fileHashes, known, memo)) {
      this.memory.set(key, stored);
      this.stats.diskHits++;
      return stored;
    }
    this.stats.misses++;
    return undefined;
  }

  async set(key: string, value: V, fileHashes: FileHashes): Promise<void> {
    const entry: CacheEntry<V> = { key, fileHashes, value };
    this.memory.set(key, entry);
    const path = this.entryPath(key);
    if (path !== undefined) await writeEntryFile(path, this.codec.format, this.codec.encode(entry));
  }

  private readDisk(key: string): CacheEntry<V> | undefined {
    const path = this.entryPath(key);
    if (path === undefined) return undefined;
    const body = readEntryFile(path, this.codec.format);
    if (body === undefined) return undefined;
    const entry = body === null ? undefined : this.codec.decode(body, key);
    if (!entry) this.stats.corrupt++;
    return entry;
  }
}
