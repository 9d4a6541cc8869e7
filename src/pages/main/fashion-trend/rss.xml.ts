/**
 * The trend stories as an RSS feed (docs/product/content.md#fashion-trends), newest first, in the language asked
 * for (`?lang=`, else the reader's), with absolute links on the public origin.
 */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getT } from '../../../lib/i18n';
import { localizedEntries } from '../../../lib/server/pages/content';
import { pageLocals } from '../../../lib/server/pages/page-locals';
import { publicOriginFor } from '../../../lib/server/request/public-origin';

export const GET: APIRoute = async (context) => {
  const { lang } = pageLocals(context.locals);
  const t = getT(lang);
  const origin = publicOriginFor(context.url);
  const stories = (await localizedEntries('trends', lang)).sort((a, b) => b.entry.data.published.getTime() - a.entry.data.published.getTime());
  const response = await rss({
    title: `${t('content.trends.title')} · ${t('site.name')}`,
    description: t('content.trends.description'),
    site: origin,
    trailingSlash: false,
    customData: `<language>${lang === 'en' ? 'en' : 'zh-CN'}</language>`,
    items: stories.map((s) => ({
      title: s.entry.data.title,
      description: s.entry.data.summary,
      pubDate: s.entry.data.published,
      link: `/main/fashion-trend/${s.slug}?lang=${s.lang}`,
      categories: [s.entry.data.season],
    })),
  });
  response.headers.set('Cache-Control', 'public, max-age=600');
  return response;
};
