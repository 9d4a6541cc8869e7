import { and, eq, notInArray, sql } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb, type Database } from '../db/client';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { categories, colorCards, companies, materialFacets, materialImages, materials, materialVersions } from '../db/schema';
import { materialSearchText } from '../search/material-search-text';
import { AppError } from '../errors';
import { requestSuggestionsRebuild } from '../search/request-suggestions-rebuild';
import { colorFamilyOf, labOf } from '../colors/color-family';
import { numberOrNull, sortColorCards, type StoredAttachment, type StoredImageRef, type StoredMaterial, type StoredMaterialFile } from './stored-material';
import { queueCardRenders } from '../material-files/queue-card-renders';
import { RENDER_STATUS } from '../../constants';
import { requestImageIndexing } from '../images/request-image-indexing';
import { wakeWorkers } from '../jobs/wake-workers';
import { forgetListings } from './listing-cache';
import { onAnyMarket } from './published-material';
import { requireMarketRoom } from '../certification/require-market-room';
import { emitMarketChanges } from '../webhooks/emit-market-changes';

export type ColorCardInput = {
  /** Kept from the previous version when given, so references (sample bag, shares) survive edits. */
  id?: number;
  name: string;
  hex: string;
  isDefault?: boolean;
  isBan?: boolean;
  renderingStatus?: number;
  images: StoredImageRef[];
};

export type MaterialInput = {
  companyId: number;
  creatorId: number | null;
  categoryId: number;
  nameCn: string;
  nameEn?: string;
  serialNo?: string;
  attrs: Record<string, unknown>;
  colorCards: ColorCardInput[];
  enclosure: StoredImageRef[];
  cover?: StoredImageRef | null;
  dangling?: StoredImageRef | null;
  marketTypes: number[];
  /** The bound material file; a material with one has every color card rendered from it. */
  file?: StoredMaterialFile | null;
  attachments?: StoredAttachment[];
};

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Creates a material (version 1) or writes a new version of it: every edit is a new immutable snapshot (docs/product/catalogue.md#data), and
 * the queryable copies (color cards, images, facets, the listing row) are brought up to date in the same transaction.
 */
export async function saveMaterial(input: MaterialInput, options: { materialId?: number; createdAt?: Date } = {}): Promise<{ id: number; version: number }> {
  if (input.colorCards.length === 0) throw new AppError(ERROR.fieldRequired, { fields: [{ field: 'colorCards', message: 'validation.required' }] });
  // Read before the transaction: on the embedded database a transaction holds the only session, so a query on
  // another connection inside it would wait for it forever.
  const catalogue = await catalogueSnapshot();
  const saved = await getDb().transaction(async (tx) => {
    const [category] = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.id, input.categoryId));
    if (!category) throw new AppError(ERROR.fieldInvalid, { fields: [{ field: 'categoryId', message: 'validation.invalidValue' }] });
    const now = options.createdAt ?? new Date();
    const { id, version, hadFile, markets } = options.materialId ? await nextVersion(tx, options.materialId, input.companyId) : await insertMaterial(tx, input, category, now);

    const file = input.file ?? null;
    const renders = await plannedRenders(tx, id, version, hadFile, file, input.colorCards);
    const cards = await writeColorCards(tx, id, input.colorCards.map((card, i) => ({ ...card, renderingStatus: renders.statuses[i] })));
    const defaultCard = cards.find((c) => c.isDefault === 1) ?? cards[0];
    const cover = input.cover ?? defaultCard?.images[0] ?? input.enclosure[0] ?? null;
    const snapshot: StoredMaterial = {
      categoryId: category.id,
      nameCn: input.nameCn,
      nameEn: input.nameEn ?? '',
      serialNo: input.serialNo ?? '',
      attrs: input.attrs,
      colorCards: cards,
      enclosure: input.enclosure,
      cover,
      dangling: input.dangling ?? null,
      marketTypes: [...new Set(input.marketTypes)].sort(),
      hasFile: file ? 1 : 0,
      attachments: input.attachments ?? [],
      ...(file ? { file } : {}),
    };

    const [supplier] = await tx.select({ orgName: companies.orgName, nameEn: companies.nameEn }).from(companies).where(eq(companies.id, input.companyId));
    const after = { domestic: snapshot.marketTypes.includes(1) ? 1 : 0, overseas: snapshot.marketTypes.includes(2) ? 1 : 0 };
    await tx
      .update(materials)
      .set({
        searchText: materialSearchText(snapshot, supplier ?? { orgName: '', nameEn: null }, catalogue),
        categoryId: category.id,
        rootCategoryId: category.parentId ?? category.id,
        version,
        nameCn: snapshot.nameCn,
        nameEn: snapshot.nameEn,
        serialNo: snapshot.serialNo,
        coverImageId: cover?.id ?? null,
        price: numberOrNull(input.attrs.PF_PRICE),
        currency: typeof input.attrs.PF_CURRENCY === 'string' ? input.attrs.PF_CURRENCY : 'CNY',
        priceUnit: typeof input.attrs.PF_UNIT === 'string' ? input.attrs.PF_UNIT : 'm',
        colorCount: cards.length,
        defaultColorHex: defaultCard?.hex ?? null,
        hasFile: snapshot.hasFile,
        onMarketDomestic: after.domestic,
        onMarketOverseas: after.overseas,
        // A draft until it first goes on a market (docs/product/supplier.md#states).
        ...(snapshot.marketTypes.length ? { firstOnMarketAt: sql`coalesce(${materials.firstOnMarketAt}, ${now.toISOString()}::timestamptz)` } : {}),
        gmtModifyTime: now,
      })
      .where(eq(materials.id, id));
    if (onAnyMarket(after) && !onAnyMarket(markets)) await requireMarketRoom(tx, input.companyId, 'materials');
    await emitMarketChanges(tx, input.companyId, [{ id, nameCn: snapshot.nameCn, nameEn: snapshot.nameEn, before: markets, after }]);
    const imageIds = await writeImages(tx, id, snapshot);
    await writeFacets(tx, id, snapshot);
    await tx.insert(materialVersions).values({ materialId: id, version, data: snapshot, creatorId: input.creatorId, createdAt: now });
    // Background jobs, queued with the save so neither is lost if the process dies right after it: its pictures
    // get image-search descriptors, and its names, categories and attributes feed the search box's suggestions.
    await requestImageIndexing(imageIds, tx);
    await requestSuggestionsRebuild(tx);
    // A card's `sort` is its place in the input, which is the plan's order (`writeColorCards` answers them sorted).
    await queueCardRenders(tx, cards.filter((c) => renders.queue[c.sort]).map((c) => c.id));
    return { id, version };
  });
  wakeWorkers('index-image');
  wakeWorkers('render-color-card');
  forgetListings();
  return saved;
}

