/**
 * A database of its own holding the demo data (`npm run db:seed`'s catalogue, `count` materials), for a test file
 * that checks what the demo offers. The shared test database holds other files' materials, and the demo's accounts
 * and merchants would surprise them. Made on the TEST_DATABASE_URL server when there is one, else as an embedded
 * database in memory; the file's app code reaches it through DATABASE_URL, as it would the shared one.
 */
import { closeDb, getDb } from '../../src/lib/server/db/client';
import { migrateDatabase } from '../../src/lib/server/db/migrate';
import { forgetCatalogueSnapshot } from '../../src/lib/server/catalogue/catalogue-snapshot';
import { resetEnvCache } from '../../src/lib/server/env';
import { seedDemoData } from '../../src/lib/server/seed';
import { rebuildSuggestions } from '../../src/lib/server/search/rebuild-suggestions';
import { createOwnDatabase } from './own-database';

/** Call before the file's app code first touches the database; `close` puts the shared database back. */
export async function startDemoDatabase(count: number): Promise<{ close: () => Promise<void> }> {
  const { url, drop } = await createOwnDatabase('demo');
  const previous = { url: process.env.DATABASE_URL, count: process.env.SEED_MATERIALS };
  const point = (to: { url: string | undefined; count: string | undefined }) => {
    for (const [name, value] of [['DATABASE_URL', to.url], ['SEED_MATERIALS', to.count]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
    forgetCatalogueSnapshot();
  };
  await closeDb();
  point({ url, count: String(count) });
  await migrateDatabase(getDb());
  await seedDemoData(getDb());
  await rebuildSuggestions(getDb());
  forgetCatalogueSnapshot();
  return {
    close: async () => {
      await closeDb();
      point(previous);
      await drop();
    },
  };
}
