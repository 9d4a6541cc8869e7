import { z } from 'zod';
import type { ImageRef } from './images';
import type { MaterialCard } from './materials';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

import { SAMPLE_QUANTITY_MAX } from './sample-bag-rules';

/** Samples of one color of one material per bag item: 1–99 per add, and the item never holds more than 99. */
export { SAMPLE_QUANTITY_MAX };
/** Items (material × color card) one bag holds at most. */
export const SAMPLE_BAG_MAX_ITEMS = 200;

/** Not coerced: "2" or 1.5 is refused, not rounded. */
export const sampleQuantitySchema = z.number().int().min(1).max(SAMPLE_QUANTITY_MAX);

/** §7 buyer/sample/bag/add: a chosen color card of a material and how many samples of it. */
export const sampleAddSchema = z.object({ materialId: id, colorCardId: id, quantity: sampleQuantitySchema.default(1) });
export type SampleAddInput = z.infer<typeof sampleAddSchema>;
/** §7 buyer/sampleItem/update/quantity: sets an item's quantity. */
export const sampleQuantityUpdateSchema = z.object({ id, quantity: sampleQuantitySchema });
/** §7 buyer/sampleItem/del: one item. */
export const sampleItemIdSchema = z.object({ id });
/** §7 buyer/sample/bag/del: several items at once. */
export const sampleItemIdsSchema = z.object({ ids: z.array(id).min(1).max(SAMPLE_BAG_MAX_ITEMS) });
/** §7 buyer/sample/bag/list: the whole bag (it is bounded), optionally only the chosen items (§7 sampleItem/list). */
export const sampleListSchema = z.object({ ids: z.array(id).max(SAMPLE_BAG_MAX_ITEMS).optional() });
export type SampleListQuery = z.infer<typeof sampleListSchema>;

export type SampleItem = {
  id: number;
  materialId: number;
  colorCard: { id: number; name: string; hex: string };
  quantity: number;
  /** The material's sample price (PF_SAMPLE_PRICE) at its current version; null when the supplier set none. */
  samplePrice: number | null;
  /** False once the material is taken off the market or deleted: it stays in the bag but cannot be requested. */
  available: boolean;
  material: MaterialCard;
  createdAt: string;
};
export type SampleSupplierGroup = { supplierId: number; supplierName: string; supplierLogo: ImageRef | null; items: SampleItem[] };
export type SampleBag = { groups: SampleSupplierGroup[]; total: number };
/** The answer to an add: the item as it is now; `capped` when the sum was cut to SAMPLE_QUANTITY_MAX. */
export type SampleAddResult = { id: number; quantity: number; capped: boolean; count: number };
