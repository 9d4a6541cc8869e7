/** The sitemap index (docs/product/content.md#sitemap): the content pages' file and one file per 40,000 materials. */
import type { APIRoute } from 'astro';
import { countPublishedMaterialPages } from '../lib/server/materials/list-published-material-pages';
import { sitemapIndexXml, xmlResponse } from '../lib/server/pages/sitemap';
import { publicOriginFor } from '../lib/server/request/public-origin';

export const GET: APIRoute = async ({ url }) => {
  const pages = await countPublishedMaterialPages();
  const files = ['/sitemap/pages.xml', ...Array.from({ length: pages }, (_, i) => `/sitemap/materials-${i + 1}.xml`)];
  return xmlResponse(sitemapIndexXml(publicOriginFor(url), files));
};
