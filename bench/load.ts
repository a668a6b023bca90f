// The load generator in its own process (bench/loadWorker.ts, forked once): the server, the bench and the load
// each have their own event loop, as with clients over the network.
import { fork, type ChildProcess } from 'node:child_process';
import type { LoadFigure } from './model';

export type LoadJob = { id: number; url: string; headers: Record<string, string>; connections: number; seconds: number; warmupSeconds: number };
export type LoadReply = { id: number; figure?: LoadFigure; error?: string };

export class LoadGenerator {
  private child: ChildProcess;
  private next = 1;
  private waiting = new Map<number, { resolve(f: LoadFigure): void; reject(e: Error): void }>();

  constructor() {
    this.child = fork(new URL('./loadWorker.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (reply: LoadReply) => {
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.figure) w?.resolve(reply.figure);
      else w?.reject(new Error(reply.error ?? 'load worker failed'));
    });
    this.child.on('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`load worker exited (${code})`));
      this.waiting.clear();
    });
  }

  run(job: Omit<LoadJob, 'id'>): Promise<LoadFigure> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ ...job, id });
    });
  }

  close() {
    this.child.disconnect();
    this.child.kill();
  }
}
