/** Where crawlers find the sitemap (docs/product/content.md#sitemap); signed-in areas and the API are not for them. */
import type { APIRoute } from 'astro';
import { publicOriginFor } from '../lib/server/request/public-origin';

export const GET: APIRoute = ({ url }) =>
  new Response(['User-agent: *', 'Disallow: /api/', 'Disallow: /login', `Sitemap: ${new URL('/sitemap.xml', publicOriginFor(url)).href}`, ''].join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
