import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MaterialBook } from '../../contracts/material-books';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { companies, images, materialBookCollects, materialBookItems, materials } from '../db/schema';
import { imageSources } from '../images/image-url';
import { existingMaterial, visibleMaterial } from '../materials/published-material';
import type { BookViewer } from './own-material-book';

type BookRow = { id: number; companyId: number; name: string; introduction: string; coverImageId: number | null; onMarket: number; updatedAt: Date };

/**
 * Books as the calls answer them, for one viewer: the count of materials they may see (all of its own company's,
 * else those on a market), the cover (the one chosen, else the first such material's), the company's name, and
 * whether the viewer keeps the book.
 */
export async function describeMaterialBooks(rows: BookRow[], viewer: BookViewer, lang: Lang): Promise<MaterialBook[]> {
  if (rows.length === 0) return [];
  const db = getDb();
  const ids = rows.map((r) => r.id);
  const own = (r: BookRow) => viewer.companyId !== null && r.companyId === viewer.companyId;
  // Per book, in SQL: how many materials and the first one's cover, among all of them (what its company sees) and
  // among those on a market (what anyone else sees).
  const firstCover = (where: SQL) => sql<number | null>`(array_agg(${materials.coverImageId} order by ${materialBookItems.sort}) filter (where ${materials.coverImageId} is not null and ${where}))[1]`.mapWith((v) => (v === null ? null : Number(v)));
  const [summaries, names, collected] = await Promise.all([
    db
      .select({
        bookId: materialBookItems.bookId,
        all: count(),
        visible: sql<number>`count(*) filter (where ${visibleMaterial})`.mapWith(Number),
        cover: firstCover(sql`true`),
        visibleCover: firstCover(visibleMaterial),
      })
      .from(materialBookItems)
      .innerJoin(materials, eq(materials.id, materialBookItems.materialId))
      .where(and(inArray(materialBookItems.bookId, ids), existingMaterial))
      .groupBy(materialBookItems.bookId),
    db.select({ id: companies.id, orgName: companies.orgName, nameEn: companies.nameEn }).from(companies).where(inArray(companies.id, [...new Set(rows.map((r) => r.companyId))])),
    viewer.userId === null ? [] : db.select({ bookId: materialBookCollects.bookId }).from(materialBookCollects).where(and(eq(materialBookCollects.userId, viewer.userId), inArray(materialBookCollects.bookId, ids))),
  ]);
  const summaryOf = new Map(summaries.map((x) => [x.bookId, x]));
  const shown = (r: BookRow) => {
    const x = summaryOf.get(r.id);
    return own(r) ? { count: x?.all ?? 0, cover: x?.cover ?? null } : { count: x?.visible ?? 0, cover: x?.visibleCover ?? null };
  };
  const coverIds = [...new Set(rows.map((r) => r.coverImageId ?? shown(r).cover).filter((x): x is number => x !== null))];
  const pictures = coverIds.length === 0 ? [] : await db.select({ id: images.id, width: images.width, height: images.height }).from(images).where(inArray(images.id, coverIds));
  const pictureOf = new Map(pictures.map((p) => [p.id, p]));
  const collectedIds = new Set(collected.map((c) => c.bookId));
  return rows.map((r) => {
    const seen = shown(r);
    const coverId = r.coverImageId ?? seen.cover;
    const picture = coverId === null ? undefined : pictureOf.get(coverId);
    const company = names.find((n) => n.id === r.companyId);
    return {
      id: r.id,
      name: r.name,
      introduction: r.introduction,
      cover: picture ? imageSources(picture, 'medium') : null,
      onMarket: r.onMarket,
      count: seen.count,
      companyId: r.companyId,
      companyName: (lang === 'en' && company?.nameEn) || company?.orgName || '',
      collected: collectedIds.has(r.id),
      own: own(r),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
