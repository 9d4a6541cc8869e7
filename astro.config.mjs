// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { renderPatches } from './scripts/vite/render-patches.mjs';
import { devPageBodies } from './scripts/vite/dev-page-bodies.mjs';

export default defineConfig({
  output: 'server',
  // Middleware mode: the built handler renders pages and the API only. scripts/start.ts owns the http server (to
  // control start-up order and graceful shutdown) and serves dist/client from a list made at start-up, so a page
  // request never asks the disk whether its path is a file.
  // Pages load their data before they render, so streaming sent no byte sooner; one whole body is written in one
  // piece instead of dozens of small ones (about a tenth of a small page's time, see bench/ssr).
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands are React 19 (docs/decisions/0009-islands-on-react.md): React's reconciler for @react-three/fiber and
  // the React libraries contributors reach for; heavy islands and dialogs are imported on first use to stay in budget.
  // In the production build islands render to a string (see scripts/vite/render-patches.mjs, which keeps their useId
  // prefix): none waits on data while rendering. `astro dev` keeps React's stream, which carries the prefix itself.
  integrations: [react({ experimentalDisableStreaming: process.env.NODE_ENV === 'production' })],
  server: { port: 4321, host: true },
  // Content pages ship no script and the CSP refuses inline styles, which Shiki's highlighted code would need.
  markdown: { syntaxHighlight: false },
  security: {
    // Our middleware checks Origin/Sec-Fetch-Site itself (API clients may send Authorization instead of cookies).
    checkOrigin: false,
    // Astro hashes every script and style it emits into a CSP meta tag; nothing else may run or load from elsewhere.
    // frame-ancestors cannot live in a meta tag: the middleware sends it as a header (FRAME_ANCESTORS).
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        // The uploader hashes files in a module worker served from /_astro/ (docs/product/uploading.md#the-file-key).
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    plugins: [...renderPatches(), devPageBodies()],
    ssr: {
      external: ['@electric-sql/pglite', '@electric-sql/pglite-socket', '@electric-sql/pglite-pgvector', 'pg', 'pino', 'swagger-ui-dist', 'onnxruntime-web'],
    },
  },
});
