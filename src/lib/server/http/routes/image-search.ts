import type { OpenAPIHono } from '@hono/zod-openapi';
import { imageSearchAnswerSchema, imageSearchFormSchema, parseRegion } from '../../../contracts/image-search';
import { imageSources } from '../../images/image-url';
import { searchByPhoto } from '../../images/search-by-photo';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';
import { marketOfRequest } from '../../request/market';

const S = '/idealab-material';
export const IMAGE_SEARCH_PATH = `${S}/open/v2/material/search/pic`;
/** The image limit (5 MB) plus room for the multipart envelope and the other fields. */
export const IMAGE_SEARCH_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

export function registerImageSearchRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: IMAGE_SEARCH_PATH, access: 'session', tag: 'search', allowFrozen: true,
    summary: 'Materials whose pictures look most like an uploaded photo (or a region of it), nearest first',
    description:
      'The photo is stored (the same bytes once, kept 24 hours after its last search) and answered with its `sha256`, the key of `/search/same?image=`. Materials count with their closest picture, which becomes the tile’s picture. At most 120 photos per user an hour.',
    form: imageSearchFormSchema, answer: ['Materials', imageSearchAnswerSchema],
    bodyLimit: IMAGE_SEARCH_BODY_LIMIT, tooLarge: 'validation.imageTooLarge',
    errors: {
      404: 'No such category',
      413: 'The upload is larger than 5 MB',
      422: 'Not a png, jpg, jpeg or webp image, damaged, too large, or a bad region',
      429: 'Too many photos searched this hour, or PHOTO_SEARCHES_AT_ONCE searches already running in this process (Retry-After)',
    },
  }, async (c) => {
    const session = await requireSession(c);
    const form = c.req.valid('form');
    const { stored, result } = await searchByPhoto(
      session.user.id,
      Buffer.from(await form.file.arrayBuffer()),
      { region: form.region ? (parseRegion(form.region) ?? undefined) : undefined, categoryId: form.categoryId, page: form.page, size: form.size },
      { lang: requestLang(c), marketType: marketOfRequest(new URL(c.req.url)) },
    );
    return { image: { sha256: stored.sha256, picture: imageSources(stored, 'large') }, records: result.records, total: result.total, mode: result.mode };
  });
}
