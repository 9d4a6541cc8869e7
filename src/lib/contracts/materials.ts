import { z } from 'zod';
import type { ImageRef } from './images';

/** Attribute facets the store filters and counts by; each is a dictionary (province codes for shipFrom). */
export const MATERIAL_FACETS = ['colorFamily', 'season', 'product', 'shipFrom'] as const;
export type MaterialFacet = (typeof MATERIAL_FACETS)[number];
export const MATERIAL_SORTS = ['newest', 'name'] as const;
export type MaterialSort = (typeof MATERIAL_SORTS)[number];
export const STORE_PAGE_SIZE = 24;
/** A material counts as new (§3 isNew) for this many days after it was published. */
export const NEW_MATERIAL_DAYS = 30;

const facetValues = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[\w-]{1,40}$/, 'validation.invalidValue')).max(20));

/**
 * A store query, from a URL (`/main/material-store?categoryId=3&colorFamily=red,blue&sort=name`) or an API body.
 * Values within a facet are alternatives; facets combine.
 */
export const materialQuerySchema = z.object({
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
export type MaterialQuery = z.infer<typeof materialQuerySchema>;

/** The query string a store URL carries for `query` (defaults left out, so shared links stay short). */
export function materialQueryString(query: Partial<MaterialQuery>): string {
  const params = new URLSearchParams();
  if (query.categoryId) params.set('categoryId', String(query.categoryId));
  for (const facet of MATERIAL_FACETS) {
    const values = query[facet];
    if (values && values.length > 0) params.set(facet, values.join(','));
  }
  if (query.isNew) params.set('isNew', '1');
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

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
