// The real server (`node --import tsx server/main.ts`) as a child process on a port of its own, for tests that
// kill it (SIGKILL) or stop it (SIGTERM) and start it again on the same database.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** SIGKILL at once: no shutdown handler runs, nothing is flushed by the server. */
  kill(): Promise<void>;
  /** SIGTERM: the server's own graceful shutdown (closes the database). */
  stop(): Promise<void>;
};

/**
 * Starts the server with `env` added to this process's environment (PORT 0 picks a free port, read back from the
 * server's first line). Resolves once it listens; rejects if it exits or does not listen within `timeoutMs`.
 */
export function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
        resolve({ url: `http://127.0.0.1:${port}`, child, output: () => out, kill: () => stopWith('SIGKILL'), stop: () => stopWith('SIGTERM') });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
}
