import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, SERVER_LOG } from './tests/e2e/server';

const PORT = Number(process.env.E2E_PORT ?? 4330);

// Journeys run against the built production server with a fresh data dir and the demo data, in the OS's
// Chromium (no browser download). Each makes its own accounts and companies (tests/e2e/fixtures.ts), so they run
// in parallel and in any order.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Two workers share two cores with the server and the browser: a journey gets about half the machine.
  timeout: 60_000,
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Local network access checks would stop a stand-in host page on another origin from framing the server on
      // the loopback (tests/e2e/hosts.spec.ts); a real host app and the site are both public.
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-features=LocalNetworkAccessChecks'],
    },
  },
  webServer: {
    // The server's stdout (its JSON log) also goes to a file the fixtures read for errors; stderr still reaches
    // the runner, so a server that fails to start says why.
    command: `rm -rf '${E2E_DATA_DIR}' && mkdir -p '${E2E_DATA_DIR}' && node --enable-source-maps dist/start/start.mjs | tee '${SERVER_LOG}'`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // Seeding the demo catalogue renders its textures: on a busy two-core machine that alone can take minutes.
    timeout: 300_000,
    // A smaller demo catalogue than the first start's 600 materials: the journeys need a few pages, not the wait.
    // teams.test stands for a host app allowed to frame the site (tests/e2e/hosts.spec.ts). Webhooks may reach the
    // journeys' receivers on the loopback, and retry after a second rather than half a minute.
    env: { DATA_DIR: E2E_DATA_DIR, PORT: String(PORT), HOST: '127.0.0.1', FRAME_ANCESTORS: 'http://teams.test', SEED_DEMO: 'always', SEED_MATERIALS: '240', LOG_LEVEL: 'warn', DATABASE_URL: '', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SECONDS: '1' },
  },
});
