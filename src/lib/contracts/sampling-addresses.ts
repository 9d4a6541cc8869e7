import { z } from 'zod';

import { DETAIL_MAX, isValidPhone, normalizePhone, POSTCODE_MAX, POSTCODE_PATTERN, RECEIVER_MAX } from './sampling-addresses-rules';

export * from './sampling-addresses-rules';

// JSON bodies carry numbers; a missing one reads as "required", not as a malformed number.
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalNode = id.nullish().transform((v) => v ?? null);

export const addressInputSchema = z.object({
  receiver: z.string().trim().min(1, 'validation.required').max(RECEIVER_MAX, 'validation.tooLong'),
  phone: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .transform(normalizePhone)
    .refine(isValidPhone, 'validation.phone'),
  countryId: id,
  provinceId: optionalNode,
  cityId: optionalNode,
  districtId: optionalNode,
  detail: z.string().trim().min(1, 'validation.required').max(DETAIL_MAX, 'validation.tooLong'),
  postcode: z
    .string()
    .trim()
    .max(POSTCODE_MAX, 'validation.tooLong')
    .regex(POSTCODE_PATTERN, 'validation.invalidValue')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AddressInput = z.output<typeof addressInputSchema>;
export const addressUpdateSchema = addressInputSchema.extend({ id });
export type AddressUpdate = z.output<typeof addressUpdateSchema>;
export const addressIdSchema = z.object({ id });

/** A stored address with its places named in the reader's language. */
export const shippingAddressSchema = z
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
    isDefault: z.union([z.literal(0), z.literal(1)]),
    createdAt: z.string(),
  })
  .meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export const shippingAddressListSchema = z.array(shippingAddressSchema);
export type AddressRequest = z.input<typeof addressInputSchema>;
/** After a removal: the default address (another one may have become it), or null when the book is empty. */
export const addressRemovedSchema = z.object({ defaultId: z.number().int().nullable() });
export type AddressRemoved = z.output<typeof addressRemovedSchema>;
export const addressDefaultSchema = z.object({ defaultId: z.number().int() });
export type AddressDefault = z.output<typeof addressDefaultSchema>;
