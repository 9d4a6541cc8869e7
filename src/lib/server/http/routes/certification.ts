import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  COMPANY_ADMIN,
  certificationIdParamSchema,
  companyCertificationInputSchema,
  companyCertificationSchema,
  personalCertificationInputSchema,
  personalCertificationSchema,
  reviewApproveSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewRejectSchema,
  supplierApplicationSchema,
  supplierEnterInputSchema,
} from '../../../contracts/certification';
import { reviewSupplierApplication } from '../../certification/review-supplier-application';
import { approveCertification } from '../../certification/approve-certification';
import { cancelCertification } from '../../certification/cancel-certification';
import { findCompanyCertification } from '../../certification/find-company-certification';
import { findPersonalCertification } from '../../certification/find-personal-certification';
import { findSupplierApplication } from '../../certification/find-supplier-application';
import { listCertifications } from '../../certification/list-certifications';
import { rejectCertification } from '../../certification/reject-certification';
import { submitCompanyCertification } from '../../certification/submit-company-certification';
import { submitPersonalCertification } from '../../certification/submit-personal-certification';
import { submitSupplierApplication } from '../../certification/submit-supplier-application';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, envelopeOf, errorAnswer as failure, errorEnvelopeSchema, jsonBody as json, ok } from '../envelope';
import { sameOriginRequired } from '../middleware';

const R = '/idealab-material/real-name';
const submitted = answer('Filed for review (status 1)', z.object({ id: z.number().int() }));
const invalid = { 422: failure('Invalid input: the fields, in the caller’s language') };
const busy = { 409: failure('Already pending review, or already certified') };
const adminOnly = { 403: failure('Not an administrator (FUN012) of the current company') };
const platformOnly = { 403: failure('Not a platform administrator') };

/**
 * Real-name certification (§7). A submission goes 1 pending → 2 certified | 3 rejected | 4 cancelled, once; the
 * person's or company's status (0/1/2) mirrors it in the same transaction. Review routes are ours (§7 shows none).
 */
export function registerCertificationRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({ ...access('session'), method: 'get', path: `${R}/auth/detail`, tags: ['certification'], summary: 'The caller’s personal certification: status and latest submission (ID number masked)', responses: { 200: answer('Status and submission', personalCertificationSchema) } }),
    async (c) => ok(c, await findPersonalCertification((await requireSession(c)).user.id)),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${R}/auth`,
      tags: ['certification'],
      summary: 'Submit a personal certification (real name, ID type and number); 409 while one is pending or once certified',
      request: { body: json(personalCertificationInputSchema) },
      responses: { 200: submitted, ...invalid, ...busy },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, await submitPersonalCertification(session.user.id, c.req.valid('json')));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${R}/auth/detail/org`,
      tags: ['certification'],
      summary: 'The current company’s certification: status for every member, the submission’s details for its administrators',
      responses: { 200: answer('Status and submission', companyCertificationSchema), 404: failure('No current company') },
    }),
    async (c) => ok(c, await findCompanyCertification(await requireSession(c))),
  );

  app.openapi(
    createRoute({
      ...access(`permission:${COMPANY_ADMIN}`),
      method: 'post',
      path: `${R}/auth/org`,
      tags: ['certification'],
      summary: 'Submit the current company’s certification (legal name, social credit code, licence, representative, contact)',
      request: { body: json(companyCertificationInputSchema) },
      responses: { 200: submitted, ...adminOnly, ...invalid, ...busy },
    }),
    async (c) => ok(c, await submitCompanyCertification(await requireSession(c), c.req.valid('json'))),
  );

  // A GET that changes state (§7): a link or an image on another site must not withdraw someone's submission.
  app.use(`${R}/auth/cancel/*`, sameOriginRequired);
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${R}/auth/cancel/{id}`,
      tags: ['certification'],
      summary: 'The applicant withdraws a pending submission; the status goes back to 0',
      request: { params: certificationIdParamSchema },
      responses: { 200: answer('Withdrawn', z.null()), 404: failure('No such submission of the caller'), 409: failure('No longer pending') },
    }),
    async (c) => {
      const session = await requireSession(c);
      await cancelCertification(session.user.id, c.req.valid('param').id);
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({ ...access('session'), method: 'get', path: `${R}/supplier-enter/detail`, tags: ['certification'], summary: 'The current company’s latest join-us application, or null', responses: { 200: answer('The application', supplierApplicationSchema) } }),
    async (c) => ok(c, await findSupplierApplication(await requireSession(c))),
  );

  app.openapi(
    createRoute({
      ...access(`permission:${COMPANY_ADMIN}`),
      method: 'post',
      path: `${R}/supplier-enter`,
      tags: ['certification'],
      summary: 'The current company applies to join as a supplier (an administrator); 409 while pending or once a supplier',
      request: { body: json(supplierEnterInputSchema) },
      responses: { 200: answer('Filed for review', z.object({ id: z.number().int() })), ...adminOnly, ...invalid, 409: failure('Already pending, or already a supplier') },
    }),
    async (c) => ok(c, await submitSupplierApplication(await requireSession(c), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      ...access('platformAdmin'),
      method: 'get',
      path: `${R}/review/list`,
      tags: ['certification'],
      summary: 'Platform review: submissions in one state (pending by default), in full',
      request: { query: reviewListQuerySchema },
      responses: { 200: answer('A page of submissions', reviewPageSchema), ...platformOnly },
    }),
    async (c) => ok(c, await listCertifications(await requireSession(c), c.req.valid('query'))),
  );

  app.openapi(
    createRoute({
      ...access('platformAdmin'),
      method: 'post',
      path: `${R}/review/approve`,
      tags: ['certification'],
      summary: 'Platform review: certify a pending submission (status 2)',
      request: { body: json(reviewApproveSchema) },
      responses: { 200: answer('Certified', z.null()), ...platformOnly, 404: failure('No such submission'), 409: failure('Not pending') },
    }),
    async (c) => {
      await approveCertification(await requireSession(c), c.req.valid('json').id);
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      ...access('platformAdmin'),
      method: 'post',
      path: `${R}/review/reject`,
      tags: ['certification'],
      summary: 'Platform review: reject a pending submission with a reason the applicant reads (status back to 0)',
      request: { body: json(reviewRejectSchema) },
      responses: { 200: answer('Rejected', z.null()), ...platformOnly, ...invalid, 404: failure('No such submission'), 409: failure('Not pending') },
    }),
    async (c) => {
      const { id, reason } = c.req.valid('json');
      await rejectCertification(await requireSession(c), id, reason);
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      ...access('platformAdmin'),
      method: 'post',
      path: `${R}/supplier-enter/review/approve`,
      tags: ['certification'],
      summary: 'Platform review: approve a join-us application; the company becomes a supplier',
      request: { body: json(reviewApproveSchema) },
      responses: { 200: answer('Approved', z.null()), ...platformOnly, 404: failure('No such application'), 409: failure('Not pending') },
    }),
    async (c) => {
      await reviewSupplierApplication(c.req.valid('json').id, { approve: true });
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      ...access('platformAdmin'),
      method: 'post',
      path: `${R}/supplier-enter/review/reject`,
      tags: ['certification'],
      summary: 'Platform review: reject a join-us application with a reason',
      request: { body: json(reviewRejectSchema) },
      responses: { 200: answer('Rejected', z.null()), ...platformOnly, ...invalid, 404: failure('No such application'), 409: failure('Not pending') },
    }),
    async (c) => {
      const { id, reason } = c.req.valid('json');
      await reviewSupplierApplication(id, { approve: false, reason });
      return ok(c, null);
    },
  );
}
