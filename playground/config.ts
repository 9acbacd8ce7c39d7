// The playground's Vite config, shared by vite.config.ts (the built plugin, as users get it), the
// playground tests and the screenshot script (the plugin from source).
import { fileURLToPath } from 'node:url';
import type { PluginOption, UserConfig } from 'vite';

export const PLAYGROUND_ROOT = fileURLToPath(new URL('.', import.meta.url));
const REPO = fileURLToPath(new URL('..', import.meta.url));

/** `root`: the playground directory (tests use a copy, so they can edit its shaders). */
export function playgroundConfig(hlsl: PluginOption, root = PLAYGROUND_ROOT): UserConfig {
  return {
    root,
    plugins: [hlsl],
    // The fixture shaders and the HMR helper live outside the playground directory.
    server: { fs: { allow: [REPO, root] } },
    // Pre-bundle the wasm disassembler at start-up: discovered on first load instead, Vite re-optimises
    // and reloads the page while it is still loading.
    optimizeDeps: { include: ['spirv-tools'] },
    build: { target: 'es2022' },
  };
}
