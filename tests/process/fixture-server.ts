import path from 'node:path';
import { closeDb } from '../../src/lib/server/db/client';
import { resetEnvCache } from '../../src/lib/server/env';
import { ensureBuilt, startServer, tempDataDir, type ServerProcess } from './server-process';

/**
 * The built server on a new data dir, with this test process's database client pointed at the server's own embedded
 * database socket: fixtures write through it as a second client would. `stop` closes both.
 */
export async function startFixtureServer(): Promise<ServerProcess & { stop: () => Promise<void> }> {
  ensureBuilt();
  const dataDir = tempDataDir();
  const server = await startServer(dataDir);
  process.env.DATABASE_URL = `postgresql://postgres@localhost:5432/postgres?host=${encodeURIComponent(path.join(dataDir, 'run'))}`;
  resetEnvCache();
  return {
    ...server,
    stop: async () => {
      await closeDb();
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}
