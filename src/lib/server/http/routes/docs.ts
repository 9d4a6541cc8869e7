import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../context';
import { createOpenApiDocument } from '../openapi-document';
import { publicOrigin } from '../public-origin';

// Swagger UI is served from our own node_modules: pages load nothing from third-party hosts. A Map, not an object:
// the asset name comes from the URL, and `constructor` or `__proto__` must be unknown names, not inherited ones.
const ASSETS = new Map<string, string>([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);

/**
 * What the documentation page needs and no more: its own scripts (no inline one), its stylesheet plus the style
 * attributes Swagger UI sets, the icons its stylesheet inlines as data URLs, and calls to our own API.
 */
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>MatLib API</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;

let assetDir: string | undefined;
function swaggerDir(): string {
  assetDir ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return assetDir;
}

export function registerDocsRoutes(app: OpenAPIHono<ApiEnv>) {
  const document = createOpenApiDocument(app);
  app.get('/openapi.json', (c) => c.json(document(publicOrigin(c))));

  app.get('/docs', (c) => c.html(PAGE, 200, { 'Content-Security-Policy': PAGE_POLICY }));
  app.get('/docs/init.js', (c) => c.body(INIT_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));
  app.get('/docs/:asset', async (c) => {
    const asset = c.req.param('asset');
    const type = ASSETS.get(asset);
    if (!type) return c.notFound();
    const body = await readFile(path.join(swaggerDir(), asset));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
}
