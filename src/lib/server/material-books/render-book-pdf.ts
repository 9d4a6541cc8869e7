import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { eq, inArray } from 'drizzle-orm';
import { MATERIAL_BOOK_MAX_MATERIALS } from '../../contracts/material-books';
import { MESSAGES, type Lang } from '../../i18n';
import { listCategoryNames } from '../catalogue/list-category-names';
import { getDb } from '../db/client';
import { images, materials } from '../db/schema';
import { dataDir } from '../env';
import { renderPreset } from '../images/render-preset';
import { busyError, concurrencyGate } from '../security/concurrency-gate';
import { fontFile, subsetOf, type FontWeight } from '../sharing/image/fonts';
import { getStorage } from '../storage';
import type { BookViewer } from './own-material-book';
import { searchBookMaterials } from './search-book-materials';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const BLOCK = { height: 196, picture: 168, gap: 16 };
const INK = '#1f2328';
const MUTED = '#667085';
/** Different PDFs drawn at once in one process: each is a worker thread holding the book's pictures. */
export const MATERIAL_BOOK_PDF_RENDERS = 2;
/** Changes whenever the drawing changes, so PDFs kept from an earlier layout are never served again. */
const LAYOUT_REVISION = 1;

type TextRun = { font: string; text: string };
/** One drawing step for the worker (draw-book-pdf.mjs); a picture names its original, resolved to a file only when drawn. */
type Op =
  | { op: 'page' }
  | { op: 'picture'; storageKey: string; imageId: number; x: number; y: number; fit: [number, number]; align?: 'center'; placeholder: boolean }
  | { op: 'rect'; x: number; y: number; width: number; height: number; color: string }
  | { op: 'line'; x1: number; x2: number; y: number; color: string }
  | { op: 'text'; runs: TextRun[]; x: number; y: number; width: number; size: number; color: string; height?: number };

/**
 * Text in the bundled Noto Sans SC (the share image's font, ADR 0011), split into runs by the slice that holds each
 * character: the font comes split by Unicode range, and a PDF font embeds only the glyphs used, so the text stays
 * real, selectable text in any language.
 */
function text(fonts: Map<string, string>, value: string, options: { x: number; y: number; width: number; size: number; weight?: FontWeight; color?: string; lines?: number }): Op {
  const weight = options.weight ?? 400;
  const runs: TextRun[] = [];
  for (const ch of value) {
    const subset = subsetOf(ch.codePointAt(0)!) ?? 'latin';
    const font = `${subset}-${weight}`;
    fonts.set(font, fontFile(subset, weight, 'woff'));
    const last = runs.at(-1);
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  const height = options.lines ? options.lines * options.size * 1.35 : undefined;
  return { op: 'text', runs, x: options.x, y: options.y, width: options.width, size: options.size, color: options.color ?? INK, ...(height ? { height } : {}) };
}

/** Each material's cover original: its image id and content-addressed storage key. */
async function coverImages(ids: number[]): Promise<Map<number, { imageId: number; storageKey: string }>> {
  const rows =
    ids.length === 0
      ? []
      : await getDb()
          .select({ materialId: materials.id, imageId: images.id, storageKey: images.storageKey })
          .from(materials)
          .innerJoin(images, eq(images.id, materials.coverImageId))
          .where(inArray(materials.id, ids));
  return new Map(rows.map((r) => [r.materialId, { imageId: r.imageId, storageKey: r.storageKey }]));
}

/** What the PDF shows, as drawing steps, with its metadata and the font slices it needs. */
async function planBookPdf(viewer: BookViewer, bookId: number, lang: Lang) {
  const { book, records } = await searchBookMaterials(viewer, { id: bookId, keywords: '', page: 1, size: MATERIAL_BOOK_MAX_MATERIALS }, lang);
  const words = MESSAGES[lang].materialBooks;
  const [covers, { unitLabels }] = await Promise.all([coverImages(records.map((r) => r.id)), listCategoryNames(lang, false)]);
  const fonts = new Map<string, string>();
  const ops: Op[] = [];
  const inner = A4.width - 2 * MARGIN;

  // The title page.
  let y = MARGIN;
  const firstCover = records.map((r) => covers.get(r.id)).find(Boolean);
  if (firstCover) {
    ops.push({ op: 'picture', ...firstCover, x: MARGIN, y, fit: [inner, 320], align: 'center', placeholder: false });
    y += 336;
  }
  ops.push(text(fonts, words.by.replace('{{company}}', book.companyName), { x: MARGIN, y, width: inner, size: 12, color: MUTED }));
  ops.push(text(fonts, book.name, { x: MARGIN, y: y + 22, width: inner, size: 26, weight: 700, lines: 2 }));
  if (book.introduction) ops.push(text(fonts, book.introduction, { x: MARGIN, y: y + 90, width: inner, size: 12, lines: 8 }));
  ops.push(text(fonts, words.found.replace('{{count}}', String(records.length)), { x: MARGIN, y: y + 210, width: inner, size: 12, color: MUTED }));

  // One block per material, never split across pages.
  ops.push({ op: 'page' });
  y = MARGIN;
  for (const m of records) {
    if (y + BLOCK.height > A4.height - MARGIN) {
      ops.push({ op: 'page' });
      y = MARGIN;
    }
    const cover = covers.get(m.id);
    if (cover) ops.push({ op: 'picture', ...cover, x: MARGIN, y, fit: [BLOCK.picture, BLOCK.picture], placeholder: true });
    else ops.push({ op: 'rect', x: MARGIN, y, width: BLOCK.picture, height: BLOCK.picture, color: '#eef0f2' });
    const x = MARGIN + BLOCK.picture + BLOCK.gap;
    const width = inner - BLOCK.picture - BLOCK.gap;
    ops.push(text(fonts, m.name, { x, y, width, size: 15, weight: 700, lines: 2 }));
    ops.push(text(fonts, m.serialNo || '—', { x, y: y + 46, width, size: 10, color: MUTED }));
    const price = m.price === null ? MESSAGES[lang].material.priceOnRequest : `${m.currency === 'USD' ? '$' : '¥'}${m.price.toFixed(2)} / ${unitLabels[m.priceUnit] ?? m.priceUnit}`;
    ops.push(text(fonts, price, { x, y: y + 66, width, size: 12 }));
    ops.push(text(fonts, m.supplierInfo.supplierName, { x, y: y + 88, width, size: 10, color: MUTED }));
    m.colors.forEach((hex, i) => ops.push({ op: 'rect', x: x + i * 22, y: y + 116, width: 18, height: 18, color: hex }));
    ops.push({ op: 'line', x1: MARGIN, x2: A4.width - MARGIN, y: y + BLOCK.height - 8, color: '#e4e7ec' });
    y += BLOCK.height;
  }
  const info = { Title: book.name, Author: book.companyName, Subject: book.introduction };
  const base = book.name.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_').trim() || `material-book-${book.id}`;
  return { bookId: book.id, filename: `${base}.pdf`, info, fonts, ops };
}

type Plan = Awaited<ReturnType<typeof planBookPdf>>;

/** Draws the plan into `out` on a worker thread, the covers' medium JPEGs made (or taken from their cache) first. */
async function drawInWorker(plan: Plan, out: string): Promise<void> {
  const ops = await Promise.all(
    plan.ops.map(async (op) => {
      if (op.op !== 'picture') return op;
      const derivative = await renderPreset({ id: op.imageId, storageKey: op.storageKey }, 'medium', 'jpg').catch(() => null);
      if (derivative) return { op: 'image', file: derivative.file, x: op.x, y: op.y, fit: op.fit, align: op.align };
      return op.placeholder ? { op: 'rect', x: op.x, y: op.y, width: op.fit[0], height: op.fit[1], color: '#eef0f2' } : null;
    }),
  );
  const workerData = { margin: MARGIN, info: plan.info, fonts: Object.fromEntries(plan.fonts), ops: ops.filter(Boolean), out };
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL('./draw-book-pdf.mjs', import.meta.url), { workerData });
    worker.once('message', (m: { ok: boolean; message?: string }) => (m.ok ? resolve() : reject(new Error(`material book PDF: ${m.message}`))));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`material book PDF worker exited with ${code}`)));
  });
}

