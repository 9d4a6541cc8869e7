/**
 * The API: one Hono app under /api, served by `src/pages/api/[...path].ts`. Every route is declared with zod
 * schemas, which both validate input and generate `/api/openapi.json`.
 */
import { createHash } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { ERROR, lookupError } from '../../errors';
import { logger } from '../logger';
import { RateLimitedError } from '../security/rate-limit';
import type { ApiEnv } from './context';
import { failure } from './envelope';
import { requestT } from './language';
import { AppError, configureValidationMessages, localizeIssues, validationCode } from '../errors';
import type { T } from '../../i18n';
import { requestContext, sameOriginWrites } from './middleware';
import { checkResponses } from './response-check';
import { guardBodies } from './body-guard';
import { registerDocsRoutes } from './routes/docs';
import { registerAddressRoutes } from './routes/sampling-addresses';
import { registerAnalyticsRoutes } from './routes/analytics';
import { registerCatalogueRoutes } from './routes/catalogue';
import { registerColorRoutes } from './routes/colors';
import { registerColorBookRoutes } from './routes/color-books';
import { registerPaletteImportRoutes } from './routes/palette-import';
import { registerMaterialImportRoutes } from './routes/material-import';
import { registerMaterialBookRoutes } from './routes/material-books';
import { registerMaterialRoutes } from './routes/materials';
import { registerMaterialFileRoutes } from './routes/material-files';
import { registerSupplierMaterialRoutes } from './routes/supplier-materials';
import { registerMerchantRoutes } from './routes/merchants';
import { registerMerchantHomepageRoutes } from './routes/merchant-homepages';
import { registerCollectionRoutes } from './routes/collections';
import { registerSampleBagRoutes } from './routes/sampling-bag';
import { registerSampleRequestRoutes } from './routes/sampling-requests';
import { registerShareRoutes } from './routes/sharing';
import { registerNewsRoutes } from './routes/notifications';
import { registerSearchRoutes } from './routes/search';
import { registerCertificationRoutes } from './routes/certification';
import { registerCompanyRoutes } from './routes/companies';
import { registerApiTokenRoutes } from './routes/integrations-api-tokens';
import { registerWebhookRoutes } from './routes/integrations-webhooks';
import { registerImageRoutes } from './routes/images';
import { registerImageSearchRoutes } from './routes/image-search';
import { registerMembershipRoutes } from './routes/membership';
import { registerOidcRoutes } from './routes/identity-oidc';
import { registerProfileRoutes } from './routes/identity-profile';
import { registerPassportRoutes } from './routes/identity';
import { registerStorageRoutes } from './routes/storage';
import { registerSystemRoutes } from './routes/system';
import { registerSocialLoginRoutes } from './routes/identity-social';
import { registerAccountNameRoutes } from './routes/identity-account';
import { registerCompanyCenterRoutes } from './routes/companies-center';
import { registerEnterpriseLibraryRoutes } from './routes/enterprise-library';
import { registerPassTokenRoutes } from './routes/materials-pass-tokens';
import { registerContactRoutes } from './routes/contact';

configureValidationMessages();

function validationFailure(error: ZodError, t: T) {
  const fields = localizeIssues(error.issues, t);
  return { code: validationCode(error.issues), fields, msg: fields.map((f) => `${f.field || 'body'}: ${f.message}`).join('; ') };
}

export function createApiApp() {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const { code, fields, msg } = validationFailure(result.error, requestT(c));
        return failure(c, 422, code, msg, { fields });
      }
    },
  }).basePath('/api');

  app.use('*', checkResponses);
  app.use('*', requestContext);
  app.use('*', sameOriginWrites);
  // Every body is read by the guard within its route's limit and checked for nesting before anything parses it.
  app.use('*', guardBodies);

  app.onError((err, c) => {
    if (err instanceof AppError) {
      // Domain functions name i18n keys (`validation.*`); the caller reads them in their own language.
      const t = requestT(c);
      const word = (text: string) => (text.startsWith('validation.') ? t(text) : text);
      const data = err.fields ? { fields: err.fields.map((f) => ({ field: f.field, message: word(f.message) })) } : (err.data ?? null);
      if (err instanceof RateLimitedError) c.header('Retry-After', String(err.retryAfter));
      return failure(c, err.httpStatus, err.code, word(err.message), data);
    }
    if (err instanceof ZodError) {
      const { code, fields, msg } = validationFailure(err, requestT(c));
      return failure(c, 422, code, msg, { fields });
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own 4xx (malformed JSON, wrong content type): the caller's fault, reported as a field error.
      return failure(c, err.status, err.status === 400 ? ERROR.fieldInvalid : err.status, err.message);
    }
    const requestId = c.get('requestId') ?? '';
    (c.get('log') ?? logger).error({ err }, 'unhandled API error');
    // The short hash lets support find the log line without exposing internals (docs/product/errors.md 100500).
    const hash = createHash('sha256').update(requestId).digest('hex').slice(0, 8);
    return failure(c, 500, ERROR.unknown, lookupError(ERROR.unknown).message, { hash });
  });

  app.notFound((c) => failure(c, 404, ERROR.notFound, `No API at ${c.req.method} ${c.req.path}`));

  registerSystemRoutes(app);
  registerPassportRoutes(app);
  registerOidcRoutes(app);
  registerSocialLoginRoutes(app);
  registerAccountNameRoutes(app);
  registerAnalyticsRoutes(app);
  registerCompanyRoutes(app);
  registerApiTokenRoutes(app);
  registerWebhookRoutes(app);
  registerCompanyCenterRoutes(app);
  registerEnterpriseLibraryRoutes(app);
  registerContactRoutes(app);
  registerCatalogueRoutes(app);
  registerImageRoutes(app);
  registerStorageRoutes(app);
  registerMaterialRoutes(app);
  registerSupplierMaterialRoutes(app);
  registerMaterialImportRoutes(app);
  registerPassTokenRoutes(app);
  registerMaterialFileRoutes(app);
  registerColorRoutes(app);
  registerColorBookRoutes(app);
  registerPaletteImportRoutes(app);
  registerMaterialBookRoutes(app);
  registerMerchantRoutes(app);
  registerMerchantHomepageRoutes(app);
  registerCollectionRoutes(app);
  registerSampleBagRoutes(app);
  registerSampleRequestRoutes(app);
  registerShareRoutes(app);
  registerNewsRoutes(app);
  registerSearchRoutes(app);
  registerImageSearchRoutes(app);
  registerMembershipRoutes(app);
  registerCertificationRoutes(app);
  registerProfileRoutes(app);
  registerAddressRoutes(app);
  registerDocsRoutes(app);
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
