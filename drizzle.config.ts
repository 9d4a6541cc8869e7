import { defineConfig } from 'drizzle-kit';

// Generating migrations needs no database: `npm run db:generate` diffs the schema against the migration snapshots.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/lib/server/db/schema/index.ts',
  out: './migrations',
});
