/** `npm run db:seed [-- --materials N]`: insert the demo data (idempotent). */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { getDb } from '../src/lib/server/db/client';
import { seedDemoData } from '../src/lib/server/db/seed';
import { bootRuntime } from '../src/lib/server/runtime/boot';

const { values } = parseArgs({ options: { materials: { type: 'string' } } });
const materials = z.coerce.number().int().min(0).max(1_000_000).optional().parse(values.materials);
const runtime = await bootRuntime();
try {
  await seedDemoData(getDb(), { materials });
} finally {
  await runtime.close();
}
