// The project's own files: a walk below the root that skips node_modules and dot folders
// (dependencies and tool state), used for the start-up declaration scan.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Files below `root` whose name `accept` takes, sorted. */
export function projectFiles(root: string, accept: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && accept(entry.name)) found.push(path);
    }
  };
  walk(root);
  return found.sort();
}