/**
 * Which cards a save renders (docs/product/material-files.md#rendering). With a file, a card is rendered again when it
 * is new, its color changed, or the file or its settings changed; any other card keeps the state it had (a failed
 * render stays failed until retried). Without one there is nothing to render: a file just removed leaves every card
 * rendered (a job still waiting then finds nothing to do), otherwise a card keeps the state its caller gives (imports
 * and the demo carry their own), else counts as rendered.
 */
async function plannedRenders(tx: Tx, materialId: number, version: number, hadFile: boolean, file: StoredMaterialFile | null, inputs: ColorCardInput[]) {
  if (!file) return { statuses: inputs.map((card) => (hadFile ? RENDER_STATUS.success : (card.renderingStatus ?? RENDER_STATUS.success))), queue: inputs.map(() => false) };
  // The previous version's file is read only when there was one: most saves have no file at all.
  const [before] = hadFile ? await tx.select({ data: materialVersions.data }).from(materialVersions).where(and(eq(materialVersions.materialId, materialId), eq(materialVersions.version, version - 1))) : [];
  const previous = (before?.data as StoredMaterial | undefined)?.file;
  const fileChanged = !previous || previous.readId !== file.readId || JSON.stringify(previous.settings) !== JSON.stringify(file.settings);
  const cards = new Map((await tx.select({ id: colorCards.id, hex: colorCards.hex, status: colorCards.renderingStatus }).from(colorCards).where(eq(colorCards.materialId, materialId))).map((c) => [c.id, c]));
  const queue = inputs.map((card) => {
    const kept = card.id ? cards.get(card.id) : undefined;
    return fileChanged || !kept || kept.hex.toLowerCase() !== card.hex.toLowerCase();
  });
  return { statuses: inputs.map((card, i) => (queue[i] ? RENDER_STATUS.queued : (cards.get(card.id!)?.status ?? RENDER_STATUS.queued))), queue };
}

async function insertMaterial(tx: Tx, input: MaterialInput, category: { id: number; parentId: number | null }, now: Date) {
  const [row] = await tx
    .insert(materials)
    .values({ companyId: input.companyId, categoryId: category.id, rootCategoryId: category.parentId ?? category.id, nameCn: input.nameCn, creatorId: input.creatorId, gmtCreateTime: now, gmtModifyTime: now })
    .returning({ id: materials.id });
  if (!row) throw new Error('material insert returned no row');
  return { id: row.id, version: 1, hadFile: false, markets: null };
}

