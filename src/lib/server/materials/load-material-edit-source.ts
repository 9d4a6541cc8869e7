import type { MaterialEditSource } from '../../contracts/material-edit';
import { imageSources } from '../images/image-url';
import { findOwnMaterial } from './find-own-material';
import type { StoredImageRef } from './stored-material';

const picture = (img: StoredImageRef) => ({ id: img.id, ref: imageSources(img, 'small') });

/**
 * Where the editor starts for one of the company's own materials: its latest version as it was entered, pictures by
 * id with URLs to show them, and where it is on sale. Another company's material is 100404 (docs/product/material-editor.md#who-may-edit).
 */
export async function loadMaterialEditSource(companyId: number, materialId: number): Promise<MaterialEditSource> {
  const own = await findOwnMaterial(companyId, materialId);
  const m = own.snapshot;
  return {
    id: own.id,
    version: own.version,
    categoryId: m.categoryId,
    attrs: m.attrs,
    colorCards: m.colorCards.map((c) => ({ id: c.id, name: c.name, hex: c.hex, isDefault: c.isDefault, isBan: c.isBan, images: c.images.map(picture) })),
    cover: m.cover ? picture(m.cover) : null,
    dangling: m.dangling ? picture(m.dangling) : null,
    gallery: m.enclosure.map(picture),
    marketTypes: own.marketTypes,
  };
}
