import { z } from 'zod';

/**
 * The address book (§7 addresses, /address-book). Phones: a mainland mobile number (`1[3-9]` and 9 more digits,
 * 11 in all) or an international number written with its `+` and 6–20 digits; spaces and hyphens are dropped
 * before checking, so `138 0013 8000` and `+39 02-1234567` are accepted and stored without them.
 */
export const RECEIVER_MAX = 20;
export const DETAIL_MAX = 120;
export const POSTCODE_MAX = 10;
export const ADDRESS_LIMIT = 20;
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
export const INTERNATIONAL_PHONE = /^\+\d{6,20}$/;
export const POSTCODE_PATTERN = /^[A-Za-z0-9]*$/;

export const normalizePhone = (phone: string) => phone.replace(/[\s-]/g, '');
export const isValidPhone = (phone: string) => MAINLAND_MOBILE.test(phone) || INTERNATIONAL_PHONE.test(phone);

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
