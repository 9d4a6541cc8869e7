/**
 * Where everything on a share card goes (docs/product/routes.md#dialogs, docs/product/constants.md share constants), in CSS px; the renderer draws it
 * at SHARE.imageScale. Kept apart from drawing so the rules (how many tiles, when "+N", how text wraps) can be
 * checked without decoding pixels.
 */
import { SHARE } from '@/lib/constants';
import { QR_MARGIN, qrMatrix, type QrMatrix } from './qr';
import { setText, type TextBlock, type TextStyle } from './text';

export type ShareImageKind = 'material' | 'materials' | 'folder' | 'colorCard' | 'colorBook' | 'materialBook';

export type ShareImageModel = {
  kind: ShareImageKind;
  lang: 'cn' | 'en';
  /** Material name, folder name, "material name · color name", or the (color-card or material) book's name. */
  title: string;
  /** The sharer's company (or the person's name). */
  companyName: string;
  /** Up to 200 characters (docs/product/constants.md); drawn on at most three lines. */
  introduction?: string;
  /**
   * Original image bytes (jpg/png/webp) in display order: for 'material' the cover first; for 'materials' and
   * 'folder' one cover per material; for 'materialBook' the book's cover, then more of its materials' covers.
   * 'colorCard' draws none. Bytes that do not decode become placeholders.
   */
  pictures: Buffer[];
  /**
   * Color cards, default first (docs/product/constants.md order). For 'colorCard' the shared card comes first: it is drawn large and the
   * next five beside it as the material's other colors. For 'colorBook' the book's first colors, each drawn as a
   * wide block with its name and hex.
   */
  swatches: { name: string; hex: string }[];
  /** How many materials the share holds (for the "+N" tile and the folder grid). */
  totalCount: number;
  /** What the QR code encodes. */
  url: string;
  /** E.g. "扫码查看更多信息" / "Scan for more info". */
  scanText: string;
};

export type Box = { x: number; y: number; w: number; h: number };
/** A square cover: `picture` indexes model.pictures (null: placeholder); `more` is N on the "+N" tile. */
export type ShareTile = Box & { picture: number | null; more: number | null; radius: number };
export type ShareSwatch = Box & { hex: string; radius: number };
export type ShareTextRole = 'title' | 'company' | 'introduction' | 'scan' | 'url' | 'swatchName' | 'heroName' | 'heroHex' | 'blockName' | 'blockHex' | 'more' | 'moreLabel';
export type ShareText = TextBlock & { role: ShareTextRole };

export type ShareImageLayout = {
  kind: ShareImageKind;
  /** CSS px; the PNG is width × scale by height × scale. */
  width: number;
  height: number;
  scale: number;
  tiles: ShareTile[];
  /** The shared color, drawn large ('colorCard' only). */
  hero: ShareSwatch | null;
  swatches: ShareSwatch[];
  texts: ShareText[];
  footer: Box;
  /** The QR code including its quiet zone; `module` is one module's side in CSS px (a whole device pixel count). */
  qr: Box & { matrix: QrMatrix; module: number };
};

export const CARD_WIDTH = 375;
const PAD = 20;
const CONTENT = CARD_WIDTH - 2 * PAD;
const GAP = 8;
export const ACCENT_HEIGHT = 6;
const SWATCH_COLUMNS = 5;
/** A material book's card: its cover large, then this many more of its materials' covers in one row. */
export const BOOK_MORE_COVERS = 5;
const QR_TARGET = 88;

export const COLORS = {
  brand: '#0f766e',
  ink: '#0f172a',
  body: '#475569',
  muted: '#64748b',
  hairline: '#e2e8f0',
  placeholder: '#eef2f1',
  placeholderIcon: '#c3cfcc',
  footer: '#f0f7f6',
  neutralSwatch: '#d4d4d4',
} as const;

/** A few words only the card needs; the i18n catalogue is per request, and the card has no request. */
const LABELS = { cn: { more: '更多' }, en: { more: 'more' } } as const;

