import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { IMAGE_SEARCH_PAGE_SIZE, isSearchableImage, parseRegion } from '../../../contracts/image-search';
import { imageRefSchema } from '../../../contracts/images';
import { findMaterialsByImage } from '../../images/find-materials-by-image';
import { imageSources } from '../../images/image-url';
import { storeImage } from '../../images/store-image';
import { consumeLimit } from '../../security/rate-limit';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, ok } from '../envelope';
import { requestLang } from '../language';
import { cardSchema } from './materials';

const S = '/idealab-material';
export const IMAGE_SEARCH_PATH = `${S}/open/v2/material/search/pic`;
/** The image limit (5 MB) plus room for the multipart envelope and the other fields. */
export const IMAGE_SEARCH_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

const formInt = (max: number) => z.coerce.number().int().min(1).max(max);
const picForm = z.object({
  file: z
    .instanceof(File, { message: 'validation.imageRequired' })
    .refine((f) => isSearchableImage(f), 'validation.imageFormat')
    .openapi({ type: 'string', format: 'binary', description: 'png, jpg, jpeg or webp, at most 5 MB and 40 megapixels' }),
  region: z
    .string()
    .max(60)
    .refine((s) => parseRegion(s) !== null, 'validation.imageRegion')
    .optional()
    .openapi({ description: 'Search a region only: `left,top,width,height` as fractions of the picture', example: '0.25,0.25,0.5,0.5' }),
  categoryId: formInt(Number.MAX_SAFE_INTEGER).optional(),
  page: formInt(500).default(1),
  size: formInt(60).default(IMAGE_SEARCH_PAGE_SIZE),
});

const imageMatchCardSchema = cardSchema
  .extend({ match: z.object({ imageId: z.number().int(), similarity: z.number().min(0).max(1) }) })
  .openapi('ImageMatchCard');

const picAnswerSchema = z.object({
  image: z.object({ sha256: z.string(), picture: imageRefSchema }),
  records: z.array(imageMatchCardSchema),
  total: z.number().int(),
  mode: z.enum(['hnsw', 'exact']).openapi({ description: 'hnsw: pgvector’s index (approximate); exact: every descriptor compared (no pgvector)' }),
});

export function registerImageSearchRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: IMAGE_SEARCH_PATH,
      tags: ['search'],
      summary: 'Materials whose pictures look most like an uploaded photo (or a region of it), nearest first',
      description:
        'The photo is stored (the same bytes once) and answered with its `sha256`, the key of `/search/same?image=`. Materials count with their closest picture, which becomes the tile’s picture. At most 120 photos per user an hour.',
      request: { body: { required: true, content: { 'multipart/form-data': { schema: picForm } } } },
      responses: {
        200: answer('Materials', picAnswerSchema),
        404: failure('No such category'),
        413: failure('The upload is larger than 5 MB'),
        422: failure('Not a png, jpg, jpeg or webp image, damaged, too large, or a bad region'),
        429: failure('Too many photos searched this hour'),
      },
    }),
    async (c) => {
      const session = await requireSession(c);
      const form = c.req.valid('form');
      await consumeLimit('imageSearch.user', String(session.user.id));
      const stored = await storeImage(Buffer.from(await form.file.arrayBuffer()), { companyId: session.company?.id ?? null });
      const result = await findMaterialsByImage(
        { sha256: stored.sha256, region: form.region ? (parseRegion(form.region) ?? undefined) : undefined, categoryId: form.categoryId, page: form.page, size: form.size },
        { lang: requestLang(c) },
      );
      return ok(c, { image: { sha256: stored.sha256, picture: imageSources(stored, 'large') }, records: result.records, total: result.total, mode: result.mode });
    },
  );
}
