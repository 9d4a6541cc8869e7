/** Shapes many domains answer with. */
import { z } from 'zod';

/** One page of a bounded list: the records of the page and the total over all pages. */
export const pageOf = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number().int() });

/** What a create or save answers: the id of the stored object. */
export const savedIdSchema = z.object({ id: z.number().int() }).meta({ id: 'SavedId' });
export type SavedId = z.infer<typeof savedIdSchema>;

/** How many objects a bulk change touched. */
export const countSchema = z.number().int();
