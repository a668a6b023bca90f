// `npm run dev`: the API on 3001 (restarted on change) and Vite with hot reload on 5173, proxying /api and /locales.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: process.env.API_PORT ?? '3001' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { cwd: root, stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', () => stop());