/** Device pixels must land on whole pixels (photos are composited at integer offsets): snap to 1/scale px. */
const snap = (v: number) => Math.round(v * SHARE.imageScale) / SHARE.imageScale;
const floorSnap = (v: number) => Math.floor(v * SHARE.imageScale) / SHARE.imageScale;

/** '#abc' or '#aabbcc' (anything else draws neutral grey, so a bad value cannot reach the SVG). */
export function safeHex(hex: string): string {
  const h = hex.trim();
  if (/^#[0-9a-f]{6}$/i.test(h)) return h.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(h)) return `#${[...h.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return COLORS.neutralSwatch;
}

/** Dark text on light colors, white on dark ones (WCAG relative luminance, threshold where both contrast alike). */
export function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(safeHex(hex).slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? COLORS.ink : '#ffffff';
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** How many covers a grid holds and how they fall into columns: few covers get bigger tiles. */
function gridColumns(count: number): number {
  if (count <= 3) return Math.max(count, 1);
  if (count === 4) return 2;
  return 3;
}

function coverGrid(count: number, top: number, moreFrom: number | null, totalCount: number): ShareTile[] {
  const cols = gridColumns(count);
  const size = floorSnap((CONTENT - (cols - 1) * GAP) / cols);
  const radius = cols === 1 ? 12 : 8;
  const tiles: ShareTile[] = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, count - row * cols);
    // A short last row is centred under the full ones.
    const left = snap(PAD + (CONTENT - (inRow * size + (inRow - 1) * GAP)) / 2);
    const more = moreFrom !== null && i === count - 1 ? totalCount - moreFrom : null;
    tiles.push({ x: snap(left + (i % cols) * (size + GAP)), y: snap(top + row * (size + GAP)), w: size, h: size, picture: i, more, radius });
  }
  return tiles;
}

/** Color chips in rows of five with their names under them. */
async function swatchGrid(swatches: ShareImageModel['swatches'], top: number): Promise<{ swatches: ShareSwatch[]; texts: ShareText[]; bottom: number }> {
  const gap = 10;
  const w = floorSnap((CONTENT - (SWATCH_COLUMNS - 1) * gap) / SWATCH_COLUMNS);
  const chip = 44;
  const name: TextStyle = { size: 11, lineHeight: 16, weight: 400, color: COLORS.body, align: 'center' };
  const rowHeight = chip + 4 + name.lineHeight;
  const out: ShareSwatch[] = [];
  const texts: ShareText[] = [];
  await Promise.all(
    swatches.map(async (s, i) => {
      const x = snap(PAD + (i % SWATCH_COLUMNS) * (w + gap));
      const y = top + Math.floor(i / SWATCH_COLUMNS) * (rowHeight + gap);
      out[i] = { x, y, w, h: chip, hex: safeHex(s.hex), radius: 6 };
      texts[i] = { role: 'swatchName', ...(await setText(oneLine(s.name), name, { x, y: y + chip + 4, width: w, maxLines: 1 })) };
    }),
  );
  const rows = Math.ceil(swatches.length / SWATCH_COLUMNS);
  return { swatches: out, texts, bottom: rows === 0 ? top : top + rows * rowHeight + (rows - 1) * gap };
}

/**
 * A book's first colors as blocks the card's width, stacked in the space the color-card hero takes: few colors get
 * tall blocks, five get bands. Each carries its name on the left and its hex on the right, in ink that reads on it.
 */
