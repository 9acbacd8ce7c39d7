// The `hlslc` executable (dist/src/bin/launch.cjs) loads the bundled CLI with a V8 code cache on
// Node versions without a module compile cache: the first run writes the cache under
// $XDG_CACHE_HOME/unplugin-hlsl, later runs read it, and the output is the same either way, also
// when the cache is corrupt, truncated, made for another bundle or cannot be written.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'dist/src/bin');
const CLI = join(BIN, 'launch.cjs');
const SHADER = join(ROOT, 'fixtures/compiler/pbr.hlsl');
const nodeHasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

let work: string;
let reference: Buffer;

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (\`npm test\` does)`);
  work = mkdtempSync(join(tmpdir(), 'hlslc-cache-'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function hlslc(args: string[], cacheHome: string, cli = CLI) {
  return spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, HOME: join(work, 'home'), XDG_CACHE_HOME: cacheHome },
    encoding: 'utf8',
  });
}

/** Compiles pbr.hlsl with the cache in `cacheHome`/unplugin-hlsl; the run must succeed silently. */
function compile(cacheHome: string, name: string): Buffer {
  const out = join(work, name);
  const run = hlslc(['-T', 'ps_6_0', '-E', 'ps_main', SHADER, '-Fo', out], cacheHome);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return readFileSync(out);
}

function cacheFiles(cacheHome: string): string[] {
  const dir = join(cacheHome, 'unplugin-hlsl');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.code-cache')).map((f) => join(dir, f)) : [];
}

/** A cache file as code-cache.ts writes it: the CRC-32 and length of V8's data (u32 LE each), then the data. */
function wellFormed(file: string): boolean {
  const bytes = readFileSync(file);
  const data = bytes.subarray(8);
  return bytes.length > 8 && bytes.readUInt32LE(4) === data.length && bytes.readUInt32LE(0) === crc32(data);
}

