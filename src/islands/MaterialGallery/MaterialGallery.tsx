import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { $chosenColorCard } from '../../lib/stores/color-card';
import type { ColorCard, GalleryImage } from '../../lib/contracts/materials';
import { Picture } from '../shared/Picture';
import { StrokeIcon } from '../shared/StrokeIcon';
import { ZoomViewer, type ZoomMessages } from './ZoomViewer';
import styles from './MaterialGallery.module.css';

interface Props {
  name: string;
  colorCards: Pick<ColorCard, 'id' | 'name' | 'colorInfo' | 'images' | 'thumb' | 'renderingStatus'>[];
  /** Gallery images not tied to a color card. */
  enclosure: GalleryImage[];
  messages: { colorCards: string; zoomHint: string; imageOf: string; rendering: string; zoom: ZoomMessages };
}

const ZOOM = 2.2;

/**
 * The detail page's gallery (docs/product/routes.md#detail-routing): the chosen color card's images with the shared ones after them,
 * a pointer zoom on the main image, a full-screen viewer of the larger picture on demand
 * (docs/product/catalogue.md#material-detail), and the color cards as a radio group — switching a card changes the images.
 */
export default function MaterialGallery({ name, colorCards, enclosure, messages }: Props) {
  const [cardIndex, setCardIndex] = useState(0);
  const [imageIndex, setImageIndex] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const [zoomed, setZoomed] = useState(false);
  const card = colorCards[cardIndex];
  const images = [...(card?.images ?? []), ...enclosure];
  const shown = Math.min(imageIndex, images.length - 1);
  const main = images[shown];
  const alt = messages.imageOf.replace('{{name}}', `${name} ${card?.name ?? ''}`.trim());

  const show = (index: number) => {
    setCardIndex(index);
    setImageIndex(0);
  };
  const choose = (index: number) => {
    show(index);
    $chosenColorCard.set(colorCards[index]?.id ?? null);
  };
  // A color picked elsewhere on the page (the sample form's select) brings its photos up here.
  useEffect(
    () =>
      $chosenColorCard.listen((id) => {
        const index = colorCards.findIndex((c) => c.id === id);
        if (index >= 0) show(index);
      }),
    [colorCards],
  );
  const onSwatchKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (cardIndex + step + colorCards.length) % colorCards.length;
    choose(next);
    (event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
  };
  // The zoom follows the pointer through the style object (CSSOM), which the CSP allows, unlike style attributes.
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    const img = stage.current?.querySelector('img');
    if (!img || event.pointerType === 'touch') return;
    const box = event.currentTarget.getBoundingClientRect();
    img.style.transformOrigin = `${((event.clientX - box.left) / box.width) * 100}% ${((event.clientY - box.top) / box.height) * 100}%`;
    img.style.transform = `scale(${ZOOM})`;
  };
  const onLeave = () => {
    const img = stage.current?.querySelector('img');
    if (img) img.style.transform = '';
  };
  const closeZoom = () => {
    setZoomed(false);
    zoomButton.current?.focus();
  };

  return (
    <div className={styles.gallery}>
      <div className={styles.frame}>
        {/* A press on the picture opens the viewer for a pointer; keyboards and screen readers have the button. */}
        <div ref={stage} className={styles.stage} onPointerMove={onMove} onPointerLeave={onLeave} onClick={() => main && setZoomed(true)} title={messages.zoomHint}>
          {main ? <Picture image={main} alt={alt} sizes="(max-width: 900px) 100vw, 560px" loading="eager" fetchPriority="high" className={styles.main} /> : null}
        </div>
        {main && (
          <button ref={zoomButton} type="button" className={`btn btn-secondary ${styles.zoomButton}`} onClick={() => setZoomed(true)} aria-haspopup="dialog" aria-label={messages.zoom.open}>
            <StrokeIcon size={20} strokeWidth={1.8} d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM15.2 15.2 20 20M10.5 7.5v6M7.5 10.5h6" />
          </button>
        )}
      </div>
      {zoomed && main && <ZoomViewer images={images} index={shown} alt={alt} messages={messages.zoom} onIndex={setImageIndex} onClose={closeZoom} />}
      {images.length > 1 && (
        <ul className={styles.thumbs}>
          {images.map((img, i) => (
            <li key={`${img.src}-${i}`}>
              <button type="button" className={styles.thumb} aria-current={i === imageIndex ? 'true' : undefined} onClick={() => setImageIndex(i)} aria-label={`${i + 1} / ${images.length}`}>
                <Picture image={img} alt="" sizes="64px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2 className={styles.heading} id="color-cards-title">
        {messages.colorCards} <span className={styles.current}>{card?.name}</span>
      </h2>
      <div role="radiogroup" aria-labelledby="color-cards-title" className={styles.cards}>
        {colorCards.map((c, i) => (
          <button
            key={c.id}
            type="button"
            role="radio"
            aria-checked={i === cardIndex}
            tabIndex={i === cardIndex ? 0 : -1}
            className={styles.card}
            onClick={() => choose(i)}
            onKeyDown={onSwatchKey}
            title={c.name}
            data-color-card={c.id}
          >
            {c.thumb ? <Picture image={c.thumb} alt="" sizes="48px" /> : <span className={styles.chip} data-hex={c.colorInfo.hex} />}
            <span className={styles.cardName}>{c.name}</span>
            {c.renderingStatus !== 2 && <span className={styles.rendering}>{messages.rendering}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
