import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { materialImports } from '../db/schema/material-imports';
import { AppError } from '../errors';

export type OwnImport = typeof materialImports.$inferSelect;

/** One of the company's imports; another company's, or none, is the same 100404 (docs/product/integrations.md#bulk-import). */
export async function findOwnImport(companyId: number, importId: number): Promise<OwnImport> {
  const [row] = await getDb().select().from(materialImports).where(and(eq(materialImports.id, importId), eq(materialImports.companyId, companyId)));
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.importNotFound' });
  return row;
}