async function colorBlocks(colors: ShareImageModel['swatches'], top: number): Promise<{ swatches: ShareSwatch[]; texts: ShareText[]; bottom: number }> {
  const area = 220;
  const gap = 6;
  const inset = 14;
  const shown = colors.slice(0, SHARE.colorCardSwatches);
  // An empty book still gets its place on the card, as one neutral block.
  if (shown.length === 0) return { swatches: [{ x: PAD, y: top, w: CONTENT, h: area, hex: COLORS.neutralSwatch, radius: 12 }], texts: [], bottom: top + area };
  const h = floorSnap((area - (shown.length - 1) * gap) / shown.length);
  const hexWidth = 72;
  const swatches: ShareSwatch[] = [];
  const texts: ShareText[] = [];
  await Promise.all(
    shown.map(async (color, i) => {
      const y = snap(top + i * (h + gap));
      const hex = safeHex(color.hex);
      swatches[i] = { x: PAD, y, w: CONTENT, h, hex, radius: shown.length === 1 ? 12 : 8 };
      const ink = textOn(hex);
      const name: TextStyle = { size: 15, lineHeight: 20, weight: 700, color: ink };
      const code: TextStyle = { size: 12, lineHeight: 20, weight: 400, color: ink, align: 'right' };
      const line = y + (h - name.lineHeight) / 2;
      const [nameBlock, hexBlock] = await Promise.all([
        setText(oneLine(color.name), name, { x: PAD + inset, y: line, width: CONTENT - 2 * inset - hexWidth - 8, maxLines: 1 }),
        setText(hex.toUpperCase(), code, { x: PAD + CONTENT - inset - hexWidth, y: line, width: hexWidth, maxLines: 1 }),
      ]);
      texts[2 * i] = { role: 'blockName', ...nameBlock };
      texts[2 * i + 1] = { role: 'blockHex', ...hexBlock };
    }),
  );
  return { swatches, texts, bottom: top + area };
}

