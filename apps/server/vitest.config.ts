import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file builds its own app on its own embedded database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
