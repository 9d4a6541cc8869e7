import type { OpenAPIHono } from '@hono/zod-openapi';
import { colorSearchPageSchema, colorSearchRequestSchema, parseColor, rgbFamilySchema, rgbToFamilyRequestSchema } from '../../../contracts/colors';
import { findMaterialsByColor } from '../../colors/find-materials-by-color';
import { rgbToFamily } from '../../colors/rgb-to-family';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';
import { marketOfRequest } from '../../request/market';

const M = '/idealab-material';
const T = '/third-platform-center';

export function registerColorRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: `${T}/color-card/rgb-to-family`, access: 'public', tag: 'colors',
    summary: 'The color family of an RGB color (`r,g,b`, `rgb(r, g, b)` or `#rrggbb`; empty or missing: black), labelled in the caller’s language',
    optionalBody: rgbToFamilyRequestSchema, answer: ['The family', rgbFamilySchema],
    errors: { 422: 'Not an RGB color' },
  }, async (c) => {
    // An empty body is allowed (`required: false`): the default color, black.
    const body = c.req.valid('json') as { rgb?: string } | undefined;
    const rgb = parseColor(body?.rgb ?? '')!;
    return rgbToFamily(rgb, requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${M}/open/v2/material/search/color`, access: 'public', tokenScope: 'catalogue:read', tag: 'search',
    summary: 'Published materials with a color card within `tolerance` (CIEDE2000, default 10, at most 30) of a color, nearest first',
    description: 'Each record carries its best-matching card (`match`, with ΔE00); ties go to the newest material. Level-1 categories include their children; an unknown category is 100404.',
    body: colorSearchRequestSchema, answer: ['Materials', colorSearchPageSchema],
    errors: { 404: 'No such category' },
  }, async (c) => findMaterialsByColor(c.req.valid('json'), { lang: requestLang(c), marketType: marketOfRequest(new URL(c.req.url)) }));
}
