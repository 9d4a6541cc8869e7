/** Environment, validated once with zod so a bad setting fails at start with a clear message. */
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl } from './storage/storage-url';

const oidcProvidersSchema = z.array(
  z.object({ id: z.enum(['wechat', 'teams']), name: z.string().min(1), issuer: z.url(), clientId: z.string().min(1), clientSecret: z.string().min(1) }),
);
export type OidcProviderConfig = z.infer<typeof oidcProvidersSchema>[number];

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** Embedded mode's data: PGlite data dir, uploaded files, derived images. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL server (15+); when set, the embedded database is not started. */
  DATABASE_URL: z.url().optional(),
  /** Size of the app's connection pool. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** The embedded database's buffer pool (PostgreSQL's shared_buffers): memory it holds from the start. */
  EMBEDDED_SHARED_BUFFERS: z.string().regex(/^\d+(kB|MB|GB)$/, 'a size such as 32MB').default('32MB'),
  /** The site's public origin (https://materials.example.com), for absolute links and secure cookies. */
  PUBLIC_ORIGIN: z.url().optional(),
  /**
   * Without PUBLIC_ORIGIN, the other hosts (`host` or `host:port`, comma-separated) a production server may put in
   * absolute links besides its own port on localhost; a request naming any other Host gets links on the first one.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((text) => text.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/, 'ALLOWED_HOSTS: each entry is host or host:port, without a scheme'))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data into an empty database at start (embedded default: yes). */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /** How many demo materials the seed generates (with rendered textures; `db:seed --materials` grows further). */
  SEED_MATERIALS: z.coerce.number().int().min(0).max(20_000).default(600),
  /** smtp(s)://user:pass@host:port: verification codes and notices go out by e-mail; unset: the dev outbox. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('MatLib <no-reply@matlib.local>'),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (the proxy's own entry is last). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Where rate-limit counters live: memory (one process) or postgres (shared by every app process). */
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).optional(),
  /**
   * OpenID Connect providers for social and team-chat sign-in, as JSON:
   * [{"id":"wechat","name":"WeChat","issuer":"https://…","clientId":"…","clientSecret":"…"}, {"id":"teams",…}]
   */
  OIDC_PROVIDERS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return [];
      try {
        return oidcProvidersSchema.parse(JSON.parse(text));
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `OIDC_PROVIDERS is not a valid provider list: ${(err as Error).message}` });
        return z.NEVER;
      }
    }),
  /**
   * The market the whole site serves (docs/product/markets.md): 2 is the overseas market (USD, English first). Unset,
   * a request on the overseas domain (`overseas.`, `global.`, `en.`) gets market 2 and any other market 1.
   */
  MARKET: z.enum(['1', '2']).optional().transform((v) => (v === undefined ? undefined : (Number(v) as 1 | 2))),
  /** Origins of the host apps allowed to embed the site in a frame (space-separated); none but ourselves by default. */
  FRAME_ANCESTORS: z.string().regex(/^[\w\s.:/*-]*$/).default(''),
  /**
   * An S3-compatible object store (AWS S3, Aliyun OSS, MinIO) instead of the local disk:
   * `s3://ACCESS_KEY:SECRET@host:port/bucket?region=us-east-1&tls=true&pathStyle=false` (docs/operations.md).
   */
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((text, ctx) => {
      if (!text) return;
      try {
        parseStorageUrl(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Key for signed image URLs; unset: a random key kept in `<dataDir>/url-signing.key` (set it when several app processes serve one site). */
  URL_SIGNING_SECRET: z.string().min(32).optional(),
  /**
   * An ONNX image model on disk (docs/product/search.md#photo-search): photo search then blends its embedding with the
   * hand-made descriptor, and every picture is described again in the background. Never downloaded by the product.
   */
  IMAGE_EMBEDDING_MODEL: z.string().optional(),
  /** The embedding's share of a blended distance against the hand-made descriptor's (1 = equal). */
  IMAGE_EMBEDDING_WEIGHT: z.coerce.number().min(0.1).max(10).default(1),
  /** How long a looked-up session is trusted without asking the database again; 0 asks on every request. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** The body an API route takes when it declares no limit of its own (`bodyLimit` in defineRoute), in bytes. */
  API_BODY_LIMIT: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(64 * 1024),
  /** The body a page's form post may send, in bytes; a page that needs more says so in `pages/page-body.ts`. */
  PAGE_BODY_LIMIT: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(64 * 1024),
  /** The most parts a multipart body may have, on any API route or page, before any parser sees it. */
  MULTIPART_MAX_PARTS: z.coerce.number().int().min(1).max(10_000).default(100),
  /** How long a guest page (home, store, detail, merchant center) is served again to other guests; 0 turns it off. */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * Whether the server works the background job queue itself (image indexing, suggestion rebuilds); `false` on
   * app processes when `npm run worker` processes do it instead. The embedded database serves one process, so
   * there it stays on.
   */
  JOBS_IN_PROCESS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** How many days usage events (`data/collect`) are kept: older ones are deleted by the `prune-analytics` job. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** How many days news is kept, read or not: older notifications are deleted by the `prune-news` job. */
  NEWS_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(365),
  /**
   * Whether webhooks may be delivered to loopback, private and link-local addresses, over plain HTTP too. Off, a
   * company cannot make the server call into its own network; an installation whose ERP sits on the same
   * network turns it on (docs/product/integrations.md#where-deliveries-may-go).
   */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** The wait before a failed webhook delivery's first retry; each later one waits four times longer. */
  WEBHOOK_RETRY_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /** How many days the webhook delivery log is kept: older deliveries are deleted by the `prune-webhooks` job. */
  WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long shutdown waits for in-flight requests before closing them. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
});

/**
 * `RATE_LIMIT_<NAME>=points/seconds` overrides one rate limit (security/rate-limit.ts checks that NAME is one of
 * them); keyed by the variable.
 */
const RATE_LIMIT_VARIABLE = /^RATE_LIMIT_(?!STORE$)/;
const rateLimitOverrides = z.record(
  z.string(),
  z
    .string()
    .regex(/^\d{1,9}\/\d{1,9}$/, 'points/seconds, such as 5/900')
    .transform((text) => text.split('/').map(Number))
    .pipe(z.tuple([z.number().int().min(1, 'at least 1 point'), z.number().int().min(1, 'a window of at least 1 second')]))
    .transform(([points, duration]) => ({ points, duration })),
);

export type Env = z.infer<typeof schema> & { RATE_LIMITS: z.infer<typeof rateLimitOverrides> };

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  // An empty value (`DATABASE_URL=` in a .env file) means unset, not an invalid setting.
  const set = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(set);
  const limits = rateLimitOverrides.safeParse(Object.fromEntries(Object.entries(set).filter(([name]) => RATE_LIMIT_VARIABLE.test(name))));
  if (!parsed.success || !limits.success) {
    const lines = [
      ...(parsed.error?.issues ?? []).map((i) => `  ${i.path.join('.')}: ${i.message}`),
      ...(limits.error?.issues ?? []).map((i) => `  ${String(i.path[0])}: ${i.message}`),
    ].join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  cached = { ...parsed.data, RATE_LIMITS: limits.data };
  return cached;
}

/** Tests change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** Where the embedded database's Unix socket lives: `<dir>/.s.PGSQL.5432`, as libpq expects. */
export function embeddedSocketDir(): string {
  return path.join(dataDir(), 'run');
}

export const EMBEDDED_PORT = 5432;
