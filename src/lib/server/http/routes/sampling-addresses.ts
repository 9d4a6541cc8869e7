import type { OpenAPIHono } from '@hono/zod-openapi';
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
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const B = '/idealab-material/buyer/address';

const storedAddress = ['The stored address, places named in the caller’s language', shippingAddressSchema] as const;
const INVALID = 'Invalid input (300068/300069/300070: receiver, phone, a place not under the one before, the 20-address limit)';
const NOT_FOUND = 'Not one of the caller’s addresses (100404)';

/** The buyer's address book (/address-book): every call acts on the signed-in user's own addresses. */
export function registerAddressRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${B}/list`, access: 'session', tag: 'addresses',
    summary: 'The caller’s addresses, the default first, then the newest',
    answer: ['Addresses', shippingAddressListSchema],
  }, async (c) => {
    const session = await requireSession(c);
    return listShippingAddresses(session.user.id, requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${B}/add`, access: 'session', tag: 'addresses',
    summary: 'Add an address (at most 20; the first becomes the default)',
    body: addressInputSchema, answer: storedAddress,
    errors: { 422: INVALID },
  }, async (c) => {
    const session = await requireSession(c);
    return addShippingAddress(session.user.id, c.req.valid('json'), requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${B}/update`, access: 'session', tag: 'addresses',
    summary: 'Change one of the caller’s addresses',
    body: addressUpdateSchema, answer: storedAddress,
    errors: { 404: NOT_FOUND, 422: INVALID },
  }, async (c) => {
    const session = await requireSession(c);
    return updateShippingAddress(session.user.id, c.req.valid('json'), requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${B}/remove`, access: 'session', tag: 'addresses',
    summary: 'Remove one of the caller’s addresses (the newest remaining becomes the default if it was)',
    body: addressIdSchema, answer: ['The default address afterwards', addressRemovedSchema],
    errors: { 404: NOT_FOUND, 422: INVALID },
  }, async (c) => {
    const session = await requireSession(c);
    return removeShippingAddress(session.user.id, c.req.valid('json').id);
  });

  defineRoute(app, {
    method: 'post', path: `${B}/default`, access: 'session', tag: 'addresses',
    summary: 'Make one of the caller’s addresses the default',
    body: addressIdSchema, answer: ['The default address', addressDefaultSchema],
    errors: { 404: NOT_FOUND, 422: INVALID },
  }, async (c) => {
    const session = await requireSession(c);
    return setDefaultAddress(session.user.id, c.req.valid('json').id);
  });
}
