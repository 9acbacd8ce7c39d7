// Declarations for shader imports with a query (`import x from './blur.hlsl?entry=main&stage=pixel'`).
// TypeScript resolves `./blur.hlsl` to `blur.hlsl.d.ts`, but a query makes the specifier a name no
// file can have, and an ambient `declare module` may not be relative. What it accepts is a pattern:
// `declare module '*/blur.hlsl?entry=main&stage=pixel'` matches the specifier as written, from any
// folder. So the project's sources are scanned for such specifiers (as unplugin-auto-import scans for
// names), each is compiled as the bundler will, and one file, `hlsl-imports.d.ts`, holds them all.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { splitId } from './ids.js';
import { projectFiles } from './project-files.js';

/** The generated file's name, in the `dts` folder (or the project root when declarations sit beside shaders). */
export const QUERY_IMPORTS_DTS = 'hlsl-imports.d.ts';

/** Source files whose imports are scanned. */
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.vue', '.svelte', '.astro'];

/** A shader import with a query, as written in a source file. */
export interface QueryImport {
  /** The specifier exactly as written: `./shaders/blur.hlsl?stage=pixel`. */
  specifier: string;
  /** The shader id it names (absolute file + query). */
  id: string;
}

// The pattern TypeScript matches the specifier with: the leading relative segments become `.*`
// (`./a/b.hlsl?x` gives `.*/a/b.hlsl?x`, which `./` and `../../` both match). A pattern may not look
// relative (`./…`), and `.*` does not; its one-character prefix also outranks the client types'
// `*.hlsl?wgsl` (TypeScript takes the pattern with the longest prefix). Aliases and packages are
// declared as written: an exact name wins over any pattern.
export function declarationPattern(specifier: string): string {
  const relative = /^(?:\.\.?\/)+/.exec(specifier);
  return relative ? `.*/${specifier.slice(relative[0].length)}` : specifier;
}

/** String literals naming a shader with a query, in one source text. */
export function queryImportSpecifiers(text: string, extensions: readonly string[]): string[] {
  const exts = extensions.map((e) => e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const literal = new RegExp(`(['"\`])([^'"\`\\s]+?(?:${exts})\\?[^'"\`\\s]*)\\1`, 'g');
  const found = new Set<string>();
  for (const match of text.matchAll(literal)) {
    const specifier = match[2]!;
    if (!specifier.includes('${')) found.add(specifier);
  }
  return [...found];
}

/** Every relative or absolute query import in the project's sources below `root`. */
export function scanQueryImports(root: string, extensions: readonly string[]): QueryImport[] {
  const sources = projectFiles(root, (name) => SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts'));
  const imports: QueryImport[] = [];
  for (const path of sources) {
    for (const specifier of queryImportSpecifiers(readFileSync(path, 'utf8'), extensions)) {
      const id = resolveSpecifier(specifier, path);
      if (id !== undefined) imports.push({ specifier, id });
    }
  }
  return imports;
}

/** The shader id of a relative or absolute specifier; aliases and packages only a bundler can resolve. */
export function resolveSpecifier(specifier: string, importer: string): string | undefined {
  const { file, search } = splitId(specifier);
  if (isAbsolute(file)) return specifier;
  if (!file.startsWith('.')) return undefined;
  return resolve(dirname(splitId(importer).file), file) + search;
}

/**
 * The declarations of query imports: specifiers by pattern, each pattern's shader id, and each id's
 * module declaration once compiled. A pattern two different shaders share cannot be typed (TypeScript
 * sees one name), so it is left out with a comment saying which files clash.
 */
export class QueryImportDeclarations {
  private readonly idsByPattern = new Map<string, Set<string>>();
  private readonly dtsById = new Map<string, string>();

  /** Records a specifier; true when it is new (its shader then needs compiling for the file). */
  add(specifier: string, id: string): boolean {
    const pattern = declarationPattern(specifier);
    let ids = this.idsByPattern.get(pattern);
    if (!ids) this.idsByPattern.set(pattern, (ids = new Set()));
    if (ids.has(id)) return false;
    ids.add(id);
    return true;
  }

  /** True when some recorded specifier names this shader id. */
  has(id: string): boolean {
    for (const ids of this.idsByPattern.values()) if (ids.has(id)) return true;
    return false;
  }

  /** The module declaration of a compiled shader id (what `x.hlsl.d.ts` would hold for it). */
  setDeclaration(id: string, dts: string): void {
    this.dtsById.set(id, dts);
  }

  /** Every shader id some specifier names. */
  ids(): string[] {
    return [...new Set([...this.idsByPattern.values()].flatMap((ids) => [...ids]))];
  }

  get size(): number {
    return this.idsByPattern.size;
  }

  /** The text of `hlsl-imports.d.ts`. */
  render(): string {
    const out = [
      '// Generated by unplugin-hlsl: the types of shader imports with a query. Do not edit.',
      '// Include this file in tsconfig.json ("include") for TypeScript to see them. It is a script, not a module:',
      '// its `declare module` blocks are then ambient declarations, not augmentations.',
    ];
    for (const pattern of [...this.idsByPattern.keys()].sort()) {
      const ids = [...this.idsByPattern.get(pattern)!].sort();
      const declarations = new Set(ids.map((id) => this.dtsById.get(id)));
      if (ids.length > 1 && declarations.size > 1) {
        out.push(`// '${pattern}' names different shaders (${ids.join(', ')}): TypeScript cannot tell them apart; import one by another path.`);
        continue;
      }
      const dts = this.dtsById.get(ids[0]!);
      if (dts === undefined) {
        out.push(`// '${pattern}': ${ids[0]} has errors; its declaration comes back when it compiles.`);
        continue;
      }
      out.push(`declare module ${JSON.stringify(pattern)} {`, ambientBody(dts), '}');
    }
    return `${out.join('\n')}\n`;
  }
}

/** A module's declaration text as the body of `declare module '…' { }`: `declare` is implied there. */
function ambientBody(dts: string): string {
  return dts
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line.replace(/^(export )?declare /, '$1')}`))
    .join('\n');
}
