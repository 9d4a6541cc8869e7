import type { Database } from '../db/client';
import { createBoss } from './job-boss';
import { JOB_NAMES, QUEUES } from './queues';

/**
 * Creates or migrates pg-boss's schema and our queues with their current retry settings. Runs at every start
 * after our migrations (idempotent; pg-boss serialises concurrent installers with a transaction advisory lock).
 */
export async function installJobQueue(db: Database): Promise<void> {
  const boss = createBoss({ migrate: true }, db);
  await boss.start();
  try {
    for (const name of JOB_NAMES) {
      const { policy, ...options } = QUEUES[name];
      await boss.createQueue(name, { policy, ...options });
      // createQueue leaves an existing queue as it was: settings changed since are applied here.
      await boss.updateQueue(name, options);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
