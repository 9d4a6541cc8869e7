/**
 * (No zod here: islands import these for their own checks, and the server checks everything again.)
 * The address book (docs/product/sampling.md#calls addresses, /address-book). Phones: a mainland mobile number (`1[3-9]` and 9 more digits,
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
