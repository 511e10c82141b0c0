// `npm run build`: the web app, then the server. Skipped when nothing it reads has changed since the last
// build, so `npm start` followed by `npm test` (as CI runs them) builds once. BUILD_FORCE=1 always builds.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const INPUTS = ['packages/contract', 'apps/web', 'apps/server', 'package.json', 'package-lock.json'];
const STAMP = 'apps/server/dist/.build-inputs';
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];

/** A digest of every file the build reads (tracked or new, not ignored), by path and content. */
function inputsDigest() {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...INPUTS],
    {
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((f) => f && existsSync(f))
    .sort();
  const digest = createHash('sha256');
  for (const f of files) digest.update(f).update('\0').update(readFileSync(f)).update('\0');
  // What Vite and the bundle may read from the environment.
  for (const [k, v] of Object.entries(process.env).sort())
    if (k === 'NODE_ENV' || k.startsWith('VITE_')) digest.update(`${k}=${v ?? ''}\0`);
  return digest.digest('hex');
}

let digest;
try {
  digest = inputsDigest();
} catch {
  // Not a git work tree: build every time.
}
const fresh =
  process.env.BUILD_FORCE !== '1' &&
  digest !== undefined &&
  OUTPUTS.every((f) => existsSync(f)) &&
  existsSync(STAMP) &&
  readFileSync(STAMP, 'utf8').trim() === digest;
if (fresh) {
  console.log(
    'build: up to date (nothing it reads has changed since the last build; BUILD_FORCE=1 rebuilds)',
  );
  process.exit(0);
}

for (const workspace of ['@bloomline/web', '@bloomline/server']) {
  const status = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' }).status ?? 1;
  if (status !== 0) process.exit(status);
}
if (digest !== undefined) writeFileSync(STAMP, `${digest}\n`);
