/**
 * Text as SVG outlines: shaped with fontkit from the npm font (fonts.ts), measured by real advances, wrapped and
 * ellipsized here, and emitted as <path>s, so the rasterizer needs no font at all (ADR 0011).
 */
import type { Font, Glyph } from 'fontkit';
import { loadFont, subsetOf, type FontWeight } from './fonts';

/** One glyph: its advance in em and its outline in font units (y up), empty for spaces. */
export type ShapedGlyph = { char: string; advance: number; d: string; unitsPerEm: number };

export type TextLine = { text: string; width: number; glyphs: ShapedGlyph[] };

export type TextStyle = { size: number; lineHeight: number; weight: FontWeight; color: string; align?: 'left' | 'center' | 'right' };

/** Text set into a box of `width` (CSS px) at (x, y), top-left; `height` is lines × lineHeight. */
export type TextBlock = TextStyle & { x: number; y: number; width: number; height: number; lines: TextLine[]; ascent: number; descent: number };

const paths = new WeakMap<Font, Map<number, string>>();

function outline(font: Font, glyph: Glyph): string {
  let byId = paths.get(font);
  if (!byId) paths.set(font, (byId = new Map()));
  let d = byId.get(glyph.id);
  if (d === undefined) {
    d = glyph.path.toSVG();
    byId.set(glyph.id, d);
  }
  return d;
}

/** Noto Sans SC's hhea metrics in em (the same in every slice), used when a text has no glyphs to read them from. */
const DEFAULT_METRICS = { ascent: 1.16, descent: 0.288 };

export type ShapedText = { glyphs: ShapedGlyph[]; ascent: number; descent: number };

/**
 * Glyphs for `text` at `weight`. Characters the font lacks (emoji, most symbols) and control characters are dropped
 * rather than drawn as boxes; '\n' is kept as a zero-width forced break.
 */
