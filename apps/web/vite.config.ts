import path from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin, Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const source = (file: string) => path.resolve(import.meta.dirname, file);

/** The theme's primary colour (grape, shade 8: theme.ts), for the browser's bars and the splash screen. */
const THEME_COLOUR = '#9c36b5';

/**
 * The screens whose first visit matters most, and the modules their route loads (router.tsx). For each, the
 * build writes `<name>.html`: index.html that also preloads those modules' code and styles, so the browser
 * fetches them beside the entry instead of after it has run. The server sends it for `/<name>`.
 */
const ROUTE_PAGES: Record<string, string[]> = {
  dashboard: ['src/layout/app-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
};

/**
 * The reads every signed-in screen starts with (the session: `SessionProvider`), which its page asks for at once,
 * beside the app's code, instead of after that code has run. The app asks for them as the browser's preload
 * does (`preloaded` in api/client.ts), so that the preload's answer is the one it gets.
 */
const ROUTE_PAGE_READS = ['/api/me'];

/**
 * Fewer files before a screen can start (on HTTP/1.1 and a phone's network each one is a round trip on one of
 * six connections). `index`: everything the entry imports statically goes into the entry's own file (Rolldown
 * otherwise left nine small shared pieces of it, React's and Mantine's cores among them, in files of their own).
 * `base`: the small helpers of Mantine and React Query that nearly every screen uses (about 20 KB of code), one
 * file instead of a dozen tiny ones.
 */
const FIRST_SCREEN_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'index', tags: ['$initial'], priority: 2 },
  {
    name: 'base',
    test: /node_modules[\\/](@mantine[\\/](core[\\/]esm[\\/]core|hooks)|@tanstack)[\\/]/,
    priority: 1,
  },
];

/**
 * What the app starts after its first screen (the toasts' container, the new-order alerts with zod): the build's
 * loader would add a `modulepreload` link to the page for every file each needs, in the task that imports it
 * (each link starts a request: on a busy machine such tasks took 25–35 ms of wall time for 5 ms of processor),
 * beside the dashboard's orders part and competing with its downloads. Without them the browser's own module
 * loader fetches the same files as it finds their imports; nothing on the first screen waits for them. Their
 * stylesheets are still added. The orders part keeps its links: without them its first order showed about a
 * second later on an emulated slow phone (the chain of imports is a round trip per level).
 */
const NO_PRELOAD_LINKS = /^assets\/(toasts|new-order-alerts)-[\w-]{8}\.js$/;

/**
 * Mantine's styles travel with its components: each module of `@mantine/core` that uses a component's class names
 * also imports that component's stylesheet (`styles/<Component>.layer.css`), after its other imports, so that the
 * stylesheet of every part it is built from comes first. The entry's CSS then holds what the first screens draw
 * (about 80 KB instead of Mantine's whole 230 KB, render-blocking), and each lazy screen's chunk brings the rest
 * it uses. main.tsx imports the base (baseline, variables, global). The layer (`@layer mantine`) keeps the
 * cascade independent of the order in which chunks arrive: our own styles always win over Mantine's, as they did
 * when Mantine's whole stylesheet came first. In development (where the dependencies are pre-bundled) main.tsx
 * gets Mantine's whole stylesheet instead.
 */
function mantineStylesWithComponents(): Plugin {
  const classNames = /^import \w+ from '(?:\.\.?\/)+(?:[\w-]+\/)*([\w-]+)\.module\.css\.mjs';$/gm;
  let serve = false;
  let styled = 0;
  return {
    name: 'bloomline:mantine-styles',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    buildEnd(error) {
      // Mantine laid out differently (an upgrade): the build would ship components without their styles.
      if (!serve && !error && styled === 0)
        this.error(
          'mantine styles: no @mantine/core module imported a component stylesheet; check the pattern',
        );
    },
    transform(code, id) {
      if (serve) {
        return id === source('src/main.tsx') ? `${code}\nimport '@mantine/core/styles.layer.css';\n` : null;
      }
      if (!/@mantine[\\/]core[\\/]esm[\\/]/.test(id)) return null;
      const components = [...code.matchAll(classNames)].map((m) => m[1]);
      if (components.length === 0) return null;
      styled += 1;
      const imports = components.map((c) => `import '@mantine/core/styles/${c}.layer.css';`).join('\n');
      return { code: `${code}\n${imports}\n`, map: null };
    },
  };
}

/**
 * Mantine's `useId` (@mantine/hooks) first returns React's id, then replaces it in a layout effect with a random
 * one, which it only needed before React had ids of its own: every input, popover and menu a commit mounts then
 * renders a second time, synchronously, in the same task (with the passive effects flushed before it). On the
 * dashboard that was the longest task after the first paint: the orders part's commit, its filter bar rendered
 * twice (about 20 ms of a desktop processor). The build gives Mantine a `useId` that keeps React's id (or the id
 * it is given, as before). Development and the unit tests keep Mantine's own.
 */
function mantineIdsFromReact(): Plugin {
  const file = /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
  let replaced = false;
  return {
    name: 'bloomline:mantine-ids',
    apply: 'build',
    load(id) {
      if (!file.test(id)) return null;
      replaced = true;
      return [
        "import { useReactId } from './use-react-id.mjs';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : reactId;",
        '}',
      ].join('\n');
    },
    buildEnd(error) {
      if (!error && !replaced) this.error('mantine ids: @mantine/hooks no longer has esm/use-id/use-id.mjs');
    },
  };
}

function routePages(): Plugin {
  return {
    name: 'bloomline:route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const html = String(index.source);
      for (const [name, modules] of Object.entries(ROUTE_PAGES)) {
        // A chunk after the chunks it imports, so that their styles come first in the page (Mantine's
        // stylesheets override one another in that order: a menu's over its popover's).
        const files = new Set<string>();
        const seen = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (seen.has(chunk.fileName) || chunk.isEntry) return;
          seen.add(chunk.fileName);
          chunk.imports.forEach((file) => {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          });
          files.add(chunk.fileName);
        };
        for (const module of modules) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) throw new Error(`route page ${name}: no chunk holds ${module}`);
          visit(chunk);
        }
        // What index.html loads already stays as it is.
        const fresh = [...files].filter((file) => !html.includes(`/${file}"`));
        const css = new Set(
          fresh.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]),
        );
        const links = [
          ...ROUTE_PAGE_READS.map(
            (read) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${read}">`,
          ),
          ...fresh.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        this.emitFile({
          type: 'asset',
          fileName: `${name}.html`,
          source: html.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`),
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    mantineStylesWithComponents(),
    mantineIdsFromReact(),
    routePages(),
    // The web app manifest and the service worker (src/sw.ts, which handles the push messages too). The app
    // registers it itself (pwa/update-prompt.ts) and asks before a new release takes over.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Bloomline',
        short_name: 'Bloomline',
        description: 'Orders of the Bloomline flower-delivery marketplace, for its florists and staff.',
        lang: 'en-ZA',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The whole app (every screen's code) so that any screen opens offline; source maps and the
        // compressed copies stay out.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
    }),
    // Brotli and gzip copies of every text asset beside it, which the server sends to browsers that accept them.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'js' && NO_PRELOAD_LINKS.test(file) ? [] : deps,
    },
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: FIRST_SCREEN_GROUPS } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/xero': 'http://localhost:3000',
      '/health': 'http://localhost:3000',
    },
  },
});
