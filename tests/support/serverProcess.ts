// A real server process (server/main.ts through tsx) for the tests of several processes on one database: started
// with its own environment and port, ready once it prints its address, stopped by its pid (SIGTERM, then SIGKILL).
import { spawn, type ChildProcess } from 'node:child_process';

export type ServerProcess = {
  url: string;
  pid: number;
  /** Everything it printed, for assertions and for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
};

export async function startServerProcess(port: number, env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DEMO: '0', STATIC_DIR: '/nonexistent-markaz-static', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(killer);
  };
  const started = Date.now();
  while (!printed.includes('Markaz is running')) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited (${child.exitCode}):\n${printed}`);
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`server on port ${port} did not start in ${timeoutMs} ms:\n${printed}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid as number, output: () => printed, stop };
}
