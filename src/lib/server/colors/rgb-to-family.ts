import type { Lang } from '../../i18n';
import { catalogueSnapshot, labelIn } from '../catalogue/catalogue-snapshot';
import { colorFamilyOf, labOf } from './color-family';
import type { Rgb } from './parse-color';

import type { RgbFamily } from '../../contracts/colors';

export type { RgbFamily };

/** docs/product/catalogue.md#calls color-card/rgb-to-family: the family a color is filed under, labelled from the colorFamily dictionary. */
export async function rgbToFamily(rgb: Rgb, lang: Lang): Promise<RgbFamily> {
  const family = colorFamilyOf(rgb.hex);
  const label = labelIn(await catalogueSnapshot(), `colorFamily:${family}`, lang) ?? family;
  return { family, label, hex: rgb.hex, lab: labOf(rgb.hex) };
}
