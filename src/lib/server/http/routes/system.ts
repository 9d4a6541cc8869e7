import { createHash } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { LANGUAGES, MESSAGES } from '../../../i18n';
import { getPool } from '../../db/client';
import { env } from '../../env';
import { AppError } from '../../errors';
import { ERROR } from '../../../errors';
import { access } from '../access';
import type { ApiEnv } from '../context';
import { envelopeOf, ok } from '../envelope';
import { imageIndexMode } from '../../images/ensure-image-index';
import { countJobs } from '../../jobs/count-jobs';

const LANGUAGE_BASE = '/idealab-material/open/sys/language';

const versions = Object.fromEntries(
  LANGUAGES.map((l) => [l.code, createHash('sha256').update(JSON.stringify(MESSAGES[l.code])).digest('hex').slice(0, 12)]),
) as Record<string, string>;

const languageSchema = z.object({ code: z.string(), name: z.string(), version: z.string(), url: z.string() }).openapi('Language');

export function registerSystemRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${LANGUAGE_BASE}/list`,
      tags: ['system'],
      summary: 'Languages the interface is available in (cn default, en)',
      responses: { 200: { description: 'The languages', content: { 'application/json': { schema: envelopeOf(z.array(languageSchema)) } } } },
    }),
    (c) =>
      ok(
        c,
        LANGUAGES.map((l) => ({ code: l.code, name: l.name, version: versions[l.code] ?? '', url: `/api${LANGUAGE_BASE}/${l.code}.json?v=${versions[l.code]}` })),
      ),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${LANGUAGE_BASE}/{file}`,
      tags: ['system'],
      summary: 'A language file: every interface message in one language',
      request: { params: z.object({ file: z.enum(LANGUAGES.map((l) => `${l.code}.json`) as [string, ...string[]]) }) },
      responses: {
        200: { description: 'Nested message keys', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } },
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

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/health',
      tags: ['system'],
      summary: 'Liveness and database reachability',
      responses: {
        200: {
          description: 'Healthy',
          content: { 'application/json': { schema: envelopeOf(
                z.object({
                  database: z.enum(['embedded', 'postgresql']),
                  pgvector: z.boolean(),
                  imageSearch: z.enum(['hnsw', 'exact']).openapi({ description: 'exact: no pgvector, every descriptor is compared (slower on large catalogues)' }),
                  jobs: z
                    .object({ queued: z.number().int(), active: z.number().int(), failed: z.number().int() })
                    .openapi({ description: 'Background jobs waiting (including retries), running and out of retries, as counted at the workers’ last supervision pass' }),
                }),
              ) } },
        },
      },
    }),
    async (c) => {
      let pgvector: boolean;
      try {
        const { rows } = await getPool().query<{ installed: boolean }>("select exists (select 1 from pg_extension where extname = 'vector') as installed");
        pgvector = rows[0]?.installed === true;
      } catch {
        throw new AppError(ERROR.unknown, { message: 'database unreachable' });
      }
      return ok(c, { database: env().DATABASE_URL ? ('postgresql' as const) : ('embedded' as const), pgvector, imageSearch: await imageIndexMode(), jobs: await countJobs() });
    },
  );
}
