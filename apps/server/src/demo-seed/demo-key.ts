import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { DEMO_KEY_FILE, DEMO_KEY_NAME } from './demo-users';

/** Says the demo key, once, with the sign-ins (issue 34), without keeping it (another database's seed). */
export function showDemoKey(key: string): string[] {
  return [
    `  Demo API key "${DEMO_KEY_NAME}", shown this once (pass it to npm run demo:new-order with --key):`,
    `    ${key}`,
  ];
}

/** Keeps the demo key for `npm run demo:new-order` and says where, with the sign-ins (issue 34). */
export function keepDemoKey(dataDir: string, key: string): string[] {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_KEY_FILE);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return [
    `  Demo API key "${DEMO_KEY_NAME}", shown this once (kept in ${file} for npm run demo:new-order):`,
    `    ${key}`,
  ];
}
