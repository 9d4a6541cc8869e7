import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { SampleRequestSubmit, SampleRequestSubmitted } from '../../contracts/sampling-requests';
import { ERROR } from '../../errors';
import { addressNotFound, describeAddresses } from './address-book';
import { getDb } from '../db/client';
import { colorCards, materials, materialVersions, sampleBagItems, sampleRequestEvents, sampleRequestItems, sampleRequests, shippingAddresses, users, type AddressSnapshot } from '../db/schema';
import { AppError } from '../errors';
import { visibleMaterial } from '../materials/published-material';
import { runIdempotent } from '../idempotency/run-idempotent';
import { forgetSampleCounts } from './sample-count-cache';
import { notifySampleRequest } from '../notifications/notify-sample-request';
import { emitSampleRequestEvent } from '../webhooks/emit-sample-request-event';

export type Buyer = { userId: number; currentCompanyId: number | null };

/**
 * Turns chosen sample-bag items into requests, one per supplier among them (docs/product/sampling.md), each shipping to a copy of an
 * address from the buyer's book with the buyer's note; the items leave the bag and each request starts its timeline
 * at "submitted". All or nothing: an item that is not the buyer's, no longer published, or of the buyer's own
 * company refuses the whole submission. With an Idempotency-Key a retry answers the first result.
 */
export async function submitSampleRequests(buyer: Buyer, input: SampleRequestSubmit, idempotencyKey: string | null): Promise<SampleRequestSubmitted> {
  const itemIds = [...new Set(input.itemIds)].sort((a, b) => a - b);
  const done = await getDb().transaction(async (tx) => {
    // Serialises with the buyer's bag edits, so an item cannot be changed or requested twice meanwhile.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.userId)).for('update');
    return runIdempotent(tx, { userId: buyer.userId, scope: 'sample-request', key: idempotencyKey }, { ...input, itemIds }, async () => {
      const rows = await tx
        .select({
          itemId: sampleBagItems.id,
          quantity: sampleBagItems.quantity,
          addedAt: sampleBagItems.createdAt,
          materialId: materials.id,
          companyId: materials.companyId,
          version: materials.version,
          nameCn: materials.nameCn,
          nameEn: materials.nameEn,
          visible: sql<boolean>`coalesce(${visibleMaterial}, false)`,
          card: { id: colorCards.id, name: colorCards.name, hex: colorCards.hex },
          samplePrice: sql<string | null>`${materialVersions.data}->'attrs'->>'PF_SAMPLE_PRICE'`,
        })
        .from(sampleBagItems)
        .innerJoin(materials, eq(materials.id, sampleBagItems.materialId))
        .innerJoin(colorCards, eq(colorCards.id, sampleBagItems.colorCardId))
        .leftJoin(materialVersions, and(eq(materialVersions.materialId, materials.id), eq(materialVersions.version, materials.version)))
        .where(and(eq(sampleBagItems.userId, buyer.userId), inArray(sampleBagItems.id, itemIds)));
      if (rows.length !== itemIds.length) throw new AppError(ERROR.empty, { message: 'validation.sampleItemNotFound' });
      if (rows.some((r) => !r.visible)) throw new AppError(ERROR.fieldInvalid, { message: 'validation.sampleItemUnavailable', fields: [{ field: 'itemIds', message: 'validation.sampleItemUnavailable' }] });
      if (rows.some((r) => r.companyId === buyer.currentCompanyId)) throw new AppError(ERROR.fieldInvalid, { message: 'validation.sampleOwnMaterial', fields: [{ field: 'itemIds', message: 'validation.sampleOwnMaterial' }] });

      const [book] = await tx.select().from(shippingAddresses).where(and(eq(shippingAddresses.id, input.addressId), eq(shippingAddresses.userId, buyer.userId)));
      if (!book) throw addressNotFound();
      const [[cn], [en]] = await Promise.all([describeAddresses(tx, [book], 'cn'), describeAddresses(tx, [book], 'en')]);
      if (!cn || !en) throw addressNotFound();
      const placesOf = (a: typeof cn) => [a.country, a.province, a.city, a.district].filter((p): p is string => Boolean(p));
      const address: AddressSnapshot = { receiver: book.receiver, phone: book.phone, places: { cn: placesOf(cn), en: placesOf(en) }, detail: book.detail, postcode: book.postcode };

      const bySupplier = new Map<number, typeof rows>();
      for (const row of rows) bySupplier.set(row.companyId, [...(bySupplier.get(row.companyId) ?? []), row]);
      const requestIds: number[] = [];
      for (const [supplierCompanyId, items] of bySupplier) {
        const [request] = await tx
          .insert(sampleRequests)
          .values({ buyerUserId: buyer.userId, supplierCompanyId, buyerCompanyId: buyer.currentCompanyId, state: 'submitted', address, note: input.note })
          .returning({ id: sampleRequests.id, createdAt: sampleRequests.createdAt, buyerUserId: sampleRequests.buyerUserId, supplierCompanyId: sampleRequests.supplierCompanyId, buyerCompanyId: sampleRequests.buyerCompanyId });
        if (!request) throw new Error('insert returned nothing');
        requestIds.push(request.id);
        await tx.insert(sampleRequestItems).values(
          items.map((r) => ({
            requestId: request.id,
            materialId: r.materialId,
            materialVersion: r.version,
            materialName: r.nameCn,
            materialNameEn: r.nameEn,
            colorCardId: r.card.id,
            colorName: r.card.name,
            colorHex: r.card.hex,
            quantity: r.quantity,
            samplePrice: r.samplePrice === '' ? null : r.samplePrice,
            addedToBagAt: r.addedAt,
          })),
        );
        await tx.insert(sampleRequestEvents).values({ requestId: request.id, state: 'submitted', actorUserId: buyer.userId, actorSide: 'buyer', detail: input.note ? { note: input.note } : {} });
        await notifySampleRequest(tx, request, 'sample-submitted', { itemCount: items.length });
        await emitSampleRequestEvent(tx, request, 'submitted', { itemCount: items.length });
      }
      await tx.delete(sampleBagItems).where(and(eq(sampleBagItems.userId, buyer.userId), inArray(sampleBagItems.id, itemIds)));
      const [left] = await tx.select({ n: count() }).from(sampleBagItems).where(eq(sampleBagItems.userId, buyer.userId));
      return { requestIds, count: left?.n ?? 0 };
    });
  });
  forgetSampleCounts();
  return done;
}
