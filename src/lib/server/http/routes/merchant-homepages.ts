import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  HOMEPAGE_BODY_LIMIT,
  homepagePathSchema,
  homepagePublishSchema,
  homepageSchema,
  homepageTemplateModulesSchema,
  homepageTemplateParamsSchema,
  homepageTemplateSchema,
  homepageUpdateSchema,
} from '../../../contracts/merchant-homepage';
import { storageTokenSchema } from '../../../contracts/storage';
import { describeHomepageTemplate } from '../../merchant-homepages/describe-homepage-template';
import { findHomepage } from '../../merchant-homepages/find-homepage';
import { findHomepagePath } from '../../merchant-homepages/find-homepage-path';
import { getHomepageTemplate } from '../../merchant-homepages/get-homepage-template';
import { getHomepageUploadToken } from '../../merchant-homepages/get-homepage-upload-token';
import { publishHomepage } from '../../merchant-homepages/publish-homepage';
import { saveHomepageDraft } from '../../merchant-homepages/save-homepage-draft';
import { findPublishedHomepage } from '../../merchant-homepages/find-published-homepage';
import { AppError } from '../../errors';
import { ERROR } from '../../../errors';
import { homepageContentSchema } from '../../../contracts/merchant-homepage';
import { z } from 'zod';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const M = '/idealab-material';
const EDITOR = 'permission:FUN010';
const NOT_SUPPLIER = 'Without FUN010 in the current company, or not a supplier at work there';

/** The supplier homepage (docs/product/merchant-homepage.md#calls): the draft, publishing, the templates. */
export function registerMerchantHomepageRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${M}/merchant/home/get`, access: EDITOR, tag: 'merchant-homepage',
    summary: 'The current company’s homepage: its draft (null until first saved), the published copy (null until first published) and the template it started from',
    answer: ['The homepage', homepageSchema], errors: { 403: NOT_SUPPLIER },
  }, async (c) => findHomepage(await requireSession(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/merchant/home/update`, access: EDITOR, tag: 'merchant-homepage',
    summary: 'Save the draft: the modules replace it whole, rich text sanitised; the published copy stays as it is',
    description: 'Every picture must be the company’s own and every material its own and published; a refusal names each field and keeps nothing.',
    body: homepageUpdateSchema, bodyLimit: HOMEPAGE_BODY_LIMIT, answer: ['The homepage after the save', homepageSchema],
    errors: { 403: NOT_SUPPLIER, 404: 'orgId names another company' },
  }, async (c) => saveHomepageDraft(await requireSession(c), c.req.valid('json')));

  defineRoute(app, {
    method: 'post', path: `${M}/merchant/home/publish`, access: EDITOR, tag: 'merchant-homepage',
    summary: 'Publish the draft: checked again, every module must show something, then buyers see it',
    optionalBody: homepagePublishSchema, answer: ['The homepage after publishing', homepageSchema],
    errors: { 403: NOT_SUPPLIER, 404: 'orgId names another company' },
  }, async (c) => publishHomepage(await requireSession(c), c.req.valid('json')?.orgId));

  defineRoute(app, {
    method: 'get', path: `${M}/merchant/home/get/path`, access: EDITOR, tag: 'merchant-homepage',
    summary: 'Where buyers read the current company’s homepage, and whether it is published',
    answer: ['The path', homepagePathSchema], errors: { 403: NOT_SUPPLIER },
  }, async (c) => findHomepagePath(await requireSession(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/merchant/home/oss/util`, access: EDITOR, tag: 'merchant-homepage',
    summary: 'Upload parameters for homepage pictures: the company’s object-storage token (uploads then go through the multipart calls)',
    answer: ['The token', storageTokenSchema], errors: { 403: NOT_SUPPLIER },
  }, async (c) => getHomepageUploadToken(await requireSession(c)));

  defineRoute(app, {
    method: 'get', path: `${M}/mch/home/temp/get/{id}`, access: EDITOR, tag: 'merchant-homepage',
    summary: 'A template’s modules in the caller’s language, filled with the company’s pictures, newest published materials and contact details',
    params: homepageTemplateParamsSchema, answer: ['The modules', homepageTemplateModulesSchema],
    errors: { 403: NOT_SUPPLIER, 404: 'No such template' },
  }, async (c) => getHomepageTemplate(await requireSession(c), c.req.valid('param').id, requestLang(c)));

  defineRoute(app, {
    method: 'get', path: `${M}/mch/home/temp/detail/{id}`, access: 'session', tag: 'merchant-homepage',
    summary: 'A template’s name, description and the module types it is made of, in the caller’s language',
    params: homepageTemplateParamsSchema, answer: ['The template', homepageTemplateSchema],
    errors: { 404: 'No such template' },
  }, async (c) => describeHomepageTemplate(c.req.valid('param').id, requestLang(c)));

  // A company's published homepage content, on the paths each kind of reader calls: the supplier's, the buyer's
  // and the open one (content/detail).
  const contentQuery = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
  const contentAnswer = z.object({ orgId: z.number().int(), publishedAt: z.string().nullable(), content: homepageContentSchema }).meta({ id: 'HomepageContentDetail' });
  for (const [path, access] of [['/idealab-material/content/detail', 'session'], ['/idealab-material/buyer/content/detail', 'session'], ['/idealab-material/open/content/detail', 'public']] as const) {
    defineRoute(app, {
      method: 'get', path, access, tag: 'merchants',
      summary: 'A supplier company’s published homepage content by the company’s id (rich text as sanitised when saved)',
      query: contentQuery, answer: ['The published content', contentAnswer],
      errors: { 404: 'No published homepage of that company' },
    }, async (c) => {
      const orgId = c.req.valid('query').id;
      const found = await findPublishedHomepage(orgId);
      if (!found) throw new AppError(ERROR.empty, { message: 'validation.homepageNotPublished' });
      return { orgId, publishedAt: found.publishedAt?.toISOString() ?? null, content: found.content };
    });
  }
}