/** The storage key of a version: a hash of everything drawn, so any change to the book or its materials makes a new one. */
function versionKey(plan: Plan): string {
  const hash = createHash('sha256').update(JSON.stringify([LAYOUT_REVISION, plan.info, plan.ops, [...plan.fonts.keys()]])).digest('hex');
  return `book-pdf/${plan.bookId}/${hash}.pdf`;
}

const drawing = new Map<string, Promise<void>>();
const gate = concurrencyGate(MATERIAL_BOOK_PDF_RENDERS);

/** Draws a version once and keeps it in storage; callers asking for it meanwhile wait for that one drawing. */
function drawOnce(plan: Plan, key: string): Promise<void> {
  let job = drawing.get(key);
  if (!job) {
    const release = gate.tryEnter();
    if (!release) throw busyError('validation.materialBookPdfBusy');
    job = (async () => {
      const dir = path.join(dataDir(), 'tmp');
      await mkdir(dir, { recursive: true });
      const out = path.join(dir, `book-pdf-${randomUUID()}.pdf`);
      try {
        await drawInWorker(plan, out);
        await getStorage().putStream(key, createReadStream(out), 'application/pdf');
      } finally {
        await rm(out, { force: true });
      }
    })().finally(() => {
      release();
      drawing.delete(key);
    });
    drawing.set(key, job);
  }
  return job;
}

/**
 * A material book as a PDF (docs/product/material-books.md#pdf): a title page (cover, name, company, introduction,
 * count), then one block per material in the book's order — its cover, name, serial number, price and colors —
 * never split across pages, and a page footer. The reader's rules are the page's: the company's own book in any
 * state, anyone else's while it is on the market, with the materials they may see. Each version is drawn once, off
 * the event loop, and kept in storage under a hash of what it shows, which every app process shares.
 */
export async function renderBookPdf(viewer: BookViewer, bookId: number, lang: Lang): Promise<{ filename: string; version: string; size: number; body: Readable }> {
  const plan = await planBookPdf(viewer, bookId, lang);
  const key = versionKey(plan);
  const storage = getStorage();
  if (!(await storage.exists(key))) await drawOnce(plan, key);
  const [stat, body] = await Promise.all([storage.stat(key), storage.getStream(key)]);
  if (!stat || !body) throw new Error(`material book PDF ${key} missing after drawing`);
  return { filename: plan.filename, version: path.basename(key, '.pdf'), size: stat.size, body };
}
