import { useEffect, useRef, useState } from 'react';
import type { HomepageModule } from '../../lib/contracts/merchant-homepage';
import { HOMEPAGE_PREVIEW_PATH } from '../../lib/contracts/merchant-homepage-rules';
import type { ClientT } from '../../lib/i18n/client';
import styles from './HomepageBuilder.module.css';

interface Props {
  t: ClientT;
  modules: readonly HomepageModule[];
}

/** How long the preview waits after the last change before it renders again. */
const SETTLE_MS = 500;

type Frame = { id: number; ready: boolean };

/**
 * The preview: `/content-preview` rendering the modules being edited, posted by a form into a frame. Each render
 * goes into a new frame, shown once it has loaded (no blank flash, the scroll position kept): a new frame's first
 * page replaces its blank one, so the previews add nothing to the browser's history.
 */
export function PreviewPane({ t, modules }: Props) {
  const content = JSON.stringify({ modules });
  const [frames, setFrames] = useState<Frame[]>([]);
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const refs = useRef(new Map<number, HTMLIFrameElement>());
  const sent = useRef(new Set<number>());
  const counter = useRef(0);

  useEffect(() => {
    const timer = setTimeout(
      () => {
        const id = ++counter.current;
        // The frame on show stays until the new one has loaded; frames still loading are given up.
        setFrames((prev) => [...prev.filter((f) => f.ready).slice(-1), { id, ready: false }]);
      },
      counter.current === 0 ? 0 : SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [content]);

  useEffect(() => {
    const pending = frames.find((f) => !f.ready);
    if (!pending || sent.current.has(pending.id) || !form.current || !field.current) return;
    sent.current.add(pending.id);
    field.current.value = content;
    form.current.target = `homepage-preview-${pending.id}`;
    form.current.submit();
  }, [frames, content]);

  function loaded(id: number) {
    const frame = refs.current.get(id);
    // The blank page a new frame starts with loads too; only the posted preview counts.
    if (!frame || !sent.current.has(id) || frame.contentWindow?.location.href === 'about:blank') return;
    const shown = frames.find((f) => f.ready);
    const scrollY = shown ? (refs.current.get(shown.id)?.contentWindow?.scrollY ?? 0) : 0;
    if (scrollY) frame.contentWindow?.scrollTo(0, scrollY);
    setFrames((prev) => prev.filter((f) => f.id >= id).map((f) => (f.id === id ? { ...f, ready: true } : f)));
  }

  return (
    <section className={styles.preview} aria-labelledby="homepage-preview-title">
      <div className={styles.previewHead}>
        <h2 id="homepage-preview-title">{t('homepage.builder.preview.heading')}</h2>
        <div role="group" aria-label={t('homepage.builder.preview.width')} className={styles.segmented}>
          {(['desktop', 'phone'] as const).map((w) => (
            <button key={w} type="button" className={`btn btn-ghost ${styles.small}`} aria-pressed={width === w} onClick={() => setWidth(w)}>
              {t(`homepage.builder.preview.${w}`)}
            </button>
          ))}
        </div>
      </div>
      <p className={styles.muted}>{t('homepage.builder.preview.note')}</p>
      <form ref={form} method="post" action={HOMEPAGE_PREVIEW_PATH} hidden>
        <input ref={field} type="hidden" name="content" defaultValue="" />
      </form>
      <div className={`${styles.previewStage} ${width === 'phone' ? styles.phone : ''}`}>
        {frames.map((f) => (
          <iframe
            key={f.id}
            name={`homepage-preview-${f.id}`}
            ref={(el) => void (el ? refs.current.set(f.id, el) : refs.current.delete(f.id))}
            title={t('homepage.builder.preview.frame')}
            className={f.ready ? styles.frame : styles.frameLoading}
            aria-hidden={f.ready ? undefined : true}
            tabIndex={f.ready ? undefined : -1}
            onLoad={() => loaded(f.id)}
          />
        ))}
      </div>
    </section>
  );
}