async function nextVersion(tx: Tx, materialId: number, companyId: number) {
  const [row] = await tx
    .select({ version: materials.version, companyId: materials.companyId, isDelete: materials.isDelete, hasFile: materials.hasFile, domestic: materials.onMarketDomestic, overseas: materials.onMarketOverseas })
    .from(materials)
    .where(eq(materials.id, materialId))
    .for('update');
  if (!row || row.isDelete === 1) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  if (row.companyId !== companyId) throw new AppError(ERROR.authError);
  // The markets it is on before this save, so the supplier's integrations hear of a change (emitMarketChanges).
  return { id: materialId, version: row.version + 1, hadFile: row.hasFile === 1, markets: { domestic: row.domestic, overseas: row.overseas } };
}

async function writeColorCards(tx: Tx, materialId: number, inputs: ColorCardInput[]) {
  const keep = inputs.flatMap((c) => (c.id ? [c.id] : []));
  await tx.delete(colorCards).where(and(eq(colorCards.materialId, materialId), keep.length ? notInArray(colorCards.id, keep) : undefined));
  const hasDefault = inputs.some((c) => c.isDefault);
  const stored = [];
  for (const [sort, card] of inputs.entries()) {
    const values = {
      materialId,
      name: card.name.slice(0, 32),
      sort,
      isDefault: (card.isDefault || (!hasDefault && sort === 0) ? 1 : 0) as 0 | 1,
      hex: card.hex.toLowerCase(),
      colorFamily: colorFamilyOf(card.hex),
      isBan: (card.isBan ? 1 : 0) as 0 | 1,
      renderingStatus: card.renderingStatus ?? 2,
    };
    const [labL, labA, labB] = labOf(card.hex);
    const row = card.id
      ? (await tx.update(colorCards).set({ ...values, labL, labA, labB }).where(and(eq(colorCards.id, card.id), eq(colorCards.materialId, materialId))).returning({ id: colorCards.id }))[0]
      : (await tx.insert(colorCards).values({ ...values, labL, labA, labB }).returning({ id: colorCards.id }))[0];
    if (!row) throw new AppError(ERROR.fieldInvalid, { fields: [{ field: `colorCards[${sort}].id`, message: 'validation.invalidValue' }] });
    stored.push({ id: row.id, ...values, lab: [labL, labA, labB] as [number, number, number], images: card.images });
  }
  return sortColorCards(stored).map(({ materialId: _m, ...card }) => card);
}

async function writeImages(tx: Tx, materialId: number, m: StoredMaterial) {
  await tx.delete(materialImages).where(eq(materialImages.materialId, materialId));
  const rows = [
    ...m.colorCards.flatMap((card) => card.images.map((img, sort) => ({ materialId, colorCardId: card.id, imageId: img.id, kind: 'enclosure' as const, sort }))),
    ...m.enclosure.map((img, sort) => ({ materialId, colorCardId: null, imageId: img.id, kind: 'enclosure' as const, sort })),
    ...(m.cover ? [{ materialId, colorCardId: null, imageId: m.cover.id, kind: 'cover' as const, sort: 0 }] : []),
    ...(m.dangling ? [{ materialId, colorCardId: null, imageId: m.dangling.id, kind: 'dangling' as const, sort: 0 }] : []),
  ];
  if (rows.length) await tx.insert(materialImages).values(rows);
  return rows.map((r) => r.imageId);
}

/** The facet rows of a snapshot: color families of its cards, season, applicable products, ships-from province. */
export function facetRows(materialId: number, m: Pick<StoredMaterial, 'colorCards' | 'attrs'>) {
  const rows = new Map<string, { materialId: number; facet: string; value: string }>();
  const add = (facet: string, value: unknown) => {
    if (typeof value === 'string' && value) rows.set(`${facet}:${value}`, { materialId, facet, value });
    else if (typeof value === 'number') rows.set(`${facet}:${value}`, { materialId, facet, value: String(value) });
  };
  for (const card of m.colorCards) add('colorFamily', card.colorFamily);
  add('season', m.attrs.PF_SEASON);
  for (const p of Array.isArray(m.attrs.PF_PRODUCT) ? m.attrs.PF_PRODUCT : []) add('product', p);
  add('shipFrom', m.attrs.PF_SHIP_FROM);
  return [...rows.values()];
}

async function writeFacets(tx: Tx, materialId: number, m: StoredMaterial) {
  await tx.delete(materialFacets).where(eq(materialFacets.materialId, materialId));
  const rows = facetRows(materialId, m);
  if (rows.length) await tx.insert(materialFacets).values(rows);
}
