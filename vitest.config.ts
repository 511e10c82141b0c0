import { defineConfig } from 'vitest/config';

// One runner for the whole repository: `vitest run` runs every project, `--project server` only the API suite.
export default defineConfig({
  test: {
    // Each server test file builds its own app on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      // The repository's own scripts (npm test's Chromium check).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
