import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedDatabase } from '../../src/lib/server/db/embedded';
import { createScratchDatabase } from './scratch-database';

/**
 * A new, empty database and how to drop it again: on the TEST_DATABASE_URL server when there is one, else an
 * embedded one in memory behind its socket worker, reached by URL like a server.
 */
export async function createOwnDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createScratchDatabase(serverUrl, `matlib_${name}`);
  const socketDir = mkdtempSync(path.join(tmpdir(), `matlib-${name}-`));
  const database = await startEmbeddedDatabase('memory://', socketDir);
  return {
    url: `postgresql://postgres@localhost:5432/postgres?host=${encodeURIComponent(socketDir)}`,
    drop: async () => {
      await database.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
