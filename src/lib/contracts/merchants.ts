import { z } from 'zod';
import { imageRefOrNullSchema, imageRefSchema } from './images';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** docs/product/catalogue.md#calls open/v2/merchant/search/list (and choiceness): keyword over Chinese and English names, paged. */
export const merchantSearchSchema = z.object({
  keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
  size: z.coerce.number().int().min(1).max(60).default(12),
});
export type MerchantSearch = z.infer<typeof merchantSearchSchema>;
export const followSchema = z.object({ supplierId: id });
export const merchantIdSchema = z.object({ orgId: id });

const flag = z.union([z.literal(0), z.literal(1)]);

/** A merchant tile (Merchant: orgId, id, isFollow, followCount, logo) with what a buyer decides on. */
export const merchantCardSchema = z
  .object({
    orgId: z.number().int(),
    id: z.number().int(),
    orgName: z.string(),
    logo: imageRefOrNullSchema,
    slogan: z.string(),
    city: z.string(),
    mainProducts: z.array(z.string()),
    materialCount: z.number().int(),
    followCount: z.number().int(),
    isFollow: flag,
    isChoiceness: flag,
    /** Covers of its newest materials. */
    previews: z.array(imageRefSchema),
  })
  .meta({ id: 'Merchant' });
export type MerchantCard = z.output<typeof merchantCardSchema>;
export const merchantPageSchema = z.object({ records: z.array(merchantCardSchema), total: z.number().int() });
export type MerchantPage = z.output<typeof merchantPageSchema>;

/** The merchant detail page's business information (BusinessInfoTab) and banner. */
export const merchantDetailSchema = merchantCardSchema
  .extend({
    nameEn: z.string().nullable(),
    banner: imageRefOrNullSchema,
    introduction: z.string(),
    address: z.string(),
    corpType: z.string().nullable(),
    bizModel: z.string().nullable(),
    bizScope: z.array(z.string()),
    establishedYear: z.number().int().nullable(),
    certified: z.boolean(),
    newMaterialCount: z.number().int(),
  })
  .meta({ id: 'MerchantDetail' });
export type MerchantDetail = z.output<typeof merchantDetailSchema>;

export const followResultSchema = z.object({ isFollow: flag, followCount: z.number().int() });
export type FollowResult = z.output<typeof followResultSchema>;
