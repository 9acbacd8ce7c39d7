// `#include` of what is neither next to the including file nor in an include directory, resolved as
// an `import` of the same specifier would be from the including file: the bundler's aliases first
// (Vite `resolve.alias`, webpack/Rspack `resolve.alias`, esbuild `alias`, or the plugin option), then
// packages in node_modules found upwards from the including file, through each package's `exports`
// where it maps the path (Node's resolver: workspaces and pnpm's symlinked layout resolve as for
// JavaScript), else the file at that path in the package folder.
// Synchronous, because the compiler is: it runs inside one compile call, also on worker threads.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { IncludeResolution } from '../compiler/host.js';

/** An alias as bundlers spell them: a prefix (`@/`, `@shaders`) or a RegExp, and its replacement. */
export interface IncludeAlias {
  find: string | RegExp;
  replacement: string;
}

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/** A string alias matches the specifier itself or a path below it (`@/x` for `@`, as Vite and webpack). */
function applyAlias(spec: string, alias: IncludeAlias): string | undefined {
  if (typeof alias.find === 'string') {
    if (spec === alias.find) return alias.replacement;
    const prefix = alias.find.endsWith('/') ? alias.find : `${alias.find}/`;
    return spec.startsWith(prefix) ? `${alias.replacement.replace(/\/$/, '')}/${spec.slice(prefix.length)}` : undefined;
  }
  return alias.find.test(spec) ? spec.replace(alias.find, alias.replacement) : undefined;
}

function describeAlias(alias: IncludeAlias): string {
  return typeof alias.find === 'string' ? `'${alias.find}'` : String(alias.find);
}

/**
 * A bare specifier from a file: Node's resolution first (a package's `exports` maps the path, links
 * and pnpm's layout resolve to real paths); then the file at that path inside the package folder, as
 * shader libraries publish plain folders whose `exports` map only their JavaScript (lygia does).
 */
function resolvePackage(spec: string, from: string): { path?: string; why: string } {
  let why = 'not found';
  try {
    const path = createRequire(from).resolve(spec);
    if (isFile(path)) return { path, why: '' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') why = `not exported, and not in the package folder`;
  }
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', spec);
    if (isFile(candidate)) return { path: realpathSync(candidate), why: '' };
    if (dirname(dir) === dir) return { why };
  }
}

const packageName = (spec: string): string => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

export function resolveIncludeLikeImport(name: string, includingFile: string, aliases: readonly IncludeAlias[]): IncludeResolution {
  const searched: string[] = [];
  let spec = name;
  const alias = aliases.find((a) => applyAlias(name, a) !== undefined);
  if (alias) {
    spec = applyAlias(name, alias)!;
    const target = isAbsolute(spec) ? spec : spec.startsWith('.') ? resolve(dirname(includingFile), spec) : undefined;
    if (target !== undefined) {
      if (isFile(target)) return { path: target, searched };
      searched.push(`alias ${describeAlias(alias)} → ${target}`);
      return { searched };
    }
  }
  // Only bare specifiers name packages; `./x` and `../x` were looked up next to the including file.
  if (spec.startsWith('.') || isAbsolute(spec)) return { searched };
  const found = resolvePackage(spec, includingFile);
  if (found.path !== undefined && isFile(found.path)) return { path: found.path, searched };
  searched.push(`package '${packageName(spec)}' in node_modules from ${dirname(includingFile)} (${found.why})`);
  return { searched };
}

/** webpack/Rspack `resolve.alias`: an object (`name$` matches exactly) or a list of `{ name, alias }`. */
export function aliasesFromWebpack(alias: unknown): IncludeAlias[] {
  const entries: [string, unknown][] = Array.isArray(alias)
    ? alias.map((a: { name?: string; alias?: unknown }) => [a.name ?? '', a.alias])
    : Object.entries((alias as Record<string, unknown> | undefined) ?? {});
  return entries.flatMap(([name, target]) => {
    const replacement = Array.isArray(target) ? target[0] : target;
    if (typeof replacement !== 'string' || name === '') return [];
    const exact = name.endsWith('$');
    return [{ find: exact ? new RegExp(`^${escapeRegExp(name.slice(0, -1))}$`) : name, replacement }];
  });
}

/** Vite's resolved `resolve.alias` (already a list of `{ find, replacement }`). */
export function aliasesFromVite(alias: readonly { find: string | RegExp; replacement: string }[]): IncludeAlias[] {
  return alias.map(({ find, replacement }) => ({ find, replacement }));
}

/** esbuild's `alias` (package names to paths or other packages). */
export function aliasesFromRecord(alias: Record<string, string> | undefined): IncludeAlias[] {
  return Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement }));
}

/** A stable text of the aliases for cache keys (RegExps do not survive JSON.stringify). */
export function aliasKey(aliases: readonly IncludeAlias[]): string {
  return aliases.map((a) => `${typeof a.find === 'string' ? a.find : String(a.find)}=>${a.replacement}`).join('\n');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
