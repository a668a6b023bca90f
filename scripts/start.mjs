// `npm start`: install what is missing, build when the app is older than its sources, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { newest } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || newest(lock) > newest(installed)) {
  console.log('Installing dependencies…');
  run(npm, [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund']);
}

// Imported only now: it needs esbuild, which a fresh clone has only after the install above.
const { SERVER_BUNDLE, buildServerBundle, serverBundleStale } = await import('./serverBundle.mjs');

const built = join(root, 'dist', 'index.html');
const sources = ['src', 'contract', 'index.html', 'panda.config.ts', 'vite.config.ts', 'package-lock.json'].map((p) => newest(join(root, p)));
if (!existsSync(built) || Math.max(...sources) > newest(built)) {
  console.log('Building the app…');
  run(npm, ['run', 'build']);
} else if (serverBundleStale()) {
  console.log('Building the server…');
  await buildServerBundle();
}

const server = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
