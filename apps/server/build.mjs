// Bundles the server (and the contract it imports) into dist/, leaving npm packages external.
import { cp, readFile, rm } from 'node:fs/promises';

import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@bloomline/'));

await rm('dist', { recursive: true, force: true });
await build({
  // The accounting report's worker is a file of its own beside main.js (lib/worker-stream.ts starts it by name).
  entryPoints: {
    main: 'src/main.ts',
    seed: 'src/seed.ts',
    'accounting-export.worker': 'src/modules/reporting/accounting-export.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // What main.ts imports dynamically (the seed and its drawings) is a chunk of its own, loaded only on a first
  // run: dist/main.js carries none of it. seed.js shares the same chunk.
  splitting: true,
  // Beside main.js, not in a folder: code that finds files from its own address (the migrations) keeps finding them.
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built to apps/server/dist');
