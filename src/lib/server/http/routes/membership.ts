import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SessionCompany, SessionContext } from '../../../contracts/identity';
import {
  appIdParamsSchema,
  appSchema,
  approveAppSchema,
  consumeSchema,
  openParamsSchema,
  openQuerySchema,
  packageSchema,
  pendingAppSchema,
  resourceQuotaSchema,
  vipInfoSchema,
} from '../../../contracts/membership';
import { ERROR } from '../../../errors';
import { approveApp } from '../../membership/approve-app';
import { consumeQuota } from '../../membership/consume-quota';
import { findApp } from '../../membership/find-app';
import { findVipInfo } from '../../membership/find-vip-info';
import { listApps } from '../../membership/list-apps';
import { listPackages } from '../../membership/list-packages';
import { listPendingApps } from '../../membership/list-pending-apps';
import { listResourceQuotas } from '../../membership/list-resource-quotas';
import { openApp } from '../../membership/open-app';
import { access } from '../access';
import { AppError } from '../../errors';
import { requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, envelopeOf, errorAnswer as error, errorEnvelopeSchema, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';

const V = '/idealab-material/vip';
const ADMIN = '/idealab-material/admin/vip';
/** Opening an app is an administration function (§6 FUN012); company administrators hold it. */
const ADMINISTRATION = 'FUN012';

const noCompany = { 401: error('Not signed in (100401)'), 403: error('Signed in without a current company (100403)') };
const invalid = { 422: error('Invalid input (field errors in the caller’s language)') };

/**
 * Everything here is about the caller's current company, never one named in the request: a session that has not
 * chosen a company yet is refused rather than shown someone's data.
 */
async function requireCompany(c: Context<ApiEnv>): Promise<SessionContext & { company: SessionCompany }> {
  const session = await requireSession(c);
  const { company } = session;
  if (!company) throw new AppError(ERROR.authError, { message: 'Choose a company first' });
  return { ...session, company };
}

async function requirePlatformAdmin(c: Context<ApiEnv>): Promise<SessionContext> {
  const session = await requireSession(c);
  if (!session.user.isPlatformAdmin) throw new AppError(ERROR.authError);
  return session;
}

export function registerMembershipRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${V}/pkg/resources`,
      tags: ['membership'],
      summary: 'The current company’s resource quotas: confTotal sums its unexpired packages (-1 unlimited), used is what it has consumed',
      responses: { 200: answer('One entry per resource code', z.array(resourceQuotaSchema)), ...noCompany },
    }),
    async (c) => ok(c, await listResourceQuotas((await requireCompany(c)).company.id)),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${V}/pkgs`,
      tags: ['membership'],
      summary: 'The current company’s membership: isVIP (at least one unexpired package), packageName, expireTime, packages, perms, resources',
      responses: { 200: answer('The membership', vipInfoSchema), ...noCompany },
    }),
    async (c) => ok(c, await findVipInfo((await requireCompany(c)).company.id, requestLang(c))),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/idealab-material/open/vip/pkg/list',
      tags: ['membership'],
      summary: 'The package catalogue (public), lowest tier first, to compare packages',
      responses: { 200: answer('Packages', z.array(packageSchema)) },
    }),
    async (c) => ok(c, await listPackages(requestLang(c))),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${V}/apps`,
      tags: ['membership'],
      summary: 'Every app with its open status for the current company: 1 not opened, 2 pending review, 3 opened, 4 expired',
      responses: { 200: answer('Apps', z.array(appSchema)), ...noCompany },
    }),
    async (c) => ok(c, await listApps((await requireCompany(c)).company.id, requestLang(c))),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${V}/app-info/{id}`,
      tags: ['membership'],
      summary: 'One app with its open status for the current company',
      request: { params: appIdParamsSchema },
      responses: { 200: answer('The app', appSchema), ...noCompany, 404: error('No such app (100404)'), ...invalid },
    }),
    async (c) => ok(c, await findApp((await requireCompany(c)).company.id, c.req.valid('param').id, requestLang(c))),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN012'),
      method: 'post',
      path: `${V}/open/{x}`,
      tags: ['membership'],
      summary:
        'Open something for the current company; x = "app" opens the app `id` (company administrators, FUN012). An app that needs review becomes 2 (pending) until a platform administrator approves it, any other 3 (opened) for 365 days. Only a not-opened or expired app can be opened: pending or open is 100409.',
      request: { params: openParamsSchema, query: openQuerySchema },
      responses: {
        200: answer('The app with its new status', appSchema),
        ...noCompany,
        403: error('Not a company administrator, or no current company (100403)'),
        404: error('No such app (100404)'),
        409: error('Already open or waiting for review (100409)'),
        ...invalid,
      },
    }),
    async (c) => {
      const { company } = await requirePermission(c, ADMINISTRATION);
      return ok(c, await openApp(company.id, c.req.valid('query').id, requestLang(c)));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${V}/resource/consume`,
      tags: ['membership'],
      summary:
        'Use `amount` (default 1) of the current company’s quota for a resource: succeeds when the total is -1 or used + amount <= total, else 400101 and nothing is used. Atomic under concurrent calls.',
      request: { body: json(consumeSchema) },
      responses: { 200: answer('The quota after consuming', resourceQuotaSchema), ...noCompany, 403: error('No current company (100403), or quota used up (400101, data: code, confTotal, used, amount)'), ...invalid },
    }),
    async (c) => {
      const { company } = await requireCompany(c);
      const { code, amount } = c.req.valid('json');
      return ok(c, await consumeQuota(company.id, code, amount));
    },
  );

  app.openapi(
    createRoute({
      ...access('platformAdmin'),
      method: 'get',
      path: `${ADMIN}/app/pending`,
      tags: ['membership'],
      summary: 'App requests waiting for review, oldest first (platform administrators)',
      responses: { 200: answer('Pending requests', z.array(pendingAppSchema)), 401: error('Not signed in (100401)'), 403: error('Not a platform administrator (100403)') },
    }),
    async (c) => {
      await requirePlatformAdmin(c);
      return ok(c, await listPendingApps(requestLang(c)));
    },
  );

  app.openapi(
    createRoute({
      ...access('platformAdmin'),
      method: 'post',
      path: `${ADMIN}/app/approve`,
      tags: ['membership'],
      summary: 'Approve a company’s pending app (2 → 3, open for 365 days from now); platform administrators only',
      request: { body: json(approveAppSchema) },
      responses: {
        200: answer('The app as the company now sees it', appSchema),
        401: error('Not signed in (100401)'),
        403: error('Not a platform administrator (100403)'),
        404: error('The company never asked for this app (100404)'),
        409: error('Not waiting for review (100409)'),
        ...invalid,
      },
    }),
    async (c) => {
      await requirePlatformAdmin(c);
      const { companyId, appId } = c.req.valid('json');
      return ok(c, await approveApp(companyId, appId, requestLang(c)));
    },
  );
}
