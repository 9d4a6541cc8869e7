import { ERROR } from '../../errors';
import { getT, type Lang } from '../../i18n';
import type { MaterialFileSettings } from '../materials/stored-material';
import { AppError } from '../errors';
import { findOwnMaterial } from '../materials/find-own-material';
import { saveMaterial } from '../materials/save-material';
import { inputFromSnapshot } from '../materials/snapshot-input';
import { withFileSettings } from './file-settings';

/**
 * New material file settings for the company's material (docs/product/material-files.md#file-settings): which of
 * the file's maps are used and the size one tile covers. Saved as a new version, which renders every card again.
 * A map the file does not have is refused and nothing changes.
 */
export async function editFileSettings(editor: { companyId: number; userId: number }, materialId: number, settings: MaterialFileSettings, lang: Lang): Promise<{ id: number; version: number }> {
  const own = await findOwnMaterial(editor.companyId, materialId);
  const file = own.snapshot.file;
  if (!file) throw new AppError(ERROR.empty, { message: 'validation.materialFileNotFound' });
  const set = withFileSettings(file, settings);
  const t = getT(lang);
  const fields = set.missing.map(({ index, kind }) => ({ field: `settings.maps[${index}]`, message: t('validation.mapNotInFile', { map: kind }) }));
  if (fields.length) throw new AppError(ERROR.fieldInvalid, { message: fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields });
  const next = { ...own.snapshot, file: set.file };
  return saveMaterial(inputFromSnapshot(next, { companyId: editor.companyId, creatorId: editor.userId }, new Set(own.cards.keys()), own.marketTypes), { materialId });
}
