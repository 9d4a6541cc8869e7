import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { colorCards, materialFacets, materials, materialVersions } from '../db/schema';
import { colorFamilyOf } from './color-family';
import { forgetListings } from '../materials/listing-cache';

/** Materials corrected per transaction. */
const BATCH = 500;

/**
 * Files every stored color card under the family today's rules give its color (docs/product/search.md#families).
 * A card keeps the family it was saved with, so when the rules change, cards saved before are corrected here, at
 * start: the card, the material's `colorFamily` facet values and the card in each of the material's version
 * snapshots. Does nothing (one scan of the cards' distinct colors) when every card is filed right. Returns how many
 * cards it refiled.
 */
export async function reclassifyColorFamilies(db: Database): Promise<number> {
  const stored = await db.selectDistinct({ hex: colorCards.hex, family: colorCards.colorFamily }).from(colorCards);
  const refiled = new Map<string, string>();
  for (const { hex, family } of stored) {
    const right = familyOrNull(hex);
    if (right && right !== family) refiled.set(hex, right);
  }
  if (refiled.size === 0) return 0;

  const families = JSON.stringify(Object.fromEntries(refiled));
  const affected = await db
    .selectDistinct({ id: colorCards.materialId })
    .from(colorCards)
    .where(inArray(colorCards.hex, [...refiled.keys()]))
    .orderBy(asc(colorCards.materialId));
  let cards = 0;
  for (let i = 0; i < affected.length; i += BATCH) {
    const ids = affected.slice(i, i + BATCH).map((r) => r.id);
    cards += await db.transaction(async (tx) => {
      // A save of one of these materials rewrites its cards and facets: take turns with it.
      await tx.select({ id: materials.id }).from(materials).where(inArray(materials.id, ids)).orderBy(asc(materials.id)).for('update');
      const updated = await tx.execute(sql`
        update ${colorCards} set color_family = f.family
          from jsonb_each_text(${families}::jsonb) as f(hex, family)
         where ${colorCards.hex} = f.hex and ${colorCards.colorFamily} <> f.family and ${inArray(colorCards.materialId, ids)}`);
      await tx.delete(materialFacets).where(and(eq(materialFacets.facet, 'colorFamily'), inArray(materialFacets.materialId, ids)));
      await tx.execute(sql`
        insert into ${materialFacets} (material_id, facet, value)
        select distinct ${colorCards.materialId}, 'colorFamily', ${colorCards.colorFamily} from ${colorCards} where ${inArray(colorCards.materialId, ids)}
        on conflict do nothing`);
      await tx
        .update(materialVersions)
        .set({
          data: sql`jsonb_set(${materialVersions.data}, '{colorCards}', (
            select jsonb_agg(case when f.family is null then card else jsonb_set(card, '{colorFamily}', to_jsonb(f.family)) end order by n)
              from jsonb_array_elements(${materialVersions.data} -> 'colorCards') with ordinality as t(card, n)
              left join jsonb_each_text(${families}::jsonb) as f(hex, family) on f.hex = card ->> 'hex'))`,
        })
        .where(and(inArray(materialVersions.materialId, ids), sql`jsonb_typeof(${materialVersions.data} -> 'colorCards') = 'array'`, sql`jsonb_array_length(${materialVersions.data} -> 'colorCards') > 0`));
      return updated.rowCount ?? 0;
    });
  }
  forgetListings();
  return cards;
}

function familyOrNull(hex: string): string | null {
  try {
    return colorFamilyOf(hex);
  } catch {
    return null;
  }
}
