import { z } from 'zod';
import type { ImageRef } from './images';

import { MATERIAL_SORTS, STORE_PAGE_SIZE, type MaterialFacet, type MaterialQuery } from '../material-query';

export { MATERIAL_FACETS, MATERIAL_SORTS, NEW_MATERIAL_DAYS, STORE_PAGE_SIZE, materialQueryString, type MaterialFacet, type MaterialQuery, type MaterialSort } from '../material-query';

const facetValues = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[\w-]{1,40}$/, 'validation.invalidValue')).max(20));

/**
 * A store query, from a URL (`/main/material-store?categoryId=3&colorFamily=red,blue&sort=name`) or an API body.
 * Values within a facet are alternatives; facets combine.
 */
export const materialQuerySchema = z.object({
  keywords: z.string().trim().max(50, 'validation.tooLong').optional(),
  categoryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** A merchant's materials (merchant detail AllMaterial / NewMaterial). */
  orgId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  isNew: z.coerce.number().int().min(0).max(1).optional(),
  colorFamily: facetValues.optional(),
  season: facetValues.optional(),
  product: facetValues.optional(),
  shipFrom: facetValues.optional(),
  sort: z.enum(MATERIAL_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(500).default(1),
  size: z.coerce.number().int().min(1).max(60).default(STORE_PAGE_SIZE),
});
// A compile-time check that the schema parses into exactly the zod-free type the island uses.
type Parsed = z.infer<typeof materialQuerySchema>;
true satisfies Parsed extends MaterialQuery ? (MaterialQuery extends Parsed ? true : never) : never;

/** §7 open/v2/material/search: the store's filters with the words to find, most relevant first by default. */
export const materialSearchSchema = materialQuerySchema.extend({
  keywords: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  sort: z.enum(MATERIAL_SORTS).default('relevance'),
});

export type SupplierInfo = { supplierId: number; supplierName: string; supplierLogo: ImageRef | null };

/** A material in a grid: what the store, merchant pages and home page show per tile. */
export type MaterialCard = {
  id: number;
  version: number;
  categoryId: number;
  name: string;
  serialNo: string;
  cover: ImageRef | null;
  supplierInfo: SupplierInfo;
  price: number | null;
  currency: string;
  priceUnit: string;
  /** Up to five swatches of its color cards, default first. */
  colors: string[];
  colorCount: number;
  isNew: 0 | 1;
  gmtCreateTime: string;
};

export type FacetValue = { value: string; label: string; count: number };
export type FacetGroup = { facet: MaterialFacet; values: FacetValue[] };
export type MaterialPage = { records: MaterialCard[]; total: number; facets?: FacetGroup[] };

/** §3 color info, as the detail answers it. */
export type ColorCard = {
  id: number;
  sort: number;
  name: string;
  colorInfo: { hex: string; lab: [number, number, number] };
  isDefault: 0 | 1;
  colorFamily: string;
  isBan: 0 | 1;
  renderingStatus: number;
  images: ImageRef[];
  thumb: ImageRef | null;
};

export type MaterialAttribute = { fieldCode: string; title: string; alias: string | null; value: string };

export type MaterialDetail = {
  id: number;
  version: number;
  latestVersion: number;
  categoryId: number;
  categoryPath: { id: number; name: string; alias: string | null }[];
  name: string;
  nameCn: string;
  nameEn: string;
  serialNo: string;
  supplierInfo: SupplierInfo & { followCount: number; isFollow: 0 | 1 };
  colorCardList: ColorCard[];
  enclosure: { images: ImageRef[] };
  coverPicture: ImageRef | null;
  danglingPicture: ImageRef | null;
  dynamicAttr: MaterialAttribute[];
  price: number | null;
  samplePrice: number | null;
  currency: string;
  currencySymbol: string;
  priceUnit: string;
  isNew: 0 | 1;
  hasFile: 0 | 1;
  isDelete: 0 | 1;
  marketTypes: number[];
  /** §4: fully rendered only when every color card's status is 2. */
  renderingInfo: { fullyRendered: boolean };
  /** The caller's company owns it (§6). */
  isOwner: boolean;
  gmtCreateTime: string;
  gmtModifyTime: string;
};

export const materialDetailSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  version: z.coerce.number().int().min(-1).max(1_000_000).default(-1),
});
