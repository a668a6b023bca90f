// The built app and server bundle (as `npm start` runs them) on a fresh embedded database for the browser tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_BUNDLE, buildServerBundle, serverBundleStale } from './serverBundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'markaz-e2e-'));
if (serverBundleStale()) await buildServerBundle();

// A fake Telegram Bot API on the next port (tests/fakes/telegram.ts): the parents' bot is configured against it,
// and the browser tests play the parent through it.
const telegramPort = Number(process.env.PORT) + 1;
const telegramToken = '123456:E2E-token';
const telegram = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests/fakes/telegramMain.ts'), String(telegramPort)], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, TELEGRAM_BOT_TOKEN: telegramToken },
});
await new Promise((resolve, reject) => {
  telegram.stdout.once('data', resolve);
  telegram.once('exit', (code) => reject(new Error(`the fake Telegram exited (${code})`)));
});

const server = spawn(process.execPath, [SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  // TEST_CLOCK_HEADER: a page may say what time it is (X-Test-Now), so lessons are seen before and after their
  // start whatever the hour the suite runs at (server/http/testClock.ts). Never set for real users.
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO: '1',
    TEST_CLOCK_HEADER: '1',
    TELEGRAM_BOT_TOKEN: telegramToken,
    TELEGRAM_API_BASE_URL: `http://127.0.0.1:${telegramPort}`,
  },
});
const stop = (signal) => {
  server.kill(signal);
  telegram.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  telegram.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
