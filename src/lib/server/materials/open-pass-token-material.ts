import { and, eq } from 'drizzle-orm';
import { DETAIL_VERSION_LATEST } from '../../constants';
import type { PassTokenKind } from '../../contracts/enterprise-library-rules';
import type { MaterialDetail } from '../../contracts/materials';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { isLibraryOpen } from '../enterprise-library/check-library-open';
import { isInLibrary } from '../enterprise-library/find-library-item';
import { AppError } from '../errors';
import { getMaterialDetail } from './get-material-detail';
import { existingMaterial } from './published-material';
import { readPassToken } from './read-pass-token';

const gone = () => new AppError(ERROR.empty, { message: 'validation.materialNotFound' });

/**
 * The material a pass token opens, as a share shows it (docs/product/enterprise-library.md#pass-tokens). The token
 * must be of this kind, signed by us and unexpired (100403 otherwise). What it names is checked again now: a library
 * token opens only while the library is open and still holds the published material; a source token only while the
 * material is its company's and not deleted. Anything else is "not found".
 */
export async function openPassTokenMaterial(kind: PassTokenKind, token: string, lang: Lang, viewerUserId: number | null, now: Date = new Date()): Promise<MaterialDetail> {
  const { materialId, companyId } = readPassToken(kind, token, now);
  if (kind === 'lab') {
    if (!(await isLibraryOpen(companyId, now)) || !(await isInLibrary(companyId, materialId))) throw gone();
  } else {
    const [own] = await getDb().select({ id: materials.id }).from(materials).where(and(eq(materials.id, materialId), eq(materials.companyId, companyId), existingMaterial)).limit(1);
    if (!own) throw gone();
  }
  return getMaterialDetail(materialId, DETAIL_VERSION_LATEST, lang, { userId: viewerUserId, companyId: null, showAliases: false, shared: true });
}
