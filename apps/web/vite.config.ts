import path from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** The theme's primary colour (grape, shade 8: theme.ts), for the browser's bars and the splash screen. */
const THEME_COLOUR = '#9c36b5';

export default defineConfig({
  plugins: [
    react(),
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
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1200 },
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
