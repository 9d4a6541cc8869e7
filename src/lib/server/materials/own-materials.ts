import { and, eq, inArray } from 'drizzle-orm';
import { ERROR } from '../../errors';
import type { Database } from '../db/client';
import { materials } from '../db/schema';
import { AppError } from '../errors';
import { existingMaterial } from './published-material';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the listed materials for a change by their company (docs/product/routes.md#roles: a supplier owns a material when its supplier id is
 * the current company). All or nothing: one unknown, deleted or foreign id refuses the whole request with 100404,
 * so nobody learns which ids exist elsewhere. Answers the markets each is on before the change.
 */
export async function lockOwnMaterials(tx: Tx, companyId: number, ids: readonly number[]): Promise<{ id: number; domestic: number; overseas: number }[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: materials.id, domestic: materials.onMarketDomestic, overseas: materials.onMarketOverseas })
    .from(materials)
    .where(and(inArray(materials.id, unique), eq(materials.companyId, companyId), existingMaterial))
    .for('update');
  if (rows.length !== unique.length) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  return rows;
}
