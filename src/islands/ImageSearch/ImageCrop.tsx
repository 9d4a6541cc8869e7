import { useId, useRef, useState } from 'react';
import { MIN_REGION, sameImageHref, type ImageRegion } from '../../lib/contracts/image-search-rules';
import type { ImageRef } from '../../lib/contracts/images';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { Picture } from '../shared/Picture';
import styles from './ImageSearch.module.css';

export interface ImageCropProps {
  sha256: string;
  picture: ImageRef;
  /** The region searched now; null for the whole photo. */
  region: ImageRegion | null;
  categoryId?: number | undefined;
  /** `MESSAGES[lang].imageSearch`. */
  messages: Dict;
}

const WHOLE: ImageRegion = { left: 0, top: 0, width: 1, height: 1 };
const STEP = 0.02;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
/** Keeps a region inside the photo and at least MIN_REGION on each side. */
function fit(r: ImageRegion): ImageRegion {
  const width = clamp(r.width, MIN_REGION, 1);
  const height = clamp(r.height, MIN_REGION, 1);
  return { left: clamp(r.left, 0, 1 - width), top: clamp(r.top, 0, 1 - height), width, height };
}
const pct = (x: number) => Math.round(x * 100);

type Drag = { kind: 'draw'; x0: number; y0: number } | { kind: 'move'; dx: number; dy: number };

/**
 * The uploaded photo with a selection to search by (search by a region, docs/product/search.md#rules): drag on the photo to draw one, drag
 * inside it to move it; with the keyboard, arrows move it and Shift + arrows resize it. The selection is drawn in
 * SVG (attributes, not inline styles, which the CSP forbids). Searching navigates to the region's results page, so
 * the result is a real URL.
 */
export default function ImageCrop({ sha256, picture, region, categoryId, messages }: ImageCropProps) {
  const t = createClientT(messages);
  const [selection, setSelection] = useState<ImageRegion>(region ?? WHOLE);
  const drag = useRef<Drag | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const hintId = useId();

  const point = (e: { clientX: number; clientY: number }) => {
    const box = svg.current!.getBoundingClientRect();
    return { x: clamp((e.clientX - box.left) / box.width, 0, 1), y: clamp((e.clientY - box.top) / box.height, 0, 1) };
  };
  const inside = (x: number, y: number) => x >= selection.left && x <= selection.left + selection.width && y >= selection.top && y <= selection.top + selection.height;
  const changed = selection.left !== (region ?? WHOLE).left || selection.top !== (region ?? WHOLE).top || selection.width !== (region ?? WHOLE).width || selection.height !== (region ?? WHOLE).height;
  const whole = selection.width >= 0.999 && selection.height >= 0.999;

  function onKey(e: React.KeyboardEvent) {
    const d = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[e.key];
    if (!d) {
      if (e.key === 'Enter' && changed) location.assign(sameImageHref(sha256, { region: whole ? null : selection, categoryId }));
      return;
    }
    e.preventDefault();
    const [dx, dy] = d as [number, number];
    setSelection((s) => (e.shiftKey ? fit({ ...s, width: s.width + dx, height: s.height + dy }) : fit({ ...s, left: s.left + dx, top: s.top + dy })));
  }

  const s = selection;
  const x = s.left * 1000;
  const y = s.top * 1000;
  const w = s.width * 1000;
  const h = s.height * 1000;
  return (
    <div className={styles.crop}>
      <div className={styles.stage}>
        <Picture image={picture} alt={t('yourPicture')} sizes="360px" loading="eager" className={styles.photo} />
        <svg
          ref={svg}
          className={styles.overlay}
          viewBox="0 0 1000 1000"
          preserveAspectRatio="none"
          tabIndex={0}
          role="group"
          aria-label={`${t('cropRegion')}: ${pct(s.left)}%, ${pct(s.top)}%, ${pct(s.width)}% × ${pct(s.height)}%`}
          aria-describedby={hintId}
          data-region={[s.left, s.top, s.width, s.height].map((v) => v.toFixed(3)).join(',')}
          onKeyDown={onKey}
          onPointerDown={(e) => {
            const p = point(e);
            (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
            drag.current = inside(p.x, p.y) && !whole ? { kind: 'move', dx: p.x - s.left, dy: p.y - s.top } : { kind: 'draw', x0: p.x, y0: p.y };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d) return;
            const p = point(e);
            if (d.kind === 'move') setSelection((cur) => fit({ ...cur, left: p.x - d.dx, top: p.y - d.dy }));
            else if (Math.abs(p.x - d.x0) > 0.01 || Math.abs(p.y - d.y0) > 0.01)
              setSelection(fit({ left: Math.min(p.x, d.x0), top: Math.min(p.y, d.y0), width: Math.abs(p.x - d.x0), height: Math.abs(p.y - d.y0) }));
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
        >
          {/* Everything outside the selection is dimmed: the even-odd hole is the selection. */}
          <path className={styles.shade} fillRule="evenodd" d={`M0 0H1000V1000H0Z M${x} ${y}h${w}v${h}h${-w}Z`} />
          <rect className={styles.selection} x={x} y={y} width={w} height={h} vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <p id={hintId} className={styles.hint}>
        {t('cropHint')}
      </p>
      {region && <p className={styles.status}>{t('regionActive')}</p>}
      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" disabled={!changed || whole} onClick={() => location.assign(sameImageHref(sha256, { region: selection, categoryId }))}>
          {t('searchRegion')}
        </button>
        {region && (
          <a className="btn btn-secondary" href={sameImageHref(sha256, { categoryId })}>
            {t('wholePicture')}
          </a>
        )}
      </div>
    </div>
  );
}
