import type { MaterialEditSource } from '../../contracts/material-edit';
import { imageSources } from '../images/image-url';
import { summarizeMaterialFile } from '../material-files/summarize-material-file';
import { findOwnMaterial } from './find-own-material';
import { attachmentsOf, type StoredImageRef } from './stored-material';

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
    // The names and serial number live beside the attributes in a snapshot (materials made by imports and the demo
    // seed carry them only there); the form edits them as fields.
    attrs: { ...m.attrs, PF_NAME_CN: m.attrs.PF_NAME_CN ?? m.nameCn, PF_NAME_EN: m.attrs.PF_NAME_EN ?? m.nameEn, PF_SERIAL_NO: m.attrs.PF_SERIAL_NO ?? m.serialNo },
    colorCards: m.colorCards.map((c) => ({ id: c.id, name: c.name, hex: c.hex, isDefault: c.isDefault, isBan: c.isBan, images: c.images.map(picture) })),
    cover: m.cover ? picture(m.cover) : null,
    dangling: m.dangling ? picture(m.dangling) : null,
    gallery: m.enclosure.map(picture),
    attachments: attachmentsOf(m).map(({ relativePath, name, size, mime }) => ({ relativePath, name, size, mime })),
    marketTypes: own.marketTypes,
    file: m.file ? { readId: m.file.readId, fileName: m.file.fileName, material: summarizeMaterialFile(m.file.material), settings: m.file.settings } : null,
  };
}
