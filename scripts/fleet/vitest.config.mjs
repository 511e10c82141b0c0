import { defineConfig } from 'vitest/config';

// The fleet test alone (`npm run test:fleet`): it starts its own processes, so it is no part of `vitest run`.
export default defineConfig({
  test: {
    include: ['scripts/fleet/fleet.spec.mjs'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
