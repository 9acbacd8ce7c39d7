// `npm run playground` builds the package first, so the playground uses the plugin as users get it.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import hlsl from '../dist/src/vite.js';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [hlsl()],
  // The fixture shaders live outside the playground directory.
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  // Pre-bundle the wasm disassembler at start-up: discovered on first load instead, Vite re-optimises
  // and reloads the page while it is still loading.
  optimizeDeps: { include: ['spirv-tools'] },
});
