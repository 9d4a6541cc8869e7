/** The content pages' sitemap (docs/product/content.md#sitemap), each page once per language with its alternates. */
import type { APIRoute } from 'astro';
import { contentSitemapUrls, urlsetXml, xmlResponse } from '../../lib/server/pages/sitemap';
import { publicOriginFor } from '../../lib/server/request/public-origin';

export const GET: APIRoute = async ({ url }) => xmlResponse(urlsetXml(publicOriginFor(url), await contentSitemapUrls()));
