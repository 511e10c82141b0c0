import path from 'node:path';

import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Files share their worker's modules and jsdom (setup.ts puts spies and timers back after each file): each
    // file would otherwise import React, Mantine and the app again (docs/decisions.md "CI time").
    isolate: false,
    css: false,
    // The machine is shared: a screen test that waits on a loaded CPU is slow, not broken.
    testTimeout: 20_000,
  },
});
