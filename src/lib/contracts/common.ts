/** Shapes many domains answer with. */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from './sampling-requests-rules';

/** One page of a bounded list: the records of the page and the total over all pages. */
export const pageOf = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number().int() });

/** What a create or save answers: the id of the stored object. */
export const savedIdSchema = z.object({ id: z.number().int() }).meta({ id: 'SavedId' });

/** How many objects a bulk change touched. */
export const countSchema = z.number().int();

/** A file answered as it is (an image), not in the envelope. */
export const binarySchema = z.string().meta({ format: 'binary' });

/** A retry with the same key answers the first result instead of doing the work again (24 hours). */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'validation.invalidValue')
    .optional()
    .meta({ description: 'A retry with the same key answers the first result instead of doing the work again (24 hours)' }),
});
