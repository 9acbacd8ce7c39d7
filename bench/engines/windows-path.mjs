// Code bases built on Windows name files without regard to case (`#include "RaytracingHlslCompat.h"`
// for RayTracingHlslCompat.h). Shared by the engines driver and the CI subset (test/compiler/engines.test.ts).
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** `path` as it exists on disk: a missing path is looked up again one component at a time, ignoring case. */
export function windowsPath(path) {
  if (existsSync(path)) return path;
  const parent = dirname(path);
  if (parent === path) return path;
  const dir = windowsPath(parent);
  const name = path.slice(parent.length + (parent.endsWith(sep) ? 0 : 1));
  if (!existsSync(dir)) return path;
  const match = readdirSync(dir).find((n) => n.toLowerCase() === name.toLowerCase());
  return match ? join(dir, match) : path;
}
