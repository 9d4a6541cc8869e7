import { useStore } from '@nanostores/react';
import { Component, lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { $chosenColorCard } from '../../lib/stores/color-card';
import { useHydrated } from '../shared/useHydrated';
import { chosenCard, normalizeHex } from './cards';
import { RadioGroup } from './RadioGroup';
import type { MaterialPreview3DProps, PreviewCard } from './types';
import { hasWebGL } from './webgl';
import styles from './MaterialPreview3D.module.css';

export type { MaterialPreview3DProps } from './types';

// The viewer brings three.js, @react-three/fiber and drei, several times this island's size: only a press on
// the button fetches them, so a visitor who never opens the preview downloads none of it. Nothing else in this
// island may import them, or the bundler would pull them in with it.
const loadViewer = () => import('./Viewer');

type Phase = 'closed' | 'open' | 'noWebgl' | 'lost';

/**
 * The material in 3D on the detail page: before it is opened (and where it cannot be), the chosen color card's
 * picture; once opened, the material on a sphere, a swatch or a hanging cloth. The color card is the page's shared
 * choice: the gallery's switch moves this view, this view's switch moves the gallery.
 */
export default function MaterialPreview3D(props: MaterialPreview3DProps) {
  const { materialName, cards, initialCardId, messages } = props;
  const t = createClientT(messages as Dict);
  const hydrated = useHydrated();
  const card = chosenCard(cards, useStore($chosenColorCard), initialCardId);
  const [phase, setPhase] = useState<Phase>('closed');
  // A new attempt remounts the viewer, and the error boundary around it forgets the failure. A lazy component
  // keeps a failed download for good, so each attempt has its own.
  const [attempt, setAttempt] = useState(0);
  const Viewer = useMemo(() => lazy(loadViewer), [attempt]);
  const subject = card ? t('preview3d.subject', { name: materialName, card: card.name }) : materialName;
  const onContextLost = useCallback(() => setPhase('lost'), []);

  const toggle = () => setPhase(phase === 'closed' ? (hasWebGL() ? 'open' : 'noWebgl') : 'closed');
  const retry = () => {
    setAttempt((n) => n + 1);
    setPhase('open');
  };
  const still = <Still card={card} alt={subject} />;
  const notice = phase === 'noWebgl' ? t('preview3d.noWebgl') : phase === 'lost' ? t('preview3d.lost') : undefined;
  const retryButton = (
    <button type="button" className={`btn btn-secondary ${styles.action}`} onClick={retry}>
      {t('preview3d.retry')}
    </button>
  );

  return (
    <section className={styles.preview} aria-label={t('preview3d.title', { name: materialName })}>
      {phase === 'open' ? (
        <ViewerBoundary key={attempt} fallback={<Stage still={still} message={t('preview3d.failed')} tone="alert" action={retryButton} />}>
          <Suspense fallback={<Stage still={still} message={t('preview3d.loading')} tone="busy" />}>
            <Viewer {...props} card={card} subject={subject} t={t} onContextLost={onContextLost} />
          </Suspense>
        </ViewerBoundary>
      ) : (
        <Stage still={still} message={notice} tone="alert" action={phase === 'lost' ? retryButton : undefined} />
      )}
      {phase !== 'closed' && cards.length > 1 && (
        <RadioGroup
          label={t('preview3d.colorCard')}
          options={cards.map((c) => ({ value: c.id, label: c.name, swatch: <Chip hex={c.hex} /> }))}
          value={card?.id ?? -1}
          onChange={(id) => $chosenColorCard.set(id)}
        />
      )}
      <div className={styles.toolbar}>
        <button type="button" className={`btn ${phase === 'closed' ? 'btn-primary' : 'btn-secondary'} ${styles.action}`} disabled={!hydrated} onClick={toggle}>
          <CubeIcon />
          {phase === 'closed' ? t('preview3d.open') : t('preview3d.close')}
        </button>
      </div>
    </section>
  );
}

/** The square the 3D view takes, holding the card's picture and, over it, what is happening. */
function Stage({ still, message, tone, action }: { still: ReactNode; message?: string | undefined; tone: 'busy' | 'alert'; action?: ReactNode }) {
  return (
    <div className={styles.stage}>
      {still}
      {message && (
        <div className={styles.notice} role={tone === 'alert' ? 'alert' : 'status'}>
          {tone === 'busy' && <span className={styles.spinner} aria-hidden="true" />}
          <p>{message}</p>
          {action}
        </div>
      )}
    </div>
  );
}

/** The card's picture; a card not yet pictured shows its plain color (an SVG fill: the page's CSP refuses style attributes). */
function Still({ card, alt }: { card: PreviewCard | null; alt: string }) {
  if (card?.fallback) return <img className={styles.still} src={card.fallback} alt={alt} decoding="async" />;
  return (
    <svg className={styles.still} viewBox="0 0 1 1" preserveAspectRatio="none" role="img" aria-label={alt}>
      <rect width="1" height="1" fill={normalizeHex(card?.hex) ?? 'none'} />
    </svg>
  );
}

function Chip({ hex }: { hex: string }) {
  return (
    <svg className={styles.chip} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="19" height="19" rx="4" fill={normalizeHex(hex) ?? 'none'} stroke="currentColor" strokeOpacity="0.25" />
    </svg>
  );
}

function CubeIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 3 20 7.5v9L12 21l-8-4.5v-9L12 3ZM4 7.5l8 4.5 8-4.5M12 12v9" />
    </svg>
  );
}

/**
 * Catches what breaks the viewer: its code failing to download, a texture failing to load, the renderer failing to
 * start (the 3D library rethrows errors from inside the scene to here).
 */
class ViewerBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
