/**
 * Demo data. Each step is idempotent (it checks before inserting), so `npm run db:seed` can run on a database
 * that already has data, and `npm start` seeds an empty database automatically.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { logger } from '../logger';
import { seedAddressTree } from './address';
import { seedCatalogue } from './catalogue';
import { seedDemoAccounts } from './demo-accounts';
import { seedMaterialFields } from './fields';
import { seedMembership } from './membership';
import { seedEnterpriseLibrary } from './enterprise-library';
import { seedAliases } from './aliases';
import { seedMaterialFiles } from './material-files';
import { seedMaterials } from './materials';
import { seedMerchants } from './merchants';
import { seedMerchantHomepages } from './merchant-homepages';
import { seedPalettes } from './palettes';
import { seedMaterialBooks } from './material-books';
import { seedSearchWords } from './search-words';
import { clearTextureMaps } from './textures/render-texture';

const steps: ReadonlyArray<{ name: string; run: (db: Database) => Promise<number> }> = [
  { name: 'catalogue', run: seedCatalogue },
  { name: 'address tree', run: seedAddressTree },
  { name: 'material fields', run: seedMaterialFields },
  { name: 'demo accounts', run: seedDemoAccounts },
  { name: 'membership', run: seedMembership },
  { name: 'aliases', run: seedAliases },
  { name: 'search words', run: seedSearchWords },
  { name: 'merchants', run: seedMerchants },
  { name: 'materials', run: (db) => seedMaterials(db) },
  { name: 'material files', run: seedMaterialFiles },
  { name: 'palettes', run: seedPalettes },
  { name: 'merchant homepages', run: seedMerchantHomepages },
  { name: 'material books', run: seedMaterialBooks },
  { name: 'enterprise library', run: seedEnterpriseLibrary },
];

export async function seedDemoData(db: Database): Promise<void> {
  for (const step of steps) {
    const started = Date.now();
    const inserted = await step.run(db);
    logger.info({ step: step.name, inserted, ms: Date.now() - started }, 'seed step done');
  }
  // Fresh statistics: without them the planner guesses one row per table and the first pages plan badly.
  await db.execute(sql`analyze`);
  // The texture maps (up to 128 MB) are only drawn from while seeding; a server would hold them for nothing.
  clearTextureMaps();
}

/** Whether the database holds no users yet: the first start of a fresh install. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from users) as empty`);
  return result.rows[0]?.empty === true;
}
