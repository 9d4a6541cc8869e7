import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { addressIdSchema, addressInputSchema, addressUpdateSchema } from '../../../contracts/addresses';
import { addShippingAddress } from '../../addresses/add-shipping-address';
import { listShippingAddresses } from '../../addresses/list-shipping-addresses';
import { removeShippingAddress } from '../../addresses/remove-shipping-address';
import { setDefaultAddress } from '../../addresses/set-default-address';
import { updateShippingAddress } from '../../addresses/update-shipping-address';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';

const B = '/idealab-material/buyer/address';

const addressSchema = z
  .object({
    id: z.number().int(),
    receiver: z.string(),
    phone: z.string(),
    countryId: z.number().int(),
    provinceId: z.number().int().nullable(),
    cityId: z.number().int().nullable(),
    districtId: z.number().int().nullable(),
    country: z.string(),
    province: z.string().nullable(),
    city: z.string().nullable(),
    district: z.string().nullable(),
    detail: z.string(),
    postcode: z.string().nullable(),
    isDefault: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('ShippingAddress');
const addressAnswer = answer('The stored address, places named in the caller’s language', addressSchema);
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
      responses: { 200: answer('Addresses', z.array(addressSchema)) },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, await listShippingAddresses(session.user.id, requestLang(c)));
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
      return ok(c, await addShippingAddress(session.user.id, c.req.valid('json'), requestLang(c)));
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
      return ok(c, await updateShippingAddress(session.user.id, c.req.valid('json'), requestLang(c)));
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
      responses: { 200: answer('The default address afterwards', z.object({ defaultId: z.number().int().nullable() })), 404: notFound, 422: invalid },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, await removeShippingAddress(session.user.id, c.req.valid('json').id));
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
      responses: { 200: answer('The default address', z.object({ defaultId: z.number().int() })), 404: notFound, 422: invalid },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, await setDefaultAddress(session.user.id, c.req.valid('json').id));
    },
  );
}
