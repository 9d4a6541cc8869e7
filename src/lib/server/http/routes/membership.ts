import { z, type OpenAPIHono } from '@hono/zod-openapi';
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
import { AppError } from '../../errors';
import { requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const V = '/idealab-material/vip';
const ADMIN = '/idealab-material/admin/vip';
/** Opening an app is an administration function (docs/product/routes.md#roles FUN012); company administrators hold it. */
const ADMINISTRATION = 'FUN012';

const noCompany = { 401: 'Not signed in (100401)', 403: 'Signed in without a current company (100403)' };

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
  defineRoute(app, {
    method: 'get', path: `${V}/pkg/resources`, access: 'session', tag: 'membership',
    summary: 'The current company’s resource quotas: confTotal sums its unexpired packages (-1 unlimited), used is what it has consumed',
    answer: ['One entry per resource code', z.array(resourceQuotaSchema)],
    errors: noCompany,
  }, async (c) => listResourceQuotas((await requireCompany(c)).company.id));

  defineRoute(app, {
    method: 'get', path: `${V}/pkgs`, access: 'session', tag: 'membership',
    summary: 'The current company’s membership: isVIP (at least one unexpired package), packageName, expireTime, packages, perms, resources',
    answer: ['The membership', vipInfoSchema],
    errors: noCompany,
  }, async (c) => findVipInfo((await requireCompany(c)).company.id, requestLang(c)));

  defineRoute(app, {
    method: 'get', path: '/idealab-material/open/vip/pkg/list', access: 'public', tag: 'membership',
    summary: 'The package catalogue (public), lowest tier first, to compare packages',
    answer: ['Packages', z.array(packageSchema)],
  }, async (c) => listPackages(requestLang(c)));

  defineRoute(app, {
    method: 'get', path: `${V}/apps`, access: 'session', tag: 'membership',
    summary: 'Every app with its open status for the current company: 1 not opened, 2 pending review, 3 opened, 4 expired',
    answer: ['Apps', z.array(appSchema)],
    errors: noCompany,
  }, async (c) => listApps((await requireCompany(c)).company.id, requestLang(c)));

  defineRoute(app, {
    method: 'get', path: `${V}/app-info/{id}`, access: 'session', tag: 'membership',
    summary: 'One app with its open status for the current company',
    params: appIdParamsSchema, answer: ['The app', appSchema],
    errors: { ...noCompany, 404: 'No such app (100404)' },
  }, async (c) => findApp((await requireCompany(c)).company.id, c.req.valid('param').id, requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${V}/open/{x}`, access: 'permission:FUN012', tag: 'membership',
    summary: 'Open something for the current company; x = "app" opens the app `id` (company administrators, FUN012). An app that needs review becomes 2 (pending) until a platform administrator approves it, any other 3 (opened) for 365 days. Only a not-opened or expired app can be opened: pending or open is 100409.',
    params: openParamsSchema, query: openQuerySchema, answer: ['The app with its new status', appSchema],
    errors: { ...noCompany, 403: 'Not a company administrator, or no current company (100403)', 404: 'No such app (100404)', 409: 'Already open or waiting for review (100409)' },
  }, async (c) => {
    const { company } = await requirePermission(c, ADMINISTRATION);
    return openApp(company.id, c.req.valid('query').id, requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${V}/resource/consume`, access: 'session', tag: 'membership',
    summary: 'Use `amount` (default 1) of the current company’s quota for a resource: succeeds when the total is -1 or used + amount <= total, else 400101 and nothing is used. Atomic under concurrent calls.',
    body: consumeSchema, answer: ['The quota after consuming', resourceQuotaSchema],
    errors: { ...noCompany, 403: 'No current company (100403), or quota used up (400101, data: code, confTotal, used, amount)' },
  }, async (c) => {
    const { company } = await requireCompany(c);
    const { code, amount } = c.req.valid('json');
    return consumeQuota(company.id, code, amount);
  });

  defineRoute(app, {
    method: 'get', path: `${ADMIN}/app/pending`, access: 'platformAdmin', tag: 'membership',
    summary: 'App requests waiting for review, oldest first (platform administrators)',
    answer: ['Pending requests', z.array(pendingAppSchema)],
    errors: { 401: 'Not signed in (100401)', 403: 'Not a platform administrator (100403)' },
  }, async (c) => {
    await requirePlatformAdmin(c);
    return listPendingApps(requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${ADMIN}/app/approve`, access: 'platformAdmin', tag: 'membership',
    summary: 'Approve a company’s pending app (2 → 3, open for 365 days from now); platform administrators only',
    body: approveAppSchema, answer: ['The app as the company now sees it', appSchema],
    errors: { 401: 'Not signed in (100401)', 403: 'Not a platform administrator (100403)', 404: 'The company never asked for this app (100404)', 409: 'Not waiting for review (100409)' },
  }, async (c) => {
    await requirePlatformAdmin(c);
    const { companyId, appId } = c.req.valid('json');
    return approveApp(companyId, appId, requestLang(c));
  });
}
