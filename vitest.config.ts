import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// SPIRV-Tools 2025.1 unpacked by scripts/spirv-tools.sh comes first on the tests' PATH: Debian 12's
// 2023.1 cannot validate cooperative matrices, shader enqueue or maximal reconvergence.
const spirvToolsBin = join(process.env.HLSL_SPIRV_TOOLS_DIR || join(import.meta.dirname, '.cache', 'spirv-tools'), 'bin');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Bundler builds and the Vulkan runner are heavy; two workers match the CI machine's two cores.
    maxWorkers: 2,
    env: { PATH: `${spirvToolsBin}:${process.env.PATH ?? ''}` },
  },
});
