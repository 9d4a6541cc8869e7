import { SIGNED_URL_TTL_S } from '../../constants';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { findVisibleVersion } from '../materials/find-visible-version';
import { getStorage } from '../storage';
import type { MapKind } from './material-file';

/**
 * A link, valid 900 seconds, to one front map of a material version's file (docs/product/material-files.md#3d-preview),
 * for the 3D preview: visible as the detail is, and only a map the file's settings use.
 */
export async function signMaterialMapUrl(materialId: number, version: number, kind: MapKind, viewerCompanyId: number | null): Promise<string> {
  const { snapshot } = await findVisibleVersion(materialId, version, viewerCompanyId);
  const file = snapshot.file;
  const key = file?.settings.maps.includes(kind) ? file.mapKeys.front[kind] : undefined;
  if (!key) throw new AppError(ERROR.empty, { message: 'validation.materialFileNotFound' });
  return getStorage().signedGetUrl(key, SIGNED_URL_TTL_S);
}
