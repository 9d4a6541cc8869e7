/**
 * What the request lists share: turning stored requests into what a reader sees (items with their current tile,
 * the timeline with who acted, the address in the reader's language, the reader's next actions). Not a domain
 * function itself.
 */
import { and, asc, inArray } from 'drizzle-orm';
import { actionsFor, requestNumber, type SampleRequest, type SampleRequestSide, type SampleRequestState } from '../../contracts/sampling-requests';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { companies, materials, sampleRequestEvents, sampleRequestItems, type sampleRequests, users } from '../db/schema';
import { visibleMaterial } from '../materials/published-material';
import { materialCardsByIds } from '../materials/find-materials';

type Row = typeof sampleRequests.$inferSelect;

const personName = (u: { name: string; nickName: string; account: string }) => u.name || u.nickName || u.account;

export async function describeSampleRequests(rows: Row[], viewer: SampleRequestSide, lang: Lang): Promise<SampleRequest[]> {
  if (rows.length === 0) return [];
  const db = getDb();
  const ids = rows.map((r) => r.id);
  const [items, events] = await Promise.all([
    db.select().from(sampleRequestItems).where(inArray(sampleRequestItems.requestId, ids)).orderBy(asc(sampleRequestItems.id)),
    db.select().from(sampleRequestEvents).where(inArray(sampleRequestEvents.requestId, ids)).orderBy(asc(sampleRequestEvents.at), asc(sampleRequestEvents.id)),
  ]);
  const materialIds = [...new Set(items.flatMap((i) => (i.materialId === null ? [] : [i.materialId])))];
  const userIds = [...new Set([...rows.map((r) => r.buyerUserId), ...events.flatMap((e) => (e.actorUserId === null ? [] : [e.actorUserId]))])];
  const companyIds = [...new Set(rows.map((r) => r.supplierCompanyId))];
  const [cards, visible, people, suppliers] = await Promise.all([
    materialCardsByIds(materialIds, { lang }),
    materialIds.length === 0 ? [] : db.select({ id: materials.id }).from(materials).where(and(inArray(materials.id, materialIds), visibleMaterial)),
    db.select({ id: users.id, name: users.name, nickName: users.nickName, account: users.account }).from(users).where(inArray(users.id, userIds)),
    db.select({ id: companies.id, orgName: companies.orgName, nameEn: companies.nameEn }).from(companies).where(inArray(companies.id, companyIds)),
  ]);
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const published = new Set(visible.map((v) => v.id));
  const personById = new Map(people.map((p) => [p.id, personName(p)]));
  const supplierById = new Map(suppliers.map((s) => [s.id, lang === 'en' && s.nameEn ? s.nameEn : s.orgName]));

  return rows.map((r): SampleRequest => {
    const createdAt = r.createdAt.toISOString();
    const state = r.state as SampleRequestState;
    return {
      id: r.id,
      requestNo: requestNumber(r.id, createdAt),
      state,
      supplier: { id: r.supplierCompanyId, name: supplierById.get(r.supplierCompanyId) ?? '' },
      buyer: { id: r.buyerUserId, name: personById.get(r.buyerUserId) ?? '' },
      address: { receiver: r.address.receiver, phone: r.address.phone, place: r.address.places[lang].join(lang === 'en' ? ', ' : ' '), detail: r.address.detail, postcode: r.address.postcode },
      note: r.note,
      rejectReason: r.rejectReason,
      carrier: r.carrier,
      trackingNo: r.trackingNo,
      shippedAt: r.shippedAt?.toISOString() ?? null,
      createdAt,
      updatedAt: r.updatedAt.toISOString(),
      items: items
        .filter((i) => i.requestId === r.id)
        .map((i) => {
          const card = i.materialId === null ? undefined : cardById.get(i.materialId);
          return {
            materialId: i.materialId,
            categoryId: card?.categoryId ?? null,
            name: lang === 'en' && i.materialNameEn ? i.materialNameEn : i.materialName,
            cover: card?.cover ?? null,
            available: i.materialId !== null && published.has(i.materialId),
            colorCard: { name: i.colorName, hex: i.colorHex },
            quantity: i.quantity,
            samplePrice: i.samplePrice,
          };
        }),
      events: events
        .filter((e) => e.requestId === r.id)
        .map((e) => ({
          state: e.state as SampleRequestState,
          side: e.actorSide === 'supplier' ? 'supplier' : 'buyer',
          actorName: e.actorUserId === null ? '' : (personById.get(e.actorUserId) ?? ''),
          at: e.at.toISOString(),
          detail: e.detail,
        })),
      actions: actionsFor(viewer, state),
    };
  });
}
