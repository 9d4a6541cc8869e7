/** The enterprise library and pass tokens (docs/product/enterprise-library.md). */
import { z } from 'zod';
import { pageOf } from './common';
import { materialCardSchema } from './materials';
import { LIBRARY_BATCH_MAX, LIBRARY_KEYWORD_MAX, LIBRARY_PAGE_MAX, LIBRARY_PAGE_SIZE } from './enterprise-library-rules';

export * from './enterprise-library-rules';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const distinct = (ids: number[]) => new Set(ids).size === ids.length;

/** POST /api/libcenter/library/push and …/remove */
export const libraryMaterialsSchema = z.object({
  materialIds: z.array(id).min(1, 'validation.required').max(LIBRARY_BATCH_MAX, 'validation.tooLong').refine(distinct, 'validation.distinctIds'),
});
export const libraryPushResultSchema = z.object({
  /** Added by this call. */
  pushed: z.number().int(),
  /** Already in the library, left as they were. */
  already: z.number().int(),
});

/** POST /api/libcenter/library/list */
export const libraryListSchema = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(LIBRARY_PAGE_MAX).default(LIBRARY_PAGE_SIZE),
  /** Matches the material's names or serial number, or its supplier's name. */
  keyword: z.string().trim().max(LIBRARY_KEYWORD_MAX, 'validation.tooLong').optional(),
  supplierId: id.optional(),
  categoryId: id.optional(),
});
export type LibraryListQuery = z.output<typeof libraryListSchema>;
export const libraryItemSchema = z
  .object({
    material: materialCardSchema,
    pushedAt: z.string(),
    /** Who pushed it; null once that user is gone. */
    pushedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'LibraryItem' });
export type LibraryItem = z.output<typeof libraryItemSchema>;
export const libraryPageSchema = pageOf(libraryItemSchema);
export type LibraryPage = z.output<typeof libraryPageSchema>;

/** GET /api/authcenter/v1.0/account/tenant/relateEnterpriseLibrary: the app asking (100 the account center, 200 the buyer app). */
export const relateLibraryHeadersSchema = z.object({
  'x-app-id': z.enum(['100', '200'], 'validation.invalidValue').default('100').meta({ description: 'The app asking: 100 (account center, the default) or 200 (the buyer app)' }),
});
/** A company whose library the caller may use. */
export const relatedLibrarySchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  logo: z.string().nullable(),
  isCurrent: z.boolean(),
  canView: z.boolean(),
  canPush: z.boolean(),
  itemCount: z.number().int(),
});
export type RelatedLibrary = z.output<typeof relatedLibrarySchema>;

/** POST /api/authcenter/checkEnterpriseLibraryPermissionsByIds */
export const libraryPermissionsRequestSchema = z.object({
  companyIds: z.array(id).min(1, 'validation.required').max(100, 'validation.tooLong').refine(distinct, 'validation.distinctIds'),
});
export const libraryPermissionSchema = z.object({ companyId: z.number().int(), canView: z.boolean(), canPush: z.boolean() });
export type LibraryPermission = z.output<typeof libraryPermissionSchema>;

/** POST /api/libcenter/library/pass-token and /api/idealab-material/v2/material/pass-token */
export const passTokenRequestSchema = z.object({ materialId: id });
export const passTokenSchema = z.object({ token: z.string(), expiresIn: z.number().int() }).meta({ id: 'PassToken' });
export type PassToken = z.output<typeof passTokenSchema>;
/** POST /api/bff-center/showCommon/getMaterialByLabPassToken and …BySourcePassToken */
export const passTokenOpenSchema = z.object({ token: z.string().min(1, 'validation.required').max(500, 'validation.tooLong') });
