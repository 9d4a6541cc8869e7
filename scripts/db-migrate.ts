/** `npm run db:migrate`: apply pending migrations to the embedded database or DATABASE_URL, then exit. */
import { bootRuntime } from '../src/lib/server/runtime/boot';
import { logger } from '../src/lib/server/logger';

const runtime = await bootRuntime({ migrate: true });
logger.info('migrations applied');
await runtime.close();
