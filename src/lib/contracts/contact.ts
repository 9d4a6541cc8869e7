/** The public "contact us" form (docs/product/contact.md). */
import { z } from 'zod';
import { isPhone } from './certification';
import { CONTACT_LIMITS as L } from './contact-rules';

export * from './contact-rules';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Empty counts as not given. */
const optional = (max: number, check: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .refine((v) => v === '' || check(v), message)
    .optional()
    .transform((v) => (v ? v : null));

/** POST /api/idealab-material/open/contact/add: who writes, how to answer them (a phone or an e-mail), and what about. */
export const contactAddSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(L.name, 'validation.tooLong'),
    company: z.string().trim().max(L.company, 'validation.tooLong').default(''),
    phone: optional(L.phone, isPhone, 'validation.phone'),
    email: optional(L.email, (v) => EMAIL.test(v), 'validation.email').transform((v) => v?.toLowerCase() ?? null),
    message: z.string().trim().min(1, 'validation.required').max(L.message, 'validation.tooLong'),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.contactRequired' });
  });
export type ContactAdd = z.output<typeof contactAddSchema>;
export type ContactInput = z.input<typeof contactAddSchema>;
