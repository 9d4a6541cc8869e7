import { and, eq } from 'drizzle-orm';
import type { PassToken } from '../../contracts/enterprise-library';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { AppError } from '../errors';
import { existingMaterial } from './published-material';
import { signPassToken } from './sign-pass-token';

/**
 * A source pass token (docs/product/enterprise-library.md#pass-tokens): the material's own company hands one of its
 * materials, published or not, to a viewer outside, for a short while. Another company's material, or a deleted one,
 * is "not found".
 */
export async function issueSourcePassToken(companyId: number, materialId: number, now: Date = new Date()): Promise<PassToken> {
  const [own] = await getDb()
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.id, materialId), eq(materials.companyId, companyId), existingMaterial))
    .limit(1);
  if (!own) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  return signPassToken('source', materialId, companyId, now);
}
