import { useId, useMemo, useState } from 'react';
import type { HomepageAssets } from '../../lib/contracts/merchant-homepage';
import { FEATURED_MATERIALS_MAX } from '../../lib/contracts/merchant-homepage-rules';
import type { ClientT } from '../../lib/i18n/client';
import { Picture } from '../shared/Picture';
import { move } from './draft';
import styles from './HomepageBuilder.module.css';

type Material = HomepageAssets['materials'][number];

interface Props {
  t: ClientT;
  materials: readonly Material[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}

const SHOWN = 40;

/** The chosen materials in their order, and the company's published materials to choose from, found by name. */
export function MaterialPicker({ t, materials, chosen, onChange, error }: Props) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const byId = useMemo(() => new Map(materials.map((m) => [m.id, m])), [materials]);
  const words = query.trim().toLowerCase();
  const matches = materials.filter((m) => !words || m.name.toLowerCase().includes(words) || m.serialNo.toLowerCase().includes(words));
  const full = chosen.length >= FEATURED_MATERIALS_MAX;
  const name = (id: number) => byId.get(id)?.name ?? t('homepage.materialPicker.unavailable', { id });
  const toggle = (id: number) => onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

  return (
    <div className={styles.materialPicker}>
      <p className={styles.muted}>{t('homepage.materialPicker.chosen', { count: chosen.length, max: FEATURED_MATERIALS_MAX })}</p>
      {error && <p className={styles.error}>{error}</p>}
      {chosen.length > 0 && (
        <ol className={styles.chosenList} aria-label={t('homepage.materialPicker.chosenList')}>
          {chosen.map((id, i) => (
            <li key={id} className={byId.has(id) ? undefined : styles.gone}>
              <span className={styles.position}>{i + 1}.</span>
              <span className={styles.chosenName}>{name(id)}</span>
              <span className={styles.rowActions}>
                <button type="button" className={styles.iconButton} aria-label={t('homepage.materialPicker.moveUp', { name: name(id) })} disabled={i === 0} onClick={() => onChange(move(chosen, i, i - 1))}>
                  ↑
                </button>
                <button type="button" className={styles.iconButton} aria-label={t('homepage.materialPicker.moveDown', { name: name(id) })} disabled={i === chosen.length - 1} onClick={() => onChange(move(chosen, i, i + 1))}>
                  ↓
                </button>
                <button type="button" className={styles.iconButton} aria-label={t('homepage.materialPicker.remove', { name: name(id) })} onClick={() => onChange(chosen.filter((x) => x !== id))}>
                  ×
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {materials.length === 0 ? (
        <p className={styles.muted}>{t('homepage.materialPicker.none')}</p>
      ) : (
        <>
          <label htmlFor={searchId} className={styles.label}>
            {t('homepage.materialPicker.search')}
          </label>
          <input id={searchId} type="search" className={styles.input} value={query} placeholder={t('homepage.materialPicker.searchHint')} onChange={(e) => setQuery(e.target.value)} />
          {matches.length === 0 ? (
            <p className={styles.muted}>{t('homepage.materialPicker.noMatch')}</p>
          ) : (
            <ul className={styles.materialOptions}>
              {matches.slice(0, SHOWN).map((m) => {
                const on = chosen.includes(m.id);
                return (
                  <li key={m.id}>
                    <label className={styles.materialOption}>
                      <input type="checkbox" checked={on} disabled={!on && full} onChange={() => toggle(m.id)} />
                      {m.cover ? <Picture image={m.cover} alt="" sizes="40px" className={styles.materialCover} /> : <span className={styles.materialCover} aria-hidden="true" />}
                      <span>
                        {m.name}
                        {m.serialNo && <span className={styles.muted}> · {m.serialNo}</span>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {matches.length > SHOWN && <p className={styles.muted}>{t('homepage.materialPicker.more', { count: SHOWN })}</p>}
        </>
      )}
    </div>
  );
}
