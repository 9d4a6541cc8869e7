import { z } from 'zod';
import { imageRefOrNullSchema } from './images';
import { materialCardSchema } from './materials';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

import { SAMPLE_QUANTITY_MAX } from './sampling-bag-rules';

/** Samples of one color of one material per bag item: 1–99 per add, and the item never holds more than 99. */
export { SAMPLE_QUANTITY_MAX };
/** Items (material × color card) one bag holds at most. */
export const SAMPLE_BAG_MAX_ITEMS = 200;

/** Not coerced: "2" or 1.5 is refused, not rounded. */
export const sampleQuantitySchema = z.number().int().min(1).max(SAMPLE_QUANTITY_MAX);

/** buyer/sample/bag/add: a chosen color card of a material and how many samples of it. */
export const sampleAddSchema = z.object({ materialId: id, colorCardId: id, quantity: sampleQuantitySchema.default(1) });
export type SampleAddInput = z.infer<typeof sampleAddSchema>;
/** buyer/sampleItem/update/quantity: sets an item's quantity. */
export const sampleQuantityUpdateSchema = z.object({ id, quantity: sampleQuantitySchema });
/** buyer/sampleItem/del: one item. */
export const sampleItemIdSchema = z.object({ id });
/** buyer/sample/bag/del: several items at once. */
export const sampleItemIdsSchema = z.object({ ids: z.array(id).min(1).max(SAMPLE_BAG_MAX_ITEMS) });
/** buyer/sample/bag/list: the whole bag (it is bounded), optionally only the chosen items (sampleItem/list). */
export const sampleListSchema = z.object({ ids: z.array(id).max(SAMPLE_BAG_MAX_ITEMS).optional() });
export type SampleListQuery = z.infer<typeof sampleListSchema>;

export type SampleAddRequest = z.input<typeof sampleAddSchema>;

export const sampleItemSchema = z
  .object({
    id: z.number().int(),
    materialId: z.number().int(),
    colorCard: z.object({ id: z.number().int(), name: z.string(), hex: z.string() }),
    quantity: z.number().int(),
    /** The material's sample price (PF_SAMPLE_PRICE) at its current version; null when the supplier set none. */
    samplePrice: z.number().nullable(),
    /** False once the material is taken off the market or deleted: it stays in the bag but cannot be requested. */
    available: z.boolean(),
    material: materialCardSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'SampleBagItem' });
export type SampleItem = z.output<typeof sampleItemSchema>;
export const sampleSupplierGroupSchema = z.object({ supplierId: z.number().int(), supplierName: z.string(), supplierLogo: imageRefOrNullSchema, items: z.array(sampleItemSchema) });
export type SampleSupplierGroup = z.output<typeof sampleSupplierGroupSchema>;
export const sampleBagSchema = z.object({ groups: z.array(sampleSupplierGroupSchema), total: z.number().int() }).meta({ id: 'SampleBag' });
export type SampleBag = z.output<typeof sampleBagSchema>;
/** The answer to an add: the item as it is now; `capped` when the sum was cut to SAMPLE_QUANTITY_MAX (with a notice). */
export const sampleAddResultSchema = z.object({ id: z.number().int(), quantity: z.number().int(), capped: z.boolean(), notice: z.string().nullable(), count: z.number().int() });
export type SampleAddResult = z.output<typeof sampleAddResultSchema>;
export const sampleQuantityResultSchema = z.object({ id: z.number().int(), quantity: z.number().int() });
export type SampleQuantityResult = z.output<typeof sampleQuantityResultSchema>;
export const sampleItemRemovedSchema = z.object({ id: z.number().int(), count: z.number().int() });
export type SampleItemRemoved = z.output<typeof sampleItemRemovedSchema>;
export const sampleItemsRemovedSchema = z.object({ removed: z.number().int(), count: z.number().int() });
export type SampleItemsRemoved = z.output<typeof sampleItemsRemovedSchema>;
export const sampleCountSchema = z.object({ count: z.number().int() });
export type SampleCount = z.output<typeof sampleCountSchema>;
