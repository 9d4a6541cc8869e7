/**
 * The user center's company calls beyond administration (docs/product/companies.md#calls): a company's details for
 * its members, departments by page, a role's codes for administrators, the people a caller may see, and upgrading a
 * personal company to an enterprise.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  companyUpgradeSchema,
  departmentListSchema,
  departmentPageSchema,
  imInfoRequestSchema,
  imUserSchema,
  roleIdParamSchema,
  rolePermissionsInputSchema,
  rolePermissionsSchema,
  tenantDetailQuerySchema,
  tenantDetailSchema,
  upgradeDetailsSchema,
  upgradeSubmittedSchema,
} from '../../../contracts/companies';
import { z } from 'zod';
import { ERROR } from '../../../errors';
import { findRolePermissions } from '../../companies/find-role-permissions';
import { findTenantDetail } from '../../companies/find-tenant-detail';
import { listDepartmentPage } from '../../companies/list-department-page';
import { listVisibleUsers } from '../../companies/list-visible-users';
import { saveCompanyUpgrade } from '../../companies/save-company-upgrade';
import { setRolePermissions } from '../../companies/set-role-permissions';
import { submitCompanyUpgrade } from '../../companies/submit-company-upgrade';
import { AppError } from '../../errors';
import { requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';

const A = '/authcenter';
const MEMBERS = 'FUN006';

export function registerCompanyCenterRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${A}/v1.0/tenant/detail`, access: 'session', tag: 'companies',
    summary: 'A company the caller works in, as its members see it: size, administrators, the caller’s place and codes there',
    query: tenantDetailQuerySchema, answer: ['The company', tenantDetailSchema],
    errors: { 404: 'Not a company the caller works in' },
  }, async (c) => findTenantDetail(await requireSession(c), c.req.valid('query').companyId));

  defineRoute(app, {
    method: 'get', path: `${A}/company/get/info`, access: 'session', tag: 'companies',
    summary: 'The session’s current company, as tenant/detail answers it',
    answer: ['The company', tenantDetailSchema],
    errors: { 404: 'No current company' },
  }, async (c) => {
    const session = await requireSession(c);
    if (!session.company) throw new AppError(ERROR.empty, { message: 'No current company' });
    return findTenantDetail(session, session.company.id);
  });

  defineRoute(app, {
    method: 'post', path: `${A}/pageAuthOrganizes`, access: `permission:${MEMBERS}`, tag: 'companies', allowFrozen: true,
    summary: 'A page of the company’s departments, flat, siblings by sort then name, with their member counts',
    body: departmentPageSchema, answer: ['Departments', departmentListSchema],
    errors: { 403: 'Not allowed to manage this company’s roles (FUN006)' },
  }, async (c) => listDepartmentPage((await requirePermission(c, MEMBERS)).company.id, c.req.valid('json')));

  defineRoute(app, {
    method: 'post', path: '/idealab-material/org/role/auth/{id}', access: `permission:${MEMBERS}`, tag: 'companies',
    summary: 'Set a role’s permission codes (company administrators)',
    params: roleIdParamSchema, body: rolePermissionsInputSchema, answer: ['The role’s codes now', rolePermissionsSchema],
    errors: { 403: 'Not an administrator of the current company', 404: 'Not a role of this company' },
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    return setRolePermissions({ companyId: company.id, isCompanyAdmin: company.isCompanyAdmin }, c.req.valid('param').id, c.req.valid('json').permissions);
  });

  defineRoute(app, {
    method: 'get', path: '/idealab-material/org/role/perms/{id}', access: `permission:${MEMBERS}`, tag: 'companies',
    summary: 'A role’s permission codes (company administrators)',
    params: roleIdParamSchema, answer: ['The role’s codes', rolePermissionsSchema],
    errors: { 403: 'Not an administrator of the current company', 404: 'Not a role of this company' },
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    return findRolePermissions({ companyId: company.id, isCompanyAdmin: company.isCompanyAdmin }, c.req.valid('param').id);
  });

  defineRoute(app, {
    method: 'post', path: `${A}/user/im/info`, access: 'session', tag: 'companies', allowFrozen: true,
    summary: 'Display names and avatars of the users asked about whom the caller may see (colleagues, sample-request counterparts); others are left out',
    body: imInfoRequestSchema, answer: ['Users, in the order asked', z.array(imUserSchema)],
  }, async (c) => listVisibleUsers(await requireSession(c), c.req.valid('json')));

  defineRoute(app, {
    method: 'post', path: `${A}/mp/cc/upgrade/improve`, access: 'session', tag: 'companies',
    summary: 'Fill in the enterprise the personal company upgrades to (the user’s one draft, replaced whole)',
    body: upgradeDetailsSchema, answer: ['The draft', companyUpgradeSchema],
    errors: { 409: 'The session is not in the personal company, or the user has created the most enterprise companies allowed' },
  }, async (c) => saveCompanyUpgrade(await requireSession(c), c.req.valid('json')));

  defineRoute(app, {
    method: 'post', path: `${A}/mp/cc/upgrade/submit`, access: 'session', tag: 'companies',
    summary: 'Create the enterprise company from the draft, administered by the user; the session moves into it',
    answer: ['The new company', upgradeSubmittedSchema],
    errors: { 404: 'No draft to submit', 409: 'The session is not in the personal company, or the user has created the most enterprise companies allowed' },
  }, async (c) => submitCompanyUpgrade(await requireSession(c), c.get('token') ?? ''));
}
