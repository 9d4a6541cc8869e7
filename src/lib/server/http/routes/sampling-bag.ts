import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
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
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang, requestT } from '../language';

const M = '/idealab-material';

/** §7 sample bag: the caller's own bag only; another user's item ids are "not found". */
export function registerSampleBagRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/buyer/sample/bag/add`,
      tags: ['sample bag'],
      summary: 'Add samples of one color card of a material (1–99; adding again sums, capped at 99 per item)',
      request: { body: json(sampleAddSchema) },
      responses: {
        200: answer('The item as it is now, whether the sum was capped (with a notice), and the bag count', sampleAddResultSchema),
        404: failure('No such published material'),
        422: failure('The caller’s own company’s material, a color card of another material, a bad quantity, an item already at 99, or a full bag'),
      },
    }),
    async (c) => {
      const session = await requireSession(c);
      const result = await addSampleItem(session.user.id, session.company?.id ?? null, c.req.valid('json'));
      return ok(c, sampleAddResultSchema, { ...result, notice: result.capped ? requestT(c)('validation.sampleQuantityCapped') : null });
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/buyer/sample/bag/list`,
      tags: ['sample bag'],
      summary: 'The caller’s sample bag grouped by supplier, newest first',
      request: { body: json(sampleListSchema) },
      responses: { 200: answer('The bag', sampleBagSchema), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, sampleBagSchema, await listSampleBag((await requireSession(c)).user.id, c.req.valid('json'), { lang: requestLang(c) })),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/sampleItem/list`,
      tags: ['sample bag'],
      summary: 'Chosen items of the caller’s bag (ids), grouped by supplier — what a sample request is made of',
      request: { body: json(sampleItemIdsSchema) },
      responses: { 200: answer('The chosen items', sampleBagSchema), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, sampleBagSchema, await listSampleBag((await requireSession(c)).user.id, c.req.valid('json'), { lang: requestLang(c) })),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/buyer/sampleItem/update/quantity`,
      tags: ['sample bag'],
      summary: 'Set the quantity of one of the caller’s items (1–99)',
      request: { body: json(sampleQuantityUpdateSchema) },
      responses: { 200: answer('The item', sampleQuantityResultSchema), 404: failure('No such item of the caller'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const { id, quantity } = c.req.valid('json');
      return ok(c, sampleQuantityResultSchema, await updateSampleQuantity((await requireSession(c)).user.id, id, quantity));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/buyer/sampleItem/del`,
      tags: ['sample bag'],
      summary: 'Take one item out of the caller’s bag',
      request: { body: json(sampleItemIdSchema) },
      responses: { 200: answer('The removed item and the bag count', sampleItemRemovedSchema), 404: failure('No such item of the caller'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, sampleItemRemovedSchema, await removeSampleItem((await requireSession(c)).user.id, c.req.valid('json').id)),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/buyer/sample/bag/del`,
      tags: ['sample bag'],
      summary: 'Take several items out of the caller’s bag (all or nothing)',
      request: { body: json(sampleItemIdsSchema) },
      responses: { 200: answer('How many were removed and the bag count', sampleItemsRemovedSchema), 404: failure('An id that is not the caller’s item; nothing removed'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, sampleItemsRemovedSchema, await removeSampleItems((await requireSession(c)).user.id, c.req.valid('json').ids)),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${M}/buyer/sample/bag/get/count`,
      tags: ['sample bag'],
      summary: 'How many items are in the caller’s bag (the toolbar badge)',
      responses: { 200: answer('The count', sampleCountSchema) },
    }),
    async (c) => ok(c, sampleCountSchema, await countSampleItems((await requireSession(c)).user.id)),
  );
}
