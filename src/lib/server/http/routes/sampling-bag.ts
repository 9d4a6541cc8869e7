import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  sampleAddResultSchema,
  sampleAddSchema,
  sampleBagSchema,
  sampleCountSchema,
  sampleItemIdSchema,
  sampleItemIdsSchema,
  sampleItemRemovedSchema,
  sampleItemsRemovedSchema,
  sampleListSchema,
  sampleQuantityResultSchema,
  sampleQuantityUpdateSchema,
} from '../../../contracts/sampling-bag';
import { addSampleItem } from '../../sampling/add-sample-item';
import { countSampleItems } from '../../sampling/count-sample-items';
import { listSampleBag } from '../../sampling/list-sample-bag';
import { removeSampleItem } from '../../sampling/remove-sample-item';
import { removeSampleItems } from '../../sampling/remove-sample-items';
import { updateSampleQuantity } from '../../sampling/update-sample-quantity';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang, requestT } from '../language';

const M = '/idealab-material';

/** The sample bag (docs/glossary.md): the caller's own bag only; another user's item ids are "not found". */
export function registerSampleBagRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: `${M}/buyer/sample/bag/add`, access: 'session', tag: 'sample bag',
    summary: 'Add samples of one color card of a material (1–99; adding again sums, capped at 99 per item)',
    body: sampleAddSchema, answer: ['The item as it is now, whether the sum was capped (with a notice), and the bag count', sampleAddResultSchema],
    errors: { 404: 'No such published material', 422: 'The caller’s own company’s material, a color card of another material, a bad quantity, an item already at 99, or a full bag' },
  }, async (c) => {
    const session = await requireSession(c);
    const result = await addSampleItem(session.user.id, session.company?.id ?? null, c.req.valid('json'));
    return { ...result, notice: result.capped ? requestT(c)('validation.sampleQuantityCapped') : null };
  });

  defineRoute(app, {
    method: 'post', path: `${M}/buyer/sample/bag/list`, access: 'session', tag: 'sample bag', allowFrozen: true,
    summary: 'The caller’s sample bag grouped by supplier, newest first',
    body: sampleListSchema, answer: ['The bag', sampleBagSchema],
  }, async (c) => listSampleBag((await requireSession(c)).user.id, c.req.valid('json'), { lang: requestLang(c) }));

  defineRoute(app, {
    method: 'post', path: `${M}/sampleItem/list`, access: 'session', tag: 'sample bag', allowFrozen: true,
    summary: 'Chosen items of the caller’s bag (ids), grouped by supplier — what a sample request is made of',
    body: sampleItemIdsSchema, answer: ['The chosen items', sampleBagSchema],
  }, async (c) => listSampleBag((await requireSession(c)).user.id, c.req.valid('json'), { lang: requestLang(c) }));

  defineRoute(app, {
    method: 'post', path: `${M}/buyer/sampleItem/update/quantity`, access: 'session', tag: 'sample bag',
    summary: 'Set the quantity of one of the caller’s items (1–99)',
    body: sampleQuantityUpdateSchema, answer: ['The item', sampleQuantityResultSchema],
    errors: { 404: 'No such item of the caller' },
  }, async (c) => {
    const { id, quantity } = c.req.valid('json');
    return updateSampleQuantity((await requireSession(c)).user.id, id, quantity);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/buyer/sampleItem/del`, access: 'session', tag: 'sample bag',
    summary: 'Take one item out of the caller’s bag',
    body: sampleItemIdSchema, answer: ['The removed item and the bag count', sampleItemRemovedSchema],
    errors: { 404: 'No such item of the caller' },
  }, async (c) => removeSampleItem((await requireSession(c)).user.id, c.req.valid('json').id));

  defineRoute(app, {
    method: 'post', path: `${M}/buyer/sample/bag/del`, access: 'session', tag: 'sample bag',
    summary: 'Take several items out of the caller’s bag (all or nothing)',
    body: sampleItemIdsSchema, answer: ['How many were removed and the bag count', sampleItemsRemovedSchema],
    errors: { 404: 'An id that is not the caller’s item; nothing removed' },
  }, async (c) => removeSampleItems((await requireSession(c)).user.id, c.req.valid('json').ids));

  defineRoute(app, {
    method: 'get', path: `${M}/buyer/sample/bag/get/count`, access: 'session', tag: 'sample bag',
    summary: 'How many items are in the caller’s bag (the toolbar badge)',
    answer: ['The count', sampleCountSchema],
  }, async (c) => countSampleItems((await requireSession(c)).user.id));
}
