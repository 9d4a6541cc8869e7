/** Limits of the "contact us" form without zod (docs/product/contact.md#rules). */
export const CONTACT_LIMITS = { name: 50, company: 100, phone: 30, email: 100, message: 2000 } as const;
/** Days a message is kept; older ones go when the next one is written. */
export const CONTACT_RETENTION_DAYS = 365;
/** Messages one page of `/admin/contacts` shows. */
export const CONTACT_PAGE_SIZE = 50;
