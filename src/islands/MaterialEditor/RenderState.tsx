import { useEffect, useState } from 'react';
import { ApiError, messageFor } from '../../lib/api/client';
import { materialFileApi } from '../../lib/api/material-files';
import { RENDER_STATUS } from '../../lib/constants';
import type { MaterialRender } from '../../lib/contracts/material-renders';
import { ERROR } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { Picture } from '../shared/Picture';
import styles from './MaterialEditor.module.css';

/** How often the state is asked for while a card waits or renders. */
const POLL_MS = 2000;
const WAITING: number[] = [RENDER_STATUS.queued, RENDER_STATUS.rendering];

/**
 * The saved material's renders, card by card (docs/product/material-files.md#rendering): followed while any card
 * waits or renders, so the supplier sees queued turn to success without reloading; failed ones can be rendered
 * again, waiting ones cancelled. `version` changes after each save, which asks again.
 */
export function RenderState({ materialId, version, t }: { materialId: number; version: number; t: ClientT }) {
  const [render, setRender] = useState<MaterialRender | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const next = await materialFileApi.render(materialId, { silent: true });
        if (stopped || !next) return;
        setRender(next);
        setError('');
        if (next.cards.some((c) => WAITING.includes(c.renderingStatus))) timer = setTimeout(load, POLL_MS);
      } catch (e) {
        if (!stopped) setError(e instanceof ApiError ? messageFor(t, e.code, e.message) : messageFor(t, ERROR.unknown, undefined));
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [materialId, version, asked]);

  async function change(call: typeof materialFileApi.retry) {
    setBusy(true);
    try {
      await call(materialId, { silent: true });
      setAsked((n) => n + 1);
    } catch (e) {
      setError(e instanceof ApiError ? messageFor(t, e.code, e.message) : messageFor(t, ERROR.unknown, undefined));
    } finally {
      setBusy(false);
    }
  }

  if (!render?.hasFile) return error ? <p className={styles.error}>{error}</p> : null;
  const waiting = render.cards.some((c) => WAITING.includes(c.renderingStatus));
  const retryable = render.cards.some((c) => c.renderingStatus === RENDER_STATUS.failed || c.renderingStatus === RENDER_STATUS.cancelled);
  return (
    <section className={styles.renders} aria-labelledby="render-state-title">
      <h2 id="render-state-title">{t('editor.render.title')}</h2>
      <p role="status" className={styles.muted}>
        {render.fullyRendered ? t('editor.render.fully') : waiting ? t('editor.render.waiting') : t('editor.render.notFully')}
      </p>
      <ul className={styles.renderList}>
        {render.cards.map((card) => (
          <li key={card.colorCardId} className={styles.renderItem} data-status={card.renderingStatus}>
            {card.pictures ? (
              <Picture image={card.pictures.preview} alt={t('editor.render.previewOf', { name: card.name })} sizes="96px" className={styles.renderThumb} />
            ) : (
              <svg className={styles.renderThumb} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="11" fill={card.hex} />
              </svg>
            )}
            <div>
              <strong>{card.name}</strong>
              <span className={`pill ${styles.renderPill}`}>{t(`editor.render.status.${card.renderingStatus}`, { defaultValue: String(card.renderingStatus) })}</span>
              {card.reason && <p className={styles.muted}>{t('editor.render.reason', { reason: card.reason })}</p>}
            </div>
          </li>
        ))}
      </ul>
      {error && <p className={styles.error}>{error}</p>}
      <div className={styles.fileActions}>
        {retryable && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void change(materialFileApi.retry)}>
            {t('editor.render.retry')}
          </button>
        )}
        {waiting && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void change(materialFileApi.cancel)}>
            {t('editor.render.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}
