import { z, type OpenAPIHono } from '@hono/zod-openapi';
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
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { savedIdSchema } from '../../../contracts/common';

const R = '/idealab-material/real-name';
const filed = ['Filed for review (status 1)', savedIdSchema] as const;
const busy = { 409: 'Already pending review, or already certified' };
const adminOnly = { 403: 'Not an administrator (FUN012) of the current company' };
const platformOnly = { 403: 'Not a platform administrator' };

/**
 * Real-name certification (docs/product/companies.md#calls). A submission goes 1 pending → 2 certified | 3 rejected | 4 cancelled, once; the
 * person's or company's status (0/1/2) mirrors it in the same transaction. Review routes are ours (docs/product/companies.md#calls shows none).
 */
export function registerCertificationRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${R}/auth/detail`, access: 'session', tag: 'certification',
    summary: 'The caller’s personal certification: status and latest submission (ID number masked)',
    answer: ['Status and submission', personalCertificationSchema],
  }, async (c) => findPersonalCertification((await requireSession(c)).user.id));

  defineRoute(app, {
    method: 'post', path: `${R}/auth`, access: 'session', tag: 'certification',
    summary: 'Submit a personal certification (real name, ID type and number); 409 while one is pending or once certified',
    body: personalCertificationInputSchema, answer: filed,
    errors: busy,
  }, async (c) => {
    const session = await requireSession(c);
    return submitPersonalCertification(session.user.id, c.req.valid('json'));
  });

  defineRoute(app, {
    method: 'get', path: `${R}/auth/detail/org`, access: 'session', tag: 'certification',
    summary: 'The current company’s certification: status for every member, the submission’s details for its administrators',
    answer: ['Status and submission', companyCertificationSchema],
    errors: { 404: 'No current company' },
  }, async (c) => findCompanyCertification(await requireSession(c)));

  defineRoute(app, {
    method: 'post', path: `${R}/auth/org`, access: `permission:${COMPANY_ADMIN}`, tag: 'certification',
    summary: 'Submit the current company’s certification (legal name, social credit code, licence, representative, contact)',
    body: companyCertificationInputSchema, answer: filed,
    errors: { ...adminOnly, ...busy },
  }, async (c) => submitCompanyCertification(await requireSession(c), c.req.valid('json')));

  // A POST, not a GET (docs/product/companies.md#calls): a link, an image or a prefetch must never withdraw someone's submission.
  defineRoute(app, {
    method: 'post', path: `${R}/auth/cancel/{id}`, access: 'session', tag: 'certification',
    summary: 'The applicant withdraws a pending submission; the status goes back to 0',
    params: certificationIdParamSchema, answer: ['Withdrawn', z.null()],
    errors: { 404: 'No such submission of the caller', 409: 'No longer pending' },
  }, async (c) => {
    const session = await requireSession(c);
    await cancelCertification(session.user.id, c.req.valid('param').id);
    return null;
  });

  defineRoute(app, {
    method: 'get', path: `${R}/supplier-enter/detail`, access: 'session', tag: 'certification',
    summary: 'The current company’s latest join-us application, or null',
    answer: ['The application', supplierApplicationSchema],
  }, async (c) => findSupplierApplication(await requireSession(c)));

  defineRoute(app, {
    method: 'post', path: `${R}/supplier-enter`, access: `permission:${COMPANY_ADMIN}`, tag: 'certification',
    summary: 'The current company applies to join as a supplier (an administrator); 409 while pending or once a supplier',
    body: supplierEnterInputSchema, answer: ['Filed for review', savedIdSchema],
    errors: { ...adminOnly, 409: 'Already pending, or already a supplier' },
  }, async (c) => submitSupplierApplication(await requireSession(c), c.req.valid('json')));

  defineRoute(app, {
    method: 'get', path: `${R}/review/list`, access: 'platformAdmin', tag: 'certification',
    summary: 'Platform review: submissions in one state (pending by default), in full',
    query: reviewListQuerySchema, answer: ['A page of submissions', reviewPageSchema],
    errors: platformOnly,
  }, async (c) => listCertifications(await requireSession(c), c.req.valid('query')));

  defineRoute(app, {
    method: 'post', path: `${R}/review/approve`, access: 'platformAdmin', tag: 'certification',
    summary: 'Platform review: certify a pending submission (status 2)',
    body: reviewApproveSchema, answer: ['Certified', z.null()],
    errors: { ...platformOnly, 404: 'No such submission', 409: 'Not pending' },
  }, async (c) => {
    await approveCertification(await requireSession(c), c.req.valid('json').id);
    return null;
  });

  defineRoute(app, {
    method: 'post', path: `${R}/review/reject`, access: 'platformAdmin', tag: 'certification',
    summary: 'Platform review: reject a pending submission with a reason the applicant reads (status back to 0)',
    body: reviewRejectSchema, answer: ['Rejected', z.null()],
    errors: { ...platformOnly, 404: 'No such submission', 409: 'Not pending' },
  }, async (c) => {
    const { id, reason } = c.req.valid('json');
    await rejectCertification(await requireSession(c), id, reason);
    return null;
  });

  defineRoute(app, {
    method: 'post', path: `${R}/supplier-enter/review/approve`, access: 'platformAdmin', tag: 'certification',
    summary: 'Platform review: approve a join-us application; the company becomes a supplier',
    body: reviewApproveSchema, answer: ['Approved', z.null()],
    errors: { ...platformOnly, 404: 'No such application', 409: 'Not pending' },
  }, async (c) => {
    await reviewSupplierApplication(c.req.valid('json').id, { approve: true });
    return null;
  });

  defineRoute(app, {
    method: 'post', path: `${R}/supplier-enter/review/reject`, access: 'platformAdmin', tag: 'certification',
    summary: 'Platform review: reject a join-us application with a reason',
    body: reviewRejectSchema, answer: ['Rejected', z.null()],
    errors: { ...platformOnly, 404: 'No such application', 409: 'Not pending' },
  }, async (c) => {
    const { id, reason } = c.req.valid('json');
    await reviewSupplierApplication(id, { approve: false, reason });
    return null;
  });
}
