import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { COMPANY_ADMIN } from '../../../contracts/certification';
import { companyProfileSchema, orgInfoParamSchema, orgSaveSchema, publicUserProfileSchema, userInfoParamSchema, userProfileSchema, userSaveSchema } from '../../../contracts/identity-profile';
import { findCompanyProfile } from '../../companies/find-company-profile';
import { findUserProfile } from '../../identity/find-user-profile';
import { saveCompanyProfile } from '../../companies/save-company-profile';
import { saveUserProfile } from '../../identity/save-user-profile';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, envelopeOf, errorAnswer as failure, errorEnvelopeSchema, jsonBody as json, ok } from '../envelope';

const C = '/idealab-material/customer';

/**
 * Profiles (§7 customer/user and customer/org). `user/info/current` is the session context, served by the passport
 * routes (registered first); this module answers numeric ids, the caller's own included.
 */
export function registerProfileRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${C}/user/info/{id}`,
      tags: ['profile'],
      summary: 'A user’s profile: the caller’s own in full, a colleague’s public fields; anyone else 404',
      request: { params: userInfoParamSchema },
      responses: { 200: answer('The profile', z.union([userProfileSchema, publicUserProfileSchema])), 404: failure('Not found or shares no company with the caller') },
    }),
    async (c) => ok(c, await findUserProfile(await requireSession(c), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${C}/user/save`,
      tags: ['profile'],
      summary: 'Edit the caller’s own names (role, status, company and certification are not the client’s to set)',
      request: { body: json(userSaveSchema) },
      responses: { 200: answer('Saved', z.object({ id: z.number().int(), name: z.string(), nickName: z.string() })), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, await saveUserProfile((await requireSession(c)).user.id, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${C}/org/info/{id}`,
      tags: ['profile'],
      summary: 'A company’s profile: `current` or an id; members read all, others a certified company’s public profile',
      request: { params: orgInfoParamSchema },
      responses: { 200: answer('The profile', companyProfileSchema), 404: failure('Not found, or not certified and not the caller’s') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return ok(c, await findCompanyProfile(await requireSession(c), id === 'current' ? 'current' : Number(id)));
    },
  );

  app.openapi(
    createRoute({
      ...access(`permission:${COMPANY_ADMIN}`),
      method: 'post',
      path: `${C}/org/save`,
      tags: ['profile'],
      summary: 'Edit the current company’s profile (FUN012); absent fields stay; a certified company keeps its certified name',
      request: { body: json(orgSaveSchema) },
      responses: { 200: answer('Saved', z.object({ id: z.number().int() })), 403: failure('Not an administrator of the current company'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, await saveCompanyProfile(await requireSession(c), c.req.valid('json'))),
  );
}
