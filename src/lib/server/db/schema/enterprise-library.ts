import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './identity';
import { materials } from './materials';
import { clearedRef, ownerRef, writtenAt } from './columns';

/**
 * A company's enterprise library (docs/product/enterprise-library.md#data): the materials its members pushed into
 * it, once each. The row names the material, not a version, so the library always shows the material as it is now.
 */
export const enterpriseLibraryItems = pgTable(
  'enterprise_library_items',
  {
    companyId: ownerRef('company_id', () => companies.id),
    materialId: ownerRef('material_id', () => materials.id),
    /** Who pushed it; kept as null when that user is gone. */
    pushedBy: clearedRef('pushed_by', () => users.id),
    pushedAt: writtenAt('pushed_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.materialId] }), index('enterprise_library_items_recent_idx').on(t.companyId, t.pushedAt), index('enterprise_library_items_material_idx').on(t.materialId)],
);
