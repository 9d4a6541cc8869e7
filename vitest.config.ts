import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Three suites: `unit` beside the code; `integration` against a real, freshly migrated database (embedded PGlite,
// or a new database on TEST_DATABASE_URL); `process` starts the built server as a child process.
export default defineConfig({
  resolve: { alias },
  test: {
    pool: 'forks',
    projects: [
      // Some unit tests draw textures or sweep color space: seconds of CPU, longer while the other projects run beside them.
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/docs/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], globalSetup: ['tests/setup/database.ts', 'tests/setup/api-coverage.ts'], setupFiles: ['tests/setup/env.ts', 'tests/setup/error-log.ts', 'tests/setup/response-check.ts'], testTimeout: 20_000, hookTimeout: 60_000 },
      },
      { extends: true, test: { name: 'process', include: ['tests/process/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
});
