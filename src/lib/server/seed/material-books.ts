import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, materialBookItems, materialBooks, materials } from '../db/schema';

/** The demo supplier's tannery gets two books: a season selection on the market, and a draft still off it. */
const TANNERY = '东莞华皮革有限公司';
const BOOKS = [
  { name: '2027 春夏精选', introduction: '本季主推的软面皮革与超纤，适合休闲鞋与运动鞋鞋面。', onMarket: 1, take: 8 },
  { name: '工装靴系列（筹备中）', introduction: '', onMarket: 0, take: 4 },
];

export async function seedMaterialBooks(db: Database): Promise<number> {
  const [tannery] = await db.select({ id: companies.id }).from(companies).where(eq(companies.orgName, TANNERY));
  if (!tannery) return 0;
  const [existing] = await db.select({ id: materialBooks.id }).from(materialBooks).where(eq(materialBooks.companyId, tannery.id)).limit(1);
  if (existing) return 0;
  const own = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.companyId, tannery.id), eq(materials.onMarketDomestic, 1), eq(materials.isDelete, 0)))
    .orderBy(asc(materials.id))
    .limit(12);
  let at = 0;
  for (const book of BOOKS) {
    const [row] = await db.insert(materialBooks).values({ companyId: tannery.id, name: book.name, introduction: book.introduction, onMarket: book.onMarket }).returning({ id: materialBooks.id });
    const picked = own.slice(at, at + book.take);
    at += book.take;
    if (picked.length > 0) await db.insert(materialBookItems).values(picked.map((m, i) => ({ bookId: row!.id, materialId: m.id, sort: i + 1 })));
  }
  return BOOKS.length;
}
