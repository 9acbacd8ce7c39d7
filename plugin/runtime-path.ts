// The files behind `unplugin-hlsl/runtime`. The plugin resolves the specifier itself so projects
// inside this repository (and linked checkouts) work without the package in node_modules.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RUNTIME_SPECIFIER = 'unplugin-hlsl/runtime';

export interface RuntimeFile {
  path: string;
  /** True for the TypeScript source: the plugin strips its types when loading it. */
  typescript: boolean;
}

/**
 * `dist/src/runtime.js` when the plugin runs built (dist/plugin/x.js), `src/runtime.ts` when it runs
 * from source (plugin/x.ts); whichever exists next to this file, the built one first.
 */
export function runtimeFile(pluginUrl: string = import.meta.url): RuntimeFile {
  const candidates = [
    { path: fileURLToPath(new URL('../src/runtime.js', pluginUrl)), typescript: false },
    { path: fileURLToPath(new URL('../src/runtime.ts', pluginUrl)), typescript: true },
  ];
  const found = candidates.find((c) => existsSync(c.path));
  if (!found) throw new Error(`unplugin-hlsl: runtime not found (looked for ${candidates.map((c) => c.path).join(', ')})`);
  return found;
}

/** JavaScript of a TypeScript file, for bundlers that cannot read TypeScript (Rollup, webpack). */
export async function stripTypes(code: string, fileName: string): Promise<string> {
  // Only reached when running from source, where esbuild (a dev dependency) is installed.
  const { transform } = await import('esbuild');
  return (await transform(code, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: fileName })).code;
}
