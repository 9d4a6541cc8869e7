import type { OpenAPIHono } from '@hono/zod-openapi';
import { COMPANY_ADMIN } from '../../../contracts/certification';
import {
  anyUserProfileSchema,
  companyProfileSchema,
  orgInfoParamSchema,
  orgSaveSchema,
  savedUserSchema,
  userInfoParamSchema,
  userSaveSchema,
} from '../../../contracts/identity-profile';
import { findCompanyProfile } from '../../companies/find-company-profile';
import { findUserProfile } from '../../identity/find-user-profile';
import { saveCompanyProfile } from '../../companies/save-company-profile';
import { saveUserProfile } from '../../identity/save-user-profile';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { savedIdSchema } from '../../../contracts/common';

const C = '/idealab-material/customer';

/**
 * Profiles: the customer/user and customer/org calls (docs/api-paths.md). `user/info/current` is the session context, served by the passport
 * routes (registered first); this module answers numeric ids, the caller's own included.
 */
export function registerProfileRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${C}/user/info/{id}`, access: 'session', tag: 'profile',
    summary: 'A user’s profile: the caller’s own in full, a colleague’s public fields; anyone else 404',
    params: userInfoParamSchema, answer: ['The profile', anyUserProfileSchema],
    errors: { 404: 'Not found or shares no company with the caller' },
  }, async (c) => findUserProfile(await requireSession(c), c.req.valid('param').id));

  defineRoute(app, {
    method: 'post', path: `${C}/user/save`, access: 'session', tag: 'profile',
    summary: 'Edit the caller’s own names (role, status, company and certification are not the client’s to set)',
    body: userSaveSchema, answer: ['Saved', savedUserSchema],
  }, async (c) => saveUserProfile((await requireSession(c)).user.id, c.req.valid('json')));

  defineRoute(app, {
    method: 'get', path: `${C}/org/info/{id}`, access: 'session', tag: 'profile',
    summary: 'A company’s profile: `current` or an id; members read all, others a certified company’s public profile',
    params: orgInfoParamSchema, answer: ['The profile', companyProfileSchema],
    errors: { 404: 'Not found, or not certified and not the caller’s' },
  }, async (c) => {
    const { id } = c.req.valid('param');
    return findCompanyProfile(await requireSession(c), id === 'current' ? 'current' : Number(id));
  });

  defineRoute(app, {
    method: 'post', path: `${C}/org/save`, access: `permission:${COMPANY_ADMIN}`, tag: 'profile',
    summary: 'Edit the current company’s profile (FUN012); absent fields stay; a certified company keeps its certified name',
    body: orgSaveSchema, answer: ['Saved', savedIdSchema],
    errors: { 403: 'Not an administrator of the current company' },
  }, async (c) => saveCompanyProfile(await requireSession(c), c.req.valid('json')));
}