export async function shapeText(text: string, weight: FontWeight): Promise<ShapedText> {
  const chars = Array.from(text).filter((c) => c === '\n' || (c >= ' ' && subsetOf(c.codePointAt(0)!) !== undefined));
  // Runs of characters from one slice, shaped together so Latin keeps its kerning.
  const runs: { subset: string; chars: string[] }[] = [];
  for (const c of chars) {
    const subset = c === '\n' ? '\n' : subsetOf(c.codePointAt(0)!)!;
    const last = runs.at(-1);
    if (last && last.subset === subset) last.chars.push(c);
    else runs.push({ subset, chars: [c] });
  }
  const fonts = await Promise.all(runs.map((run) => (run.subset === '\n' ? null : loadFont(run.subset, weight))));
  const glyphs: ShapedGlyph[] = [];
  let metrics = DEFAULT_METRICS;
  runs.forEach((run, i) => {
    const font = fonts[i];
    if (!font) {
      for (const c of run.chars) glyphs.push({ char: c, advance: 0, d: '', unitsPerEm: 1000 });
      return;
    }
    const upm = font.unitsPerEm;
    metrics = { ascent: font.ascent / upm, descent: -font.descent / upm };
    // Ligatures off: one glyph per character keeps wrapping and ellipsizing on character boundaries.
    const laid = font.layout(run.chars.join(''), { liga: false, clig: false, dlig: false });
    if (laid.glyphs.length === run.chars.length) {
      laid.glyphs.forEach((glyph, k) => glyphs.push({ char: run.chars[k]!, advance: laid.positions[k]!.xAdvance / upm, d: outline(font, glyph), unitsPerEm: upm }));
    } else {
      for (const c of run.chars) {
        const glyph = font.glyphForCodePoint(c.codePointAt(0)!);
        glyphs.push({ char: c, advance: glyph.advanceWidth / upm, d: outline(font, glyph), unitsPerEm: upm });
      }
    }
  });
  return { glyphs, ...metrics };
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

// Simplified kinsoku: closing punctuation never starts a line, opening punctuation never ends one.
const NO_BREAK_BEFORE = new Set(Array.from('，。、！？；：）」』】》〉”’…·%,.!?;:)]}'));
const NO_BREAK_AFTER = new Set(Array.from('（「『【《〈“‘([{'));
const isSpace = (g: ShapedGlyph | undefined) => g !== undefined && (g.char === ' ' || g.char === '\u3000');

function canBreakBefore(prev: ShapedGlyph, cur: ShapedGlyph): boolean {
  if (isSpace(cur) || isSpace(prev)) return true;
  if (NO_BREAK_BEFORE.has(cur.char) || NO_BREAK_AFTER.has(prev.char)) return false;
  return isWide(prev.char.codePointAt(0)!) || isWide(cur.char.codePointAt(0)!);
}

function line(glyphs: ShapedGlyph[], size: number): TextLine {
  let end = glyphs.length;
  while (end > 0 && isSpace(glyphs[end - 1])) end--;
  const kept = glyphs.slice(0, end);
  return { text: kept.map((g) => g.char).join(''), width: kept.reduce((w, g) => w + g.advance * size, 0), glyphs: kept };
}

/**
 * Greedy wrap into at most `maxLines` lines of `maxWidth` px: breaks at spaces and between CJK characters, inside
 * a word only when the word alone is too long; a text that does not fit ends its last line with `ellipsis`.
 */
export function wrapGlyphs(glyphs: ShapedGlyph[], size: number, maxWidth: number, maxLines: number, ellipsis: ShapedGlyph[]): TextLine[] {
  const lines: TextLine[] = [];
  let start = 0;
  const skipBlank = () => {
    while (start < glyphs.length && (isSpace(glyphs[start]) || (lines.length === 0 && glyphs[start]!.char === '\n'))) start++;
  };
  skipBlank();
  while (start < glyphs.length && lines.length < maxLines) {
    let width = 0;
    let lastBreak = -1;
    let i = start;
    let overflow = false;
    for (; i < glyphs.length && glyphs[i]!.char !== '\n'; i++) {
      if (i > start && canBreakBefore(glyphs[i - 1]!, glyphs[i]!)) lastBreak = i;
      const advance = glyphs[i]!.advance * size;
      if (i > start && width + advance > maxWidth) {
        overflow = true;
        break;
      }
      width += advance;
    }
    const end = overflow && lastBreak > start ? lastBreak : i;
    lines.push(line(glyphs.slice(start, end), size));
    start = end;
    if (glyphs[start]?.char === '\n') start++;
    skipBlank();
  }
  if (start < glyphs.length && lines.length > 0) {
    const last = lines.pop()!;
    const ellipsisWidth = ellipsis.reduce((w, g) => w + g.advance * size, 0);
    const kept = [...last.glyphs];
    let width = last.width;
    while (kept.length > 0 && width + ellipsisWidth > maxWidth) width -= kept.pop()!.advance * size;
    const trimmed = line(kept, size);
    lines.push(line([...trimmed.glyphs, ...ellipsis], size));
  }
  return lines;
}

/** `text` shaped and wrapped into a block at (x, y) of `width`; `maxLines` 1 keeps a label on one line. */
export async function setText(text: string, style: TextStyle, box: { x: number; y: number; width: number; maxLines: number }): Promise<TextBlock> {
  const [shaped, ellipsis] = await Promise.all([shapeText(text, style.weight), shapeText('…', style.weight)]);
  const lines = wrapGlyphs(shaped.glyphs, style.size, box.width, box.maxLines, ellipsis.glyphs);
  return { ...style, x: box.x, y: box.y, width: box.width, height: lines.length * style.lineHeight, lines, ascent: shaped.ascent, descent: shaped.descent };
}

const n = (v: number) => String(Math.round(v * 100) / 100);
const scale = (v: number) => String(Math.round(v * 1e6) / 1e6);

/** The block's glyph outlines as SVG, each line's baseline centred in its line box like CSS does. */
export function textSvg(block: TextBlock): string {
  let svg = '';
  block.lines.forEach((ln, k) => {
    const baseline = block.y + k * block.lineHeight + (block.lineHeight - (block.ascent + block.descent) * block.size) / 2 + block.ascent * block.size;
    const align = block.align ?? 'left';
    let pen = block.x + (align === 'center' ? (block.width - ln.width) / 2 : align === 'right' ? block.width - ln.width : 0);
    for (const g of ln.glyphs) {
      if (g.d) {
        const s = block.size / g.unitsPerEm;
        svg += `<path transform="matrix(${scale(s)} 0 0 ${scale(-s)} ${n(pen)} ${n(baseline)})" d="${g.d}"/>`;
      }
      pen += g.advance * block.size;
    }
  });
  return svg ? `<g fill="${block.color}">${svg}</g>` : '';
}
