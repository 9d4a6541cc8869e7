// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  // Standalone so the built handler also serves /_astro assets; scripts/start.ts owns the http server
  // (ASTRO_NODE_AUTOSTART=disabled) to control start-up order and graceful shutdown.
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: 4321, host: true },
  // Our middleware checks Origin/Sec-Fetch-Site itself (API clients may send Authorization instead of cookies).
  security: { checkOrigin: false },
  vite: {
    ssr: {
      external: ['@electric-sql/pglite', '@electric-sql/pglite-socket', '@electric-sql/pglite-pgvector', 'pg', 'pino', 'swagger-ui-dist'],
    },
  },
});
