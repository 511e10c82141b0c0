import { defineConfig } from 'vitest/config';

// One runner for the whole repository: `vitest run` runs every project, `--project server` only the API suite.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
