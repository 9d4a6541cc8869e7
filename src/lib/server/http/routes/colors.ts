import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { STORE_PAGE_SIZE } from '../../../contracts/materials';
import { COLOR_FAMILIES } from '../../colors/color-family';
import { COLOR_TOLERANCE, findMaterialsByColor } from '../../colors/find-materials-by-color';
import { parseColor } from '../../colors/parse-color';
import { rgbToFamily } from '../../colors/rgb-to-family';
import { access } from '../access';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';
import { cardSchema } from './materials';

const M = '/idealab-material';
const T = '/third-platform-center';

/** `r,g,b`, `rgb(r, g, b)` or `#rrggbb` (§5 RGB parsing); anything else is a 422 naming the field. */
const colorText = z.string().max(40, 'validation.invalidValue').refine((s) => parseColor(s) !== null, { message: 'validation.invalidValue' });
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const lab = z.tuple([z.number(), z.number(), z.number()]);

const familySchema = z.object({ family: z.enum(COLOR_FAMILIES), label: z.string(), hex: z.string(), lab }).openapi('RgbFamily');

const colorSearchSchema = z.object({
  color: colorText,
  tolerance: z.number().positive().max(COLOR_TOLERANCE.max).default(COLOR_TOLERANCE.default),
  categoryId: id.optional(),
  /** One merchant's materials. */
  orgId: id.optional(),
  page: z.number().int().min(1).max(500).default(1),
  size: z.number().int().min(1).max(60).default(STORE_PAGE_SIZE),
});

const matchCardSchema = cardSchema
  .extend({ match: z.object({ colorCardId: z.number().int(), name: z.string(), hex: z.string(), deltaE: z.number() }) })
  .openapi('ColorMatchCard');

export function registerColorRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${T}/color-card/rgb-to-family`,
      tags: ['colors'],
      summary: 'The color family of an RGB color (`r,g,b`, `rgb(r, g, b)` or `#rrggbb`; empty or missing: black), labelled in the caller’s language',
      request: { body: { required: false, content: { 'application/json': { schema: z.object({ rgb: colorText.default('') }) } } } },
      responses: { 200: answer('The family', familySchema), 422: failure('Not an RGB color') },
    }),
    async (c) => {
      // An empty body is allowed (`required: false`): the default color, black.
      const body = c.req.valid('json') as { rgb?: string } | undefined;
      const rgb = parseColor(body?.rgb ?? '')!;
      return ok(c, await rgbToFamily(rgb, requestLang(c)));
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${M}/open/v2/material/search/color`,
      tags: ['search'],
      summary: 'Published materials with a color card within `tolerance` (CIEDE2000, default 10, at most 30) of a color, nearest first',
      description: 'Each record carries its best-matching card (`match`, with ΔE00); ties go to the newest material. Level-1 categories include their children; an unknown category is 100404.',
      request: { body: json(colorSearchSchema) },
      responses: { 200: answer('Materials', z.object({ records: z.array(matchCardSchema), total: z.number().int() })), 404: failure('No such category'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, await findMaterialsByColor(c.req.valid('json'), { lang: requestLang(c) })),
  );
}
