// Copies of fixture shaders in a fresh temp directory, so tests may edit them.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
export const SHADERS = join(FIXTURES, 'shaders');

export interface TempDir {
  dir: string;
  path(...parts: string[]): string;
  remove(): void;
}

export function tempCopy(source: string = SHADERS, prefix = 'hlsl-plugin-'): TempDir {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(source, dir, { recursive: true, filter: (src) => !/[\\/](node_modules|dist)$/.test(src) });
  return { dir, path: (...parts) => join(dir, ...parts), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
