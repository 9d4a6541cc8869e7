import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { colorSearchPageSchema, colorSearchRequestSchema, parseColor, rgbFamilySchema, rgbToFamilyRequestSchema } from '../../../contracts/colors';
import { findMaterialsByColor } from '../../colors/find-materials-by-color';
import { rgbToFamily } from '../../colors/rgb-to-family';
import { access } from '../access';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';

const M = '/idealab-material';
const T = '/third-platform-center';

export function registerColorRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${T}/color-card/rgb-to-family`,
      tags: ['colors'],
      summary: 'The color family of an RGB color (`r,g,b`, `rgb(r, g, b)` or `#rrggbb`; empty or missing: black), labelled in the caller’s language',
      request: { body: { required: false, content: { 'application/json': { schema: rgbToFamilyRequestSchema } } } },
      responses: { 200: answer('The family', rgbFamilySchema), 422: failure('Not an RGB color') },
    }),
    async (c) => {
      // An empty body is allowed (`required: false`): the default color, black.
      const body = c.req.valid('json') as { rgb?: string } | undefined;
      const rgb = parseColor(body?.rgb ?? '')!;
      return ok(c, rgbFamilySchema, await rgbToFamily(rgb, requestLang(c)));
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
      request: { body: json(colorSearchRequestSchema) },
      responses: { 200: answer('Materials', colorSearchPageSchema), 404: failure('No such category'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, colorSearchPageSchema, await findMaterialsByColor(c.req.valid('json'), { lang: requestLang(c) })),
  );
}
