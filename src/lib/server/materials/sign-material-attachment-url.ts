import { SIGNED_URL_TTL_S } from '../../constants';
import { ERROR } from '../../errors';
import { extensionOf } from '../../upload/limits';
import { AppError } from '../errors';
import { getStorage } from '../storage';
import { findVisibleVersion } from './find-visible-version';
import { attachmentsOf } from './stored-material';

/**
 * A download link, valid 900 seconds, for document `index` of a material's version (docs/product/catalogue.md#documents).
 * Whoever may read the detail may download its documents: anyone for a published material, its own company for an
 * unpublished one. Anything else (unknown, deleted, hidden, no such version or document) is the same 100404.
 */
export async function signMaterialAttachmentUrl(materialId: number, version: number, index: number, viewerCompanyId: number | null): Promise<string> {
  const { snapshot } = await findVisibleVersion(materialId, version, viewerCompanyId);
  const file = attachmentsOf(snapshot)[index];
  if (!file) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  return getStorage().signedGetUrl(file.relativePath, SIGNED_URL_TTL_S, { downloadName: downloadName(file.name, file.relativePath) });
}

/** The display name with the file's own extension, so the saved file opens in the right program. */
function downloadName(name: string, relativePath: string): string {
  const ext = extensionOf(relativePath);
  return ext && extensionOf(name) !== ext ? `${name}.${ext}` : name;
}
