import type { PassToken } from '../../contracts/enterprise-library';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { signPassToken } from '../materials/sign-pass-token';
import { assertLibraryOpen } from './check-library-open';
import { isInLibrary } from './find-library-item';

/**
 * A library pass token (docs/product/enterprise-library.md#pass-tokens): a member hands a material of their company's
 * library to a viewer for a short while. It opens only while the material is still in the library and published.
 */
export async function issueLibraryPassToken(companyId: number, materialId: number, now: Date = new Date()): Promise<PassToken> {
  await assertLibraryOpen(companyId, now);
  if (!(await isInLibrary(companyId, materialId))) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  return signPassToken('lab', materialId, companyId, now);
}
