import { z } from 'zod';
import type { ImageRef } from './images';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** §7 open/v2/merchant/search/list (and choiceness): keyword over Chinese and English names, paged. */
export const merchantSearchSchema = z.object({
  keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
  size: z.coerce.number().int().min(1).max(60).default(12),
});
export type MerchantSearch = z.infer<typeof merchantSearchSchema>;
export const followSchema = z.object({ supplierId: id });
export const merchantIdSchema = z.object({ orgId: id });

/** A merchant tile (§3 Merchant: orgId, id, isFollow, followCount, logo) with what a buyer decides on. */
export type MerchantCard = {
  orgId: number;
  id: number;
  orgName: string;
  logo: ImageRef | null;
  slogan: string;
  city: string;
  mainProducts: string[];
  materialCount: number;
  followCount: number;
  isFollow: 0 | 1;
  isChoiceness: 0 | 1;
  /** Covers of its newest materials. */
  previews: ImageRef[];
};

/** The merchant detail page's business information (BusinessInfoTab) and banner. */
export type MerchantDetail = MerchantCard & {
  nameEn: string | null;
  banner: ImageRef | null;
  introduction: string;
  address: string;
  corpType: string | null;
  bizModel: string | null;
  bizScope: string[];
  establishedYear: number | null;
  certified: boolean;
  newMaterialCount: number;
};

export type FollowResult = { isFollow: 0 | 1; followCount: number };
