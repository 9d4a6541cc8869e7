/**
 * A plugin's download (docs/product/content.md#plugin-center): `/main/plugin-center/package/<file>` where the file is
 * the name the download page links, that of the plugin's newest version. Anything else is not found.
 */
import type { APIRoute } from 'astro';
import { listPlugins, latestPackage } from '../../../../lib/server/pages/plugin-center';
import { publicOriginFor } from '../../../../lib/server/request/public-origin';

export const GET: APIRoute = async ({ params, url }) => {
  const file = params.file ?? '';
  for (const plugin of await listPlugins('cn')) {
    const pkg = await latestPackage(plugin.slug, publicOriginFor(url));
    if (pkg?.fileName === file) {
      return new Response(new Uint8Array(pkg.bytes), {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${pkg.fileName}"`,
          'Content-Length': String(pkg.bytes.length),
          'Cache-Control': 'public, max-age=3600',
        },
      });
    }
  }
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
