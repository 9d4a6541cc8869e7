import { count, eq } from 'drizzle-orm';
import { paletteRemoveSchema, type PaletteRemoved } from '../../contracts/palette-import';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { getDb } from '../db/client';
import { paletteColors, palettes } from '../db/schema';

/**
 * An administrator removes an imported book with its colors (docs/product/color-library.md#importing-a-book).
 * Color-card books keep the colors people took from it: they were copied by value. Coloro and Pantone are listed
 * again as empty books until they are imported anew.
 */
export async function removePalette(raw: { key: string }): Promise<PaletteRemoved> {
  const { key } = paletteRemoveSchema.parse(raw);
  return getDb().transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(paletteColors).where(eq(paletteColors.paletteKey, key));
    // The colors go with the palette row (on delete cascade); with the row gone every cache of the book is dropped.
    const removed = await tx.delete(palettes).where(eq(palettes.key, key)).returning({ key: palettes.key });
    if (removed.length === 0) throw new AppError(ERROR.empty, { message: 'validation.paletteNotFound' });
    return { key, removed: held?.n ?? 0 };
  });
}
