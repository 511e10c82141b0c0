// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One zone per folder below `root`, read from the disk, so a new web feature or server module is fenced in
 * without anyone remembering to add it: each reaches only itself and the shared layers.
 */
const zonesOf = (root) =>
  readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ target: `${root}/${entry.name}`, from: root, except: [`./${entry.name}`] }));
const webFeatureZones = zonesOf('./apps/web/src/features');
/** The server's modules: each may use lib/, plugins/, db/ and shared/, never another module. */
const serverModuleZones = zonesOf('./apps/server/src/modules');
/** A routes file declares HTTP and asks a service; the database (client, schema, queries' helpers) is the service's. */
const routesReachNoDatabase = {
  target: './apps/server/src/**/*.routes.ts',
  from: './apps/server/src/db',
  message: 'A routes file may not import the database: ask the module’s service.',
};
/** Resolves the relative imports of the server and the contract (and the workspace link between them). */
const nodeResolver = createNodeResolver({ extensions: ['.ts', '.js'] });
/**
 * import-x treats only files with these extensions, parsed with this parser, as sources. Import circles are
 * not its job: dpdm finds them, types included (`npm run lint:cycles`), so import-x/no-cycle, which skipped
 * `import type` and took a tenth of lint's time, is gone (issue 37, one home per rule).
 */
const parsedSources = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.cjs',
      'e2e/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Counted as `wc -l` counts (blank lines and comments too), tests included: a test file is read and
      // changed as often as the code it drives, and every file is under it already.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // app → features → shared ui/lib: a feature never reaches into another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatureZones,
            { target: './apps/web/src/ui', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
          ],
        },
      ],
    },
    // The zones compare resolved files: without a resolver no import (relative or '@/…') was ever checked.
    settings: {
      ...parsedSources,
      'import-x/resolver-next': [
        createNodeResolver({
          alias: { '@': [fileURLToPath(new URL('./apps/web/src', import.meta.url))] },
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        }),
      ],
    },
  },
  {
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/**/*.ts',
      'apps/server/src/test/**/*.ts',
      'apps/web/src/test/**/*.{ts,tsx}',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      // A module reaches another only through what they share (shared/, lib/), never into its files.
      'import-x/no-restricted-paths': ['error', { zones: [...serverModuleZones, routesReachNoDatabase] }],
    },
    settings: { ...parsedSources, 'import-x/resolver-next': [nodeResolver] },
  },
  {
    // One declaration per route (issue 37): the web calls the route table, never a path of its own. The first
    // screen's calls name their path inside `refOf`, typed by the declaration; the service worker's patterns are
    // held to the table by pwa/offline-data.test.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.test-support.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/pwa/offline-data.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value=/^\\/api\\//]:not(CallExpression[callee.name='refOf'] Literal)",
          message: "Call the route's declaration: `call(thingRoutes.x, …)` or `pathOf(…)` (api/call.ts).",
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: "Call the route's declaration: `call(thingRoutes.x, …)` or `pathOf(…)` (api/call.ts).",
        },
        {
          // Query keys in one home (issue 37): invalidation depends on their prefixes.
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Build the key in lib/query-keys.ts.',
        },
      ],
    },
  },
  {
    // One date input (issue 37): every date field is the kit's `DateField` (ui/date-input.tsx).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/layout/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@mantine/dates', message: 'Use the kit’s DateField (ui/date-input.tsx).' }] },
      ],
    },
  },
  {
    // … and the server serves each declaration through the kit, never a route written by hand.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|route)$/]",
          message: 'Serve the route from its declaration: `routes.serve(decl, …)` (lib/area-routes.ts).',
        },
      ],
    },
  },
);