describe.skipIf(nodeHasCompileCache)('hlslc code cache (Node without module.enableCompileCache)', () => {
  const home = () => join(work, 'cache');

  it('is written by the first run and read by the next, which writes the same module', () => {
    reference = compile(home(), 'first.spv');
    const files = cacheFiles(home());
    expect(files).toHaveLength(1);
    expect(wellFormed(files[0]!)).toBe(true);
    const before = statSync(files[0]!).mtimeMs;
    expect(compile(home(), 'second.spv').equals(reference)).toBe(true);
    expect(statSync(files[0]!).mtimeMs).toBe(before); // read, not rewritten
  });

  it('still runs when the cache file is garbage and replaces it', () => {
    const [file] = cacheFiles(home());
    writeFileSync(file!, 'not a code cache');
    expect(compile(home(), 'garbage.spv').equals(reference)).toBe(true);
    expect(wellFormed(file!)).toBe(true);
  });

  it('does not hand V8 a cache with damaged bytes (V8 does not checksum it: some bytes abort the process) and replaces it', () => {
    const [file] = cacheFiles(home());
    const bytes = readFileSync(file!);
    // Damage spread over V8's data (one byte in each 4 KB), the header left as it was.
    for (let at = 64; at < bytes.length; at += 4096) bytes[at]! ^= 0x5a;
    writeFileSync(file!, bytes);
    expect(compile(home(), 'damaged.spv').equals(reference)).toBe(true);
    expect(wellFormed(file!)).toBe(true);
  });

  it('still runs when the cache file is truncated (as by a full disk) and replaces it', () => {
    const [file] = cacheFiles(home());
    const bytes = readFileSync(file!);
    writeFileSync(file!, bytes.subarray(0, bytes.length >> 1));
    expect(compile(home(), 'truncated.spv').equals(reference)).toBe(true);
    expect(wellFormed(file!)).toBe(true);
    expect(compile(home(), 'after-truncated.spv').equals(reference)).toBe(true);
  });

  it('gives the same output when the cache cannot be written (its folder is under a file)', () => {
    const blocked = join(work, 'not-a-folder');
    writeFileSync(blocked, '');
    expect(compile(blocked, 'blocked.spv').equals(reference)).toBe(true);
    expect(compile(blocked, 'blocked-again.spv').equals(reference)).toBe(true);
    expect(readFileSync(blocked, 'utf8')).toBe('');
  });

  it('reads a cache from a read-only folder and runs without one there', () => {
    const readOnly = join(work, 'read-only');
    mkdirSync(join(readOnly, 'unplugin-hlsl'), { recursive: true });
    const [file] = cacheFiles(home());
    copyFileSync(file!, join(readOnly, 'unplugin-hlsl', file!.split('/').pop()!));
    const empty = join(work, 'read-only-empty');
    mkdirSync(join(empty, 'unplugin-hlsl'), { recursive: true });
    chmodSync(join(readOnly, 'unplugin-hlsl'), 0o555);
    chmodSync(join(empty, 'unplugin-hlsl'), 0o555);
    try {
      expect(compile(readOnly, 'read-only.spv').equals(reference)).toBe(true);
      expect(compile(empty, 'read-only-empty.spv').equals(reference)).toBe(true);
    } finally {
      chmodSync(join(readOnly, 'unplugin-hlsl'), 0o755);
      chmodSync(join(empty, 'unplugin-hlsl'), 0o755);
    }
  });

  it('is written whole when several first runs write it at once', async () => {
    const cacheHome = join(work, 'concurrent');
    const runs = await Promise.all(
      [0, 1, 2, 3].map(
        (i) =>
          new Promise<{ status: number | null; stderr: string }>((done) => {
            const child = spawn(process.execPath, [CLI, '-T', 'ps_6_0', '-E', 'ps_main', SHADER, '-Fo', join(work, `concurrent${i}.spv`)], {
              env: { ...process.env, HOME: join(work, 'home'), XDG_CACHE_HOME: cacheHome },
            });
            let stderr = '';
            child.stderr.on('data', (chunk) => (stderr += chunk));
            child.on('close', (status) => done({ status, stderr }));
          }),
      ),
    );
    for (const [i, run] of runs.entries()) {
      expect(run).toEqual({ status: 0, stderr: '' });
      expect(readFileSync(join(work, `concurrent${i}.spv`)).equals(reference)).toBe(true);
    }
    expect(readdirSync(join(cacheHome, 'unplugin-hlsl'))).toHaveLength(1); // no temp files left
    const [file] = cacheFiles(cacheHome);
    expect(wellFormed(file!)).toBe(true);
    expect(compile(cacheHome, 'after-concurrent.spv').equals(reference)).toBe(true);
  });

  it('does not use the cache of another bundle of the same size and mtime (npm installs every version with one mtime)', () => {
    // A copy of the CLI whose bundle then changes one message, same length, mtime kept.
    const bin = join(work, 'package/dist/src/bin');
    mkdirSync(bin, { recursive: true });
    copyFileSync(CLI, join(bin, 'launch.cjs'));
    const bundle = join(bin, 'hlslc-main.cjs');
    copyFileSync(join(BIN, 'hlslc-main.cjs'), bundle);
    const { atime, mtime } = statSync(bundle);
    const cacheHome = join(work, 'versions');
    const missing = ['-T', 'ps_6_0', join(work, 'missing.hlsl'), '-Fo', join(work, 'x.spv')];
    const first = hlslc(missing, cacheHome, join(bin, 'launch.cjs'));
    expect(first.stderr).toMatch(/cannot read input file/);
    const source = readFileSync(bundle, 'latin1');
    expect(source).toContain('cannot read input file');
    writeFileSync(bundle, source.replaceAll('cannot read input file', 'cannot open input file'), 'latin1');
    utimesSync(bundle, atime, mtime);
    expect(statSync(bundle).size).toBe(Buffer.byteLength(source, 'latin1'));
    const second = hlslc(missing, cacheHome, join(bin, 'launch.cjs'));
    expect(second.stderr).toMatch(/cannot open input file/);
    expect(cacheFiles(cacheHome)).toHaveLength(2);
  });
});
