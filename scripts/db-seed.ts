/** `npm run db:seed`: insert the demo data (idempotent: what exists is left alone). */
import { parseArgs } from 'node:util';
import { getDb } from '../src/lib/server/db/client';
import { seedDemoData } from '../src/lib/server/db/seed';
import { bootRuntime } from '../src/lib/server/runtime/boot';

try {
  parseArgs({ options: {}, strict: true });
} catch (err) {
  console.error(`db:seed: ${(err as Error).message}\nUsage: npm run db:seed`);
  process.exit(64);
}
const runtime = await bootRuntime();
try {
  await seedDemoData(getDb());
} finally {
  await runtime.close();
}
