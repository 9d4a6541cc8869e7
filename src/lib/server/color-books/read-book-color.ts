import { parse } from 'culori';
import { SYSTEM_BOOK_TYPE, type ColorBookColor } from '../../contracts/color-library';
import type { Lang } from '../../i18n';
import { colorFamilyOf } from '../colors/color-family';
import { nameOf, parseCode } from '../colors/color-system';

type StoredColor = { id: number; source: string; code: string; name: string; hex: string; materialId: number | null; colorCardId: number | null };

/**
 * A stored book color as the calls answer it. A color of the built-in system is named in the reader's language
 * from its code, since the system's names are derived, not stored.
 */
export function readBookColor(row: StoredColor, lang: Lang): ColorBookColor {
  const rgb = parse(row.hex) as { r: number; g: number; b: number };
  const lch = row.source === SYSTEM_BOOK_TYPE ? parseCode(row.code) : null;
  const name = lch ? nameOf(lch)[lang] : row.name;
  const channel = (v: number) => Math.round(v * 255);
  return {
    id: row.id,
    code: row.code,
    name,
    hex: row.hex,
    r: channel(rgb.r),
    g: channel(rgb.g),
    b: channel(rgb.b),
    source: row.source,
    family: colorFamilyOf(row.hex),
    materialId: row.materialId,
    colorCardId: row.colorCardId,
  };
}
