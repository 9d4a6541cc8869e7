import { createHash } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { shareLandingPath, type ShareContent, type ShareInfo } from '../../contracts/sharing';
import { SHARE } from '../../constants';
import { getT, type Lang } from '../../i18n';
import { getDb } from '../db/client';
import { images, materialVersions } from '../db/schema';
import { requireObject } from '../storage';
import { sortColorCards, type StoredMaterial } from '../materials/stored-material';
import { configuredOrigin } from '../request/public-origin';
import { BOOK_MORE_COVERS } from './image/layout-share-image';
import { renderShareImage } from './image/render-share-image';
import { sharedBookCoverImageId } from './read-shared-material-book';

/** Covers one card draws at most (a folder's 3×3). */
const MAX_COVERS = 9;
/** Rendered cards kept in memory: a card takes 44–233 ms to draw and is asked for by the dialog and link previews. */
const CACHE_ENTRIES = 64;
const cache = new Map<string, Buffer>();

type Held = { id: number; version: number }[];

/**
 * Everything the card shows of the share, as one value: a live share's new material versions or colors, a material
 * book's new cover, or a renamed sharer, change it.
 */
function shareVersion(info: ShareInfo, content: ShareContent, held: Held, bookCover: number | null): string {
  const colors = content.kind === 'colorBook' ? bookSwatches(content).map((c) => [c.name, c.hex]) : null;
  const shown = [info.title, info.sharer, info.introduction, content.kind === 'colorCard' ? content.colorCardId : null, held, colors, bookCover];
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url');
}

/**
 * The share image (docs/product/routes.md#dialogs, docs/product/constants.md layouts) of a share the viewer may see: its materials' covers at the shared
 * versions, the color cards (or a book's first colors), who shared it, and the QR code of its link, rendered at 2x. The link is on the configured
 * origin, not the request's, so one rendering serves every viewer of that share, version and language
 * (docs/product/sharing.md#share-images-and-qr-codes).
 */
export async function renderShareCard(info: ShareInfo, content: ShareContent, lang: Lang): Promise<Buffer> {
  const held: Held =
    content.kind === 'material' || content.kind === 'colorCard'
      ? [{ id: content.material.id, version: content.material.version }]
      : content.kind === 'colorBook'
        ? []
        : content.materials.map((m) => ({ id: m.id, version: m.version }));
  // A material book's chosen cover lives on the book, not in a material version: choosing another changes the card.
  const bookCover = content.kind === 'materialBook' ? await sharedBookCoverImageId(info.shareId) : null;
  const key = JSON.stringify([info.shareId, shareVersion(info, content, held, bookCover), lang]);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const url = `${configuredOrigin()}${shareLandingPath(info.kind, info.shareId)}`;
  const png = await draw(info, content, held, { url, lang, scanText: getT(lang)('share.scan'), bookCover });
  cache.set(key, png);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return png;
}

/** The colors a book's card draws: its first few, named as the viewer reads them. */
function bookSwatches(content: Extract<ShareContent, { kind: 'colorBook' }>): { name: string; hex: string }[] {
  return content.colors.slice(0, SHARE.colorCardSwatches).map(({ name, hex }) => ({ name, hex }));
}

async function draw(info: ShareInfo, content: ShareContent, held: Held, options: { url: string; lang: Lang; scanText: string; bookCover: number | null }): Promise<Buffer> {
  // A material book draws its cover and up to five more: one more material than that may be the cover itself.
  const shown = held.slice(0, content.kind === 'materialBook' ? BOOK_MORE_COVERS + 1 : MAX_COVERS);
  const db = getDb();
  const versions = shown.length === 0 ? [] : await db.select({ materialId: materialVersions.materialId, version: materialVersions.version, data: materialVersions.data }).from(materialVersions).where(or(...shown.map((h) => and(eq(materialVersions.materialId, h.id), eq(materialVersions.version, h.version)))) ?? sql`false`);
  const stored = new Map(versions.map((v) => [v.materialId, v.data as StoredMaterial]));
  const materialCovers = shown.flatMap((h) => {
    const s = stored.get(h.id);
    const cover = s?.cover ?? s?.colorCards[0]?.images[0];
    return cover ? [cover.id] : [];
  });
  const coverIds = content.kind === 'materialBook' ? bookCovers(options.bookCover, materialCovers) : materialCovers;
  const keys = coverIds.length === 0 ? [] : await db.select({ id: images.id, key: images.storageKey }).from(images).where(inArray(images.id, coverIds));
  const keyOf = new Map(keys.map((k) => [k.id, k.key]));
  const pictures = await Promise.all(coverIds.map((id) => requireObject(keyOf.get(id) ?? '').catch(() => Buffer.alloc(0))));

  const first = stored.get(held[0]?.id ?? 0);
  const cards = first ? sortColorCards(first.colorCards).map((c) => ({ id: c.id, name: c.name, hex: c.hex })) : [];
  // A color-card share draws the shared card first, then the material's other colors.
  const swatches =
    content.kind === 'colorCard'
      ? [...cards.filter((c) => c.id === content.colorCardId), ...cards.filter((c) => c.id !== content.colorCardId)]
      : content.kind === 'material'
        ? cards
        : content.kind === 'colorBook'
          ? bookSwatches(content)
          : [];
  return renderShareImage({
    kind: content.kind,
    lang: options.lang,
    title: info.title ?? '',
    companyName: info.sharer,
    ...(info.introduction ? { introduction: info.introduction } : {}),
    pictures,
    swatches: swatches.map(({ name, hex }) => ({ name, hex })),
    totalCount: content.kind === 'colorBook' || content.kind === 'materialBook' ? content.book.count : held.length,
    url: options.url,
    scanText: options.scanText,
  });
}

/** A material book's covers: its own (else its first material's) large, then up to five of the others, without the large one again. */
function bookCovers(own: number | null, materialCovers: number[]): number[] {
  const first = own ?? materialCovers[0];
  if (first === undefined) return [];
  return [first, ...materialCovers.filter((id) => id !== first).slice(0, BOOK_MORE_COVERS)];
}
