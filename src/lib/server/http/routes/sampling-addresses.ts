import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import {
  addressDefaultSchema,
  addressIdSchema,
  addressInputSchema,
  addressRemovedSchema,
  addressUpdateSchema,
  shippingAddressListSchema,
  shippingAddressSchema,
} from '../../../contracts/sampling-addresses';
import { addShippingAddress } from '../../sampling/add-shipping-address';
import { listShippingAddresses } from '../../sampling/list-shipping-addresses';
import { removeShippingAddress } from '../../sampling/remove-shipping-address';
import { setDefaultAddress } from '../../sampling/set-default-address';
import { updateShippingAddress } from '../../sampling/update-shipping-address';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';

const B = '/idealab-material/buyer/address';

const addressAnswer = answer('The stored address, places named in the caller’s language', shippingAddressSchema);
const invalid = failure('Invalid input (300068/300069/300070: receiver, phone, a place not under the one before, the 20-address limit)');
const notFound = failure('Not one of the caller’s addresses (100404)');

/** The buyer's address book (§7 addresses, /address-book): every call acts on the signed-in user's own addresses. */
export function registerAddressRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${B}/list`,
      tags: ['addresses'],
      summary: 'The caller’s addresses, the default first, then the newest',
      responses: { 200: answer('Addresses', shippingAddressListSchema) },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, shippingAddressListSchema, await listShippingAddresses(session.user.id, requestLang(c)));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${B}/add`,
      tags: ['addresses'],
      summary: 'Add an address (at most 20; the first becomes the default)',
      request: { body: json(addressInputSchema) },
      responses: { 200: addressAnswer, 422: invalid },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, shippingAddressSchema, await addShippingAddress(session.user.id, c.req.valid('json'), requestLang(c)));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${B}/update`,
      tags: ['addresses'],
      summary: 'Change one of the caller’s addresses',
      request: { body: json(addressUpdateSchema) },
      responses: { 200: addressAnswer, 404: notFound, 422: invalid },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, shippingAddressSchema, await updateShippingAddress(session.user.id, c.req.valid('json'), requestLang(c)));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${B}/remove`,
      tags: ['addresses'],
      summary: 'Remove one of the caller’s addresses (the newest remaining becomes the default if it was)',
      request: { body: json(addressIdSchema) },
      responses: { 200: answer('The default address afterwards', addressRemovedSchema), 404: notFound, 422: invalid },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, addressRemovedSchema, await removeShippingAddress(session.user.id, c.req.valid('json').id));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${B}/default`,
      tags: ['addresses'],
      summary: 'Make one of the caller’s addresses the default',
      request: { body: json(addressIdSchema) },
      responses: { 200: answer('The default address', addressDefaultSchema), 404: notFound, 422: invalid },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, addressDefaultSchema, await setDefaultAddress(session.user.id, c.req.valid('json').id));
    },
  );
}
