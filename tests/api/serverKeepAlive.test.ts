// The real server (a child process) keeps an idle keep-alive connection for longer than the 5 s Node closes it
// after by default: a client reusing a connection at the instant the server closes it gets ECONNRESET, which
// browsers retry but a proxy, an integration or the test runner may not (server/main.ts).
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { openFaultDb } from '../faults/faultDb';
import { startServer } from '../faults/serverProcess';
import { backends, TEST_SECRET } from './harness';

/** GET `path` on `agent`; resolves with the status and the local port of the socket that carried it. */
function get(url: string, agent: http.Agent): Promise<{ status: number; port: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, port: req.socket?.localPort ?? 0 }));
    });
    req.on('error', reject);
  });
}

describe.each(backends().filter((b) => b === 'postgres'))('keep-alive connections of the server process (%s)', (backend) => {
  it('serves a second request on a connection left idle for 6 s', async () => {
    const db = await openFaultDb(backend, { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') });
    const server = await startServer({
      ...db.env,
      JWT_SECRET: TEST_SECRET,
      LOCALES_DIR: fileURLToPath(new URL('../../locales', import.meta.url)),
      STATIC_DIR: fileURLToPath(new URL('./fixtures/build', import.meta.url)),
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const url = `${server.url}/locales/uz/common.json`;
      const first = await get(url, agent);
      await new Promise((r) => setTimeout(r, 6000));
      const second = await get(url, agent);
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same socket carried both: the server had not closed it.
      expect(second.port).toBe(first.port);
    } finally {
      agent.destroy();
      await server.stop();
      await db.drop();
    }
  }, 60_000);
});