/** The URL as people read it: no scheme, no trailing slash. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

export async function layoutShareImage(model: ShareImageModel): Promise<ShareImageLayout> {
  const texts: ShareText[] = [];
  const add = async (role: ShareTextRole, text: string, style: TextStyle, box: { x: number; y: number; width: number; maxLines: number }) => {
    const block = { role, ...(await setText(text, style, box)) };
    texts.push(block);
    return block;
  };
  let tiles: ShareTile[] = [];
  let swatches: ShareSwatch[] = [];
  let hero: ShareSwatch | null = null;
  let y = ACCENT_HEIGHT + PAD;

  if (model.kind === 'material') {
    tiles = [{ x: PAD, y, w: CONTENT, h: CONTENT, picture: model.pictures.length > 0 ? 0 : null, more: null, radius: 12 }];
    y += CONTENT;
    const shown = model.swatches.slice(0, SHARE.singleColorCards);
    if (shown.length > 0) {
      const grid = await swatchGrid(shown, y + 16);
      swatches = grid.swatches;
      texts.push(...grid.texts);
      y = grid.bottom;
    }
  } else if (model.kind === 'colorCard') {
    const [shared, ...others] = model.swatches;
    const heroHeight = 220;
    hero = { x: PAD, y, w: CONTENT, h: heroHeight, hex: safeHex(shared?.hex ?? ''), radius: 12 };
    const ink = textOn(hero.hex);
    const inset = 18;
    const hexLine = 18;
    const nameLine = 28;
    if (shared) {
      await add('heroName', oneLine(shared.name), { size: 20, lineHeight: nameLine, weight: 700, color: ink }, { x: PAD + inset, y: y + heroHeight - inset - hexLine - nameLine, width: CONTENT - 2 * inset, maxLines: 1 });
      await add('heroHex', hero.hex.toUpperCase(), { size: 13, lineHeight: hexLine, weight: 400, color: ink }, { x: PAD + inset, y: y + heroHeight - inset - hexLine, width: CONTENT - 2 * inset, maxLines: 1 });
    }
    y += heroHeight;
    const shown = others.slice(0, SHARE.colorCardSwatches);
    if (shown.length > 0) {
      const grid = await swatchGrid(shown, y + 16);
      swatches = grid.swatches;
      texts.push(...grid.texts);
      y = grid.bottom;
    }
  } else if (model.kind === 'materialBook') {
    tiles = [{ x: PAD, y, w: CONTENT, h: CONTENT, picture: model.pictures.length > 0 ? 0 : null, more: null, radius: 12 }];
    y += CONTENT;
    const more = Math.min(BOOK_MORE_COVERS, model.pictures.length - 1);
    if (more > 0) {
      const size = floorSnap((CONTENT - (BOOK_MORE_COVERS - 1) * GAP) / BOOK_MORE_COVERS);
      y += GAP;
      for (let i = 0; i < more; i++) tiles.push({ x: snap(PAD + i * (size + GAP)), y, w: size, h: size, picture: i + 1, more: null, radius: 6 });
      y += size;
    }
  } else if (model.kind === 'colorBook') {
    const blocks = await colorBlocks(model.swatches, y);
    swatches = blocks.swatches;
    texts.push(...blocks.texts);
    y = blocks.bottom;
  } else {
    const max = model.kind === 'materials' ? SHARE.multiMaterialTiles : SHARE.folderTiles;
    const total = Math.max(model.totalCount, model.pictures.length);
    const count = Math.max(1, Math.min(max, total));
    // docs/product/constants.md "+N more": the last tile stands for itself and every material not shown.
    const moreFrom = model.kind === 'materials' && total > max ? max - 1 : null;
    tiles = coverGrid(count, y, moreFrom, total).map((t) => ({ ...t, picture: t.picture! < model.pictures.length ? t.picture : null }));
    y = tiles.at(-1)!.y + tiles.at(-1)!.h;
    for (const tile of tiles.filter((t) => t.more !== null)) {
      const plus: TextStyle = { size: 30, lineHeight: 36, weight: 700, color: '#ffffff', align: 'center' };
      const label: TextStyle = { size: 13, lineHeight: 18, weight: 400, color: '#ffffff', align: 'center' };
      const top = tile.y + (tile.h - plus.lineHeight - label.lineHeight) / 2;
      await add('more', `+${tile.more}`, plus, { x: tile.x, y: top, width: tile.w, maxLines: 1 });
      await add('moreLabel', LABELS[model.lang].more, label, { x: tile.x, y: top + plus.lineHeight, width: tile.w, maxLines: 1 });
    }
  }

  y += 20;
  const title = await add('title', oneLine(model.title), { size: 19, lineHeight: 27, weight: 700, color: COLORS.ink }, { x: PAD, y, width: CONTENT, maxLines: 2 });
  y += title.height + 4;
  const company = await add('company', oneLine(model.companyName), { size: 14, lineHeight: 20, weight: 400, color: COLORS.brand }, { x: PAD, y, width: CONTENT, maxLines: 1 });
  y += company.height;
  const intro = (model.introduction ?? '').replace(/[ \t]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim();
  if (intro) {
    y += 10;
    const block = await add('introduction', intro, { size: 13, lineHeight: 20, weight: 400, color: COLORS.body }, { x: PAD, y, width: CONTENT, maxLines: 3 });
    y += block.height;
  }
  y = snap(y + 20);

  // Footer: a tinted band, the QR code on the right on white, the scan text beside it.
  const matrix = qrMatrix(model.url);
  const side = matrix.size + 2 * QR_MARGIN;
  const modulePx = Math.max(2, Math.round((QR_TARGET * SHARE.imageScale) / side));
  const module = modulePx / SHARE.imageScale;
  const qrSize = module * side;
  const footerPad = 16;
  const footer: Box = { x: 0, y, w: CARD_WIDTH, h: qrSize + 2 * footerPad };
  const qr = { x: snap(CARD_WIDTH - PAD - qrSize), y: snap(y + footerPad), w: qrSize, h: qrSize, matrix, module };
  const textWidth = qr.x - PAD - 16;
  const scanStyle: TextStyle = { size: 15, lineHeight: 22, weight: 700, color: COLORS.ink };
  const urlStyle: TextStyle = { size: 11, lineHeight: 16, weight: 400, color: COLORS.muted };
  const scan = await setText(oneLine(model.scanText), scanStyle, { x: PAD, y: 0, width: textWidth, maxLines: 2 });
  const groupHeight = scan.height + 6 + urlStyle.lineHeight;
  const groupTop = qr.y + (qrSize - groupHeight) / 2;
  texts.push({ role: 'scan', ...scan, y: groupTop });
  await add('url', displayUrl(model.url), urlStyle, { x: PAD, y: groupTop + scan.height + 6, width: textWidth, maxLines: 1 });

  return { kind: model.kind, width: CARD_WIDTH, height: footer.y + footer.h, scale: SHARE.imageScale, tiles, hero, swatches, texts, footer, qr };
}
