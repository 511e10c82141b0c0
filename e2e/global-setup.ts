import { rmSync } from 'node:fs';
import path from 'node:path';

/** Every run starts from an empty data folder: the server migrates and seeds it on start. */
export default function globalSetup() {
  rmSync(path.resolve(import.meta.dirname, '.tmp'), { recursive: true, force: true });
}
