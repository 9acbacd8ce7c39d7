import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Bundler builds and the Vulkan runner are heavy; two workers match the CI machine's two cores.
    maxWorkers: 2,
  },
});
