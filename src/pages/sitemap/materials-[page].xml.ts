/** One file of the materials' sitemap (docs/product/content.md#sitemap): `/sitemap/materials-<n>.xml`, from 1. */
import type { APIRoute } from 'astro';
import { listPublishedMaterialPage } from '../../lib/server/materials/list-published-material-pages';
import { urlsetXml, xmlResponse } from '../../lib/server/pages/sitemap';
import { publicOriginFor } from '../../lib/server/request/public-origin';

/** No catalogue needs more files than this (40 million materials); a larger number is not a sitemap file. */
const MAX_PAGE = 1000;

export const GET: APIRoute = async ({ params, url }) => {
  const page = Number(params.page);
  if (!/^\d{1,4}$/.test(params.page ?? '') || page < 1 || page > MAX_PAGE) return new Response('Not found', { status: 404 });
  const rows = await listPublishedMaterialPage(page);
  if (rows.length === 0) return new Response('Not found', { status: 404 });
  // A material's page reads in the reader's language from one address, so each is listed once.
  return xmlResponse(urlsetXml(publicOriginFor(url), rows.map((r) => ({ path: `/material/detail?materialId=${r.id}`, lastmod: r.updatedAt, perLanguage: false }))));
};
