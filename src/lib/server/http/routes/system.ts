import { createHash } from 'node:crypto';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { healthSchema, languageFileParamSchema, languageFileSchema, languageListSchema } from '../../../contracts/system';
import { LANGUAGES, MESSAGES } from '../../../i18n';
import { getPool } from '../../db/client';
import { env } from '../../env';
import { AppError } from '../../errors';
import { ERROR } from '../../../errors';
import { access } from '../access';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { chooseSearchRecipe } from '../../images/choose-search-recipe';
import { currentRecipe, recipeLabel } from '../../images/descriptor-recipe';
import { imageIndexMode } from '../../images/ensure-image-index';
import { countJobs } from '../../jobs/count-jobs';

const LANGUAGE_BASE = '/idealab-material/open/sys/language';

const versions = Object.fromEntries(
  LANGUAGES.map((l) => [l.code, createHash('sha256').update(JSON.stringify(MESSAGES[l.code])).digest('hex').slice(0, 12)]),
) as Record<string, string>;

export function registerSystemRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${LANGUAGE_BASE}/list`, access: 'public', tag: 'system',
    summary: 'Languages the interface is available in (cn default, en)',
    answer: ['The languages', languageListSchema],
  }, () => LANGUAGES.map((l) => ({ code: l.code, name: l.name, version: versions[l.code] ?? '', url: `/api${LANGUAGE_BASE}/${l.code}.json?v=${versions[l.code]}` })));

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${LANGUAGE_BASE}/{file}`,
      tags: ['system'],
      summary: 'A language file: every interface message in one language',
      request: { params: languageFileParamSchema },
      responses: {
        200: { description: 'Nested message keys', content: { 'application/json': { schema: languageFileSchema } } },
        304: { description: 'Unchanged since the ETag the client holds' },
      },
    }),
    (c) => {
      const code = c.req.valid('param').file.replace(/\.json$/, '') as keyof typeof MESSAGES;
      const etag = `"${versions[code]}"`;
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      c.header('ETag', etag);
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(MESSAGES[code], 200);
    },
  );

  defineRoute(app, {
    method: 'get', path: '/health', access: 'public', tag: 'system',
    summary: 'Liveness and database reachability',
    answer: ['Healthy', healthSchema],
  }, async () => {
    let pgvector: boolean;
    try {
      const { rows } = await getPool().query<{ installed: boolean }>("select exists (select 1 from pg_extension where extname = 'vector') as installed");
      pgvector = rows[0]?.installed === true;
    } catch {
      throw new AppError(ERROR.unknown, { message: 'database unreachable' });
    }
    const [current, searching] = await Promise.all([currentRecipe(), chooseSearchRecipe()]);
    return {
      database: env().DATABASE_URL ? ('postgresql' as const) : ('embedded' as const),
      pgvector,
      imageSearch: await imageIndexMode(),
      imageDescriptor: { current: recipeLabel(current), searching: recipeLabel(searching), model: current.modelName },
      jobs: await countJobs(),
    };
  });
}
