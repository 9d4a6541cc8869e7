import { readFile } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { MATERIAL_BOOK_MAX_MATERIALS } from '../../contracts/material-books';
import type { MaterialCard } from '../../contracts/materials';
import { MESSAGES, type Lang } from '../../i18n';
import { listCategoryNames } from '../catalogue/list-category-names';
import { getDb } from '../db/client';
import { images, materials } from '../db/schema';
import { renderPreset } from '../images/render-preset';
import { fontFile, subsetOf, type FontWeight } from '../sharing/image/fonts';
import type { BookViewer } from './own-material-book';
import { searchBookMaterials } from './search-book-materials';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const BLOCK = { height: 196, picture: 168, gap: 16 };
const INK = '#1f2328';
const MUTED = '#667085';

/** A PDF document with the font slices it has embedded so far. */
type Doc = InstanceType<typeof PDFDocument> & { slices?: Set<string> };

/**
 * Writes text in the bundled Noto Sans SC (the share image's font, ADR 0011), switching to the slice that holds each
 * run of characters: the font comes split by Unicode range, and a PDF font embeds only the glyphs used, so the text
 * stays real, selectable text in any language.
 */
async function write(doc: Doc, text: string, options: { x: number; y: number; width: number; size: number; weight?: FontWeight; color?: string; lines?: number }) {
  const weight = options.weight ?? 400;
  const runs: { subset: string; text: string }[] = [];
  for (const ch of text) {
    const subset = subsetOf(ch.codePointAt(0)!) ?? 'latin';
    const last = runs.at(-1);
    if (last && last.subset === subset) last.text += ch;
    else runs.push({ subset, text: ch });
  }
  doc.slices ??= new Set();
  for (const run of runs) {
    const name = `${run.subset}-${weight}`;
    if (!doc.slices.has(name)) {
      doc.registerFont(name, await readFile(fontFile(run.subset, weight, 'woff')));
      doc.slices.add(name);
    }
  }
  doc.fillColor(options.color ?? INK).fontSize(options.size);
  const height = options.lines ? options.lines * options.size * 1.35 : undefined;
  runs.forEach((run, i) => {
    doc.font(`${run.subset}-${weight}`);
    const last = i === runs.length - 1;
    if (i === 0) doc.text(run.text, options.x, options.y, { width: options.width, height, ellipsis: true, lineGap: options.size * 0.35, continued: !last });
    else doc.text(run.text, { continued: !last });
  });
}

/** The medium JPEG of each material's cover, read from the derivative cache (made on first use). */
async function coverPictures(cards: MaterialCard[]): Promise<Map<number, Buffer>> {
  const rows =
    cards.length === 0
      ? []
      : await getDb()
          .select({ materialId: materials.id, imageId: images.id, storageKey: images.storageKey })
          .from(materials)
          .innerJoin(images, eq(images.id, materials.coverImageId))
          .where(inArray(materials.id, cards.map((c) => c.id)));
  const pictures = new Map<number, Buffer>();
  await Promise.all(
    rows.map(async (r) => {
      const derivative = await renderPreset({ id: r.imageId, storageKey: r.storageKey }, 'medium', 'jpg').catch(() => null);
      if (derivative) pictures.set(r.materialId, await readFile(derivative.file));
    }),
  );
  return pictures;
}

/**
 * A material book as a PDF (docs/product/material-books.md#pdf), made on the server: a title page (cover, name,
 * company, introduction, count), then one block per material in the book's order — its cover, name, serial number,
 * price and colors — never split across pages, and a page footer. The reader's rules are the page's: the company's
 * own book in any state, anyone else's while it is on the market, with the materials they may see.
 */
export async function renderBookPdf(viewer: BookViewer, bookId: number, lang: Lang): Promise<{ filename: string; body: Buffer }> {
  const { book, records } = await searchBookMaterials(viewer, { id: bookId, keywords: '', page: 1, size: MATERIAL_BOOK_MAX_MATERIALS }, lang);
  const words = MESSAGES[lang].materialBooks;
  const [pictures, { unitLabels }] = await Promise.all([coverPictures(records), listCategoryNames(lang, false)]);
  const doc: Doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: book.name, Author: book.companyName, Subject: book.introduction }, autoFirstPage: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const inner = A4.width - 2 * MARGIN;

  // The title page.
  let y = MARGIN;
  const firstCover = records.map((r) => pictures.get(r.id)).find(Boolean);
  if (firstCover) {
    doc.image(firstCover, MARGIN, y, { fit: [inner, 320], align: 'center' });
    y += 336;
  }
  await write(doc, words.by.replace('{{company}}', book.companyName), { x: MARGIN, y, width: inner, size: 12, color: MUTED });
  await write(doc, book.name, { x: MARGIN, y: y + 22, width: inner, size: 26, weight: 700, lines: 2 });
  if (book.introduction) await write(doc, book.introduction, { x: MARGIN, y: y + 90, width: inner, size: 12, lines: 8 });
  await write(doc, words.found.replace('{{count}}', String(records.length)), { x: MARGIN, y: y + 210, width: inner, size: 12, color: MUTED });

  // One block per material.
  doc.addPage();
  y = MARGIN;
  for (const m of records) {
    if (y + BLOCK.height > A4.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    const picture = pictures.get(m.id);
    if (picture) doc.image(picture, MARGIN, y, { fit: [BLOCK.picture, BLOCK.picture] });
    else doc.rect(MARGIN, y, BLOCK.picture, BLOCK.picture).fillColor('#eef0f2').fill();
    const x = MARGIN + BLOCK.picture + BLOCK.gap;
    const width = inner - BLOCK.picture - BLOCK.gap;
    await write(doc, m.name, { x, y, width, size: 15, weight: 700, lines: 2 });
    await write(doc, m.serialNo || '—', { x, y: y + 46, width, size: 10, color: MUTED });
    const price = m.price === null ? MESSAGES[lang].material.priceOnRequest : `${m.currency === 'USD' ? '$' : '¥'}${m.price.toFixed(2)} / ${unitLabels[m.priceUnit] ?? m.priceUnit}`;
    await write(doc, price, { x, y: y + 66, width, size: 12 });
    await write(doc, m.supplierInfo.supplierName, { x, y: y + 88, width, size: 10, color: MUTED });
    m.colors.forEach((hex, i) => {
      doc.rect(x + i * 22, y + 116, 18, 18).fillColor(hex).fill();
    });
    doc.moveTo(MARGIN, y + BLOCK.height - 8).lineTo(A4.width - MARGIN, y + BLOCK.height - 8).strokeColor('#e4e7ec').lineWidth(0.5).stroke();
    y += BLOCK.height;
  }
  doc.end();
  await done;
  const base = book.name.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_').trim() || `material-book-${book.id}`;
  return { filename: `${base}.pdf`, body: Buffer.concat(chunks) };
}
