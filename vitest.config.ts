import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API test files that replace a module with `vi.mock`: they need a module graph of their own, so they run in
 * an isolated project. Every other API file shares its worker's modules (`isolate: false`), which saves each
 * file the import of the app and the start of PGlite's WebAssembly (docs/decisions.md "CI time").
 */
const MOCKING_MODULES = ['src/modules/auth/auth.sign-in.test.ts'];

// One runner for the whole repository: `vitest run` runs every project, `--project 'server*'` the API suite.
export default defineConfig({
  test: {
    // Each server test file builds its own app on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      {
        extends: './apps/server/vitest.config.ts',
        test: {
          name: 'server',
          root: './apps/server',
          isolate: false,
          exclude: [...configDefaults.exclude, ...MOCKING_MODULES],
        },
      },
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server-isolated', root: './apps/server', include: MOCKING_MODULES },
      },
      'apps/web',
      // The repository's own scripts (npm test's Chromium check).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
