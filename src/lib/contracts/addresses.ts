import { z } from 'zod';

import { DETAIL_MAX, isValidPhone, normalizePhone, POSTCODE_MAX, POSTCODE_PATTERN, RECEIVER_MAX } from './address-rules';

export * from './address-rules';

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
export type ShippingAddress = {
  id: number;
  receiver: string;
  phone: string;
  countryId: number;
  provinceId: number | null;
  cityId: number | null;
  districtId: number | null;
  country: string;
  province: string | null;
  city: string | null;
  district: string | null;
  detail: string;
  postcode: string | null;
  isDefault: 0 | 1;
  createdAt: string;
};
