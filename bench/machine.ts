// The machine a run was taken on: CPU model and cores, memory, OS, Node and PostgreSQL versions.
import { cpus, release, totalmem, type } from 'node:os';
import pg from 'pg';
import type { Machine } from './model';

export async function postgresVersion(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return (await client.query<{ server_version: string }>('show server_version')).rows[0].server_version;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function machine(postgres: string | null): Machine {
  const c = cpus();
  return {
    cpu: c[0]?.model.trim() ?? 'unknown',
    cores: c.length,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres,
    os: `${type()} ${release()}`,
  };
}
