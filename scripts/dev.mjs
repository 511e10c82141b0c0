// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@bloomline/server'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@bloomline/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => (code ? (stop(), process.exit(code)) : undefined)));
console.log(
  '\n  Open http://localhost:5173 (Vite, with hot reload); the API runs on http://localhost:3000.\n',
);
