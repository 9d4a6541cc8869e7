import { useRef } from 'react';
import { COLOR_SWATCHES, normalizeHex } from '../../lib/color-search';
import { COLOR_CARD_NAME_MAX, COLOR_CARDS_MAX, GALLERY_MAX } from '../../lib/contracts/material-edit-rules';
import type { ClientT } from '../../lib/i18n/client';
import { controlId } from '../../lib/material-editor';
import { formStyles } from '../shared/forms';
import type { UploadMessages } from '../shared/upload/FileUploader';
import styles from './MaterialEditor.module.css';
import { move, PictureList, type Pic } from './Pictures';

export type Card = { key: string; id?: number; name: string; hex: string; isDefault: boolean; isBan: boolean; images: Pic[] };

interface Props {
  cards: Card[];
  t: ClientT;
  uploadMessages: UploadMessages;
  errors: (path: string) => string[];
  onChange: (update: (prev: Card[]) => Card[]) => void;
}

let next = 0;
export const cardKey = () => `card-${Date.now().toString(36)}-${(next += 1)}`;

/** The color cards (docs/product/material-editor.md#color-cards): add, remove, reorder, name, color, default; file-bound ones keep their color. */
export function ColorCards({ cards, t, uploadMessages, errors, onChange }: Props) {
  const moveButtons = useRef<Map<string, HTMLButtonElement | null>>(new Map());
  const update = (index: number, patch: Partial<Card>) => onChange((prev) => prev.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const reorder = (from: number, to: number, which: 'up' | 'down') => {
    onChange((prev) => move(prev, from, to));
    requestAnimationFrame(() => (moveButtons.current.get(`${to}:${which}`) ?? moveButtons.current.get(`${to}:${which === 'up' ? 'down' : 'up'}`))?.focus());
  };
  const cardsProblems = errors('colorCards');

  return (
    <fieldset className={styles.section} id={controlId('colorCards')} tabIndex={-1}>
      <legend>{t('editor.cards.legend')}</legend>
      <p className={styles.muted}>{t('editor.cards.hint', { max: COLOR_CARDS_MAX })}</p>
      {cardsProblems.length > 0 && <p className={styles.error}>{cardsProblems.join(' ')}</p>}
      <ol className={styles.cardList}>
        {cards.map((card, i) => {
          const n = i + 1;
          const path = `colorCards[${i}]`;
          const nameErrors = errors(`${path}.name`);
          const hexErrors = errors(`${path}.hex`);
          const otherErrors = [...errors(path), ...errors(`${path}.id`), ...errors(`${path}.isDefault`)];
          const nameLength = [...card.name].length;
          const valid = normalizeHex(card.hex);
          return (
            <li key={card.key} className={styles.card} id={controlId(path)} tabIndex={-1} aria-label={t('editor.cards.card', { n })}>
              <div className={styles.cardHead}>
                <svg className={styles.swatch} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <rect x="0.5" y="0.5" width="23" height="23" rx="4" fill={valid ? `#${valid}` : 'none'} stroke="currentColor" strokeOpacity="0.25" />
                </svg>
                <strong>{t('editor.cards.card', { n })}</strong>
                {card.isBan && <span className="pill">{t('editor.cards.locked')}</span>}
                <span className={styles.spacer} />
                <button type="button" ref={(el) => void moveButtons.current.set(`${i}:up`, el)} className={styles.iconButton} aria-label={t('editor.cards.moveUp', { n })} disabled={i === 0} onClick={() => reorder(i, i - 1, 'up')}>
                  ↑
                </button>
                <button type="button" ref={(el) => void moveButtons.current.set(`${i}:down`, el)} className={styles.iconButton} aria-label={t('editor.cards.moveDown', { n })} disabled={i === cards.length - 1} onClick={() => reorder(i, i + 1, 'down')}>
                  ↓
                </button>
                <button type="button" className={styles.iconButton} aria-label={t('editor.cards.remove', { n })} disabled={cards.length === 1} onClick={() => onChange((prev) => prev.filter((_, j) => j !== i))}>
                  ×
                </button>
              </div>
              <div className={styles.cardFields}>
                <div className={formStyles.field}>
                  <label htmlFor={controlId(`${path}.name`)}>
                    {t('editor.cards.name')}
                    <span className={styles.required} aria-hidden="true">
                      {' *'}
                    </span>
                  </label>
                  <input
                    id={controlId(`${path}.name`)}
                    value={card.name}
                    maxLength={COLOR_CARD_NAME_MAX}
                    aria-required
                    aria-invalid={nameErrors.length ? true : undefined}
                    aria-describedby={`${controlId(`${path}.name`)}-hint${nameErrors.length ? ` ${controlId(`${path}.name`)}-error` : ''}`}
                    onChange={(e) => update(i, { name: e.target.value })}
                  />
                  <p id={`${controlId(`${path}.name`)}-hint`} className={formStyles.hint}>
                    {t('editor.counter', { count: nameLength, max: COLOR_CARD_NAME_MAX })}
                  </p>
                  {nameErrors.length > 0 && (
                    <p id={`${controlId(`${path}.name`)}-error`} className={formStyles.error}>
                      {nameErrors.join(' ')}
                    </p>
                  )}
                </div>
                <div className={formStyles.field}>
                  <label htmlFor={controlId(`${path}.hex`)}>{t('editor.cards.hex')}</label>
                  <div className={styles.group}>
                    <input
                      id={controlId(`${path}.hex`)}
                      value={card.hex}
                      maxLength={7}
                      readOnly={card.isBan}
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={hexErrors.length ? true : undefined}
                      aria-describedby={hexErrors.length ? `${controlId(`${path}.hex`)}-error` : undefined}
                      onChange={(e) => update(i, { hex: e.target.value.trim() })}
                    />
                    <input type="color" className={styles.colorInput} aria-label={t('editor.cards.picker')} value={valid ? `#${valid}` : '#000000'} disabled={card.isBan} onChange={(e) => update(i, { hex: e.target.value })} />
                  </div>
                  {!card.isBan && (
                    <div className={styles.swatches}>
                      {COLOR_SWATCHES.map((s) => (
                        <button key={s.key} type="button" className={styles.swatchButton} aria-label={`#${s.hex}`} onClick={() => update(i, { hex: `#${s.hex}` })}>
                          <svg viewBox="0 0 10 10" aria-hidden="true" focusable="false">
                            <circle cx="5" cy="5" r="5" fill={`#${s.hex}`} />
                          </svg>
                        </button>
                      ))}
                    </div>
                  )}
                  {hexErrors.length > 0 && (
                    <p id={`${controlId(`${path}.hex`)}-error`} className={formStyles.error}>
                      {hexErrors.join(' ')}
                    </p>
                  )}
                </div>
                <label className={styles.choice}>
                  <input type="radio" name="default-card" checked={card.isDefault} onChange={() => onChange((prev) => prev.map((c, j) => ({ ...c, isDefault: j === i })))} />
                  {t('editor.cards.isDefault')}
                </label>
              </div>
              {otherErrors.length > 0 && <p className={styles.error}>{otherErrors.join(' ')}</p>}
              <PictureList
                label={t('editor.cards.images')}
                path={`${path}.imageIds`}
                t={t}
                uploadMessages={uploadMessages}
                errors={errors}
                pics={card.images}
                max={GALLERY_MAX}
                onChange={(f) => onChange((prev) => prev.map((c, j) => (j === i ? { ...c, images: f(c.images) } : c)))}
              />
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-secondary" disabled={cards.length >= COLOR_CARDS_MAX} onClick={() => onChange((prev) => [...prev, { key: cardKey(), name: '', hex: '#808080', isDefault: prev.length === 0, isBan: false, images: [] }])}>
        {cards.length >= COLOR_CARDS_MAX ? t('editor.cards.full') : t('editor.cards.add')}
      </button>
    </fieldset>
  );
}
