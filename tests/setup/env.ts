import { inject } from 'vitest';

// Before any test module is imported: the app code reads its database from the environment, as in production.
process.env.DATABASE_URL = inject('databaseUrl');
// Errors are logged so tests/setup/error-log.ts can fail the test that caused one; it prints nothing by itself.
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'error';
process.env.DATABASE_POOL_MAX = '4';
// As in production: rate-limit counters in memory for the single embedded process, in PostgreSQL on a server.
process.env.RATE_LIMIT_STORE = inject('embeddedDatabase') ? 'memory' : 'postgres';
