import { useStore } from '@nanostores/react';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { badgeText, UI } from '../../lib/constants';
import { createClientT } from '../../lib/i18n/client';
import { isBuilt } from '../../lib/routes';
import { $sampleBagCount } from '../../lib/stores/sample-bag';
import { $toolbarCollapsed } from '../../lib/stores/toolbar';
import { ArrowUpIcon, BagIcon, BookIcon, CollapseIcon, ExpandIcon, PhoneIcon, RecordIcon, StarIcon } from './icons';
import styles from './RightToolbar.module.css';

interface Props {
  /** The `toolbar` slice of the page language's messages. */
  messages: Record<string, string>;
  /** The bag count known when the page was rendered; islands that change the bag update $sampleBagCount. */
  sampleBagCount?: number;
  initiallyCollapsed: boolean;
  currentPath: string;
  /** Rendered without hydration (a content page ships no JavaScript): the links only, no collapse or back-to-top. */
  scriptless?: boolean;
  /**
   * The drawing (an `<svg>`) of this page address's QR code, to open it on a phone: a slot the layout fills, so its
   * few kilobytes of path come once in the HTML and never as props.
   */
  qr?: ReactNode;
}

const SAMPLE_BAG_PATH = '/sample-bag';
const ENTRIES_ID = 'right-toolbar-entries';
const BAG_COUNT_ID = 'right-toolbar-bag-count';
const MINI_TIP_ID = 'right-toolbar-mini-tip';
/** The layout's <main>, focusable with tabindex -1 for the skip link. */
const MAIN_ID = 'main';

interface EntryProps {
  href: string;
  label: string;
  icon: ReactNode;
  current: boolean;
  describedBy?: string | undefined;
  children?: ReactNode;
}

/** A link with a hover/focus tip; the tip repeats the name, so it is hidden from assistive technology. */
function Entry({ href, label, icon, current, describedBy, children }: EntryProps) {
  return (
    <li className={styles.entry}>
      {/* Named by its text, not aria-label: the badge it also shows is then no mismatch between what is seen and
          what the link is called (WCAG 2.5.3). */}
      <a href={href} className={styles.button} aria-current={current ? 'page' : undefined} aria-describedby={describedBy}>
        {icon}
        <span className="sr-only">{label}</span>
        {children}
      </a>
      <span className={styles.tip} aria-hidden="true">
        {label}
      </span>
    </li>
  );
}

/**
 * The right-side quick toolbar: sample bag with a count badge, collections, request record, color-card books,
 * the mini-program tip, collapse/expand and back-to-top.
 */
export default function RightToolbar({ messages, sampleBagCount, initiallyCollapsed, currentPath, scriptless = false, qr }: Props) {
  const t = createClientT(messages);
  const storeCount = useStore($sampleBagCount);
  const storeCollapsed = useStore($toolbarCollapsed);
  // Until mounted, render from props: the server's copy of a store is shared by every request and means nothing.
  const [mounted, setMounted] = useState(false);
  const [showTop, setShowTop] = useState(false);
  const [miniOpen, setMiniOpen] = useState(false);
  // Escape hides the tips until the pointer or focus moves on (WCAG 1.4.13: dismissible without moving).
  const [tipsDismissed, setTipsDismissed] = useState(false);

  useEffect(() => {
    if (sampleBagCount !== undefined) $sampleBagCount.set(sampleBagCount);
    $toolbarCollapsed.set(initiallyCollapsed);
    setMounted(true);
    // Initial values only: later changes come through the stores, so the props are read once.
  }, []);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setShowTop(window.scrollY > UI.backToTopAfterPx);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  const count = mounted ? storeCount : (sampleBagCount ?? 0);
  const collapsed = !scriptless && (mounted ? storeCollapsed : initiallyCollapsed);
  const showBag = currentPath !== SAMPLE_BAG_PATH;

  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Focus goes to the top of the page along with the view. It also must leave this button first: Chromium
    // abandons a smooth scroll when the focused element is hidden mid-way (the button hides below 300px).
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    if (miniOpen) setMiniOpen(false);
    setTipsDismissed(true);
  };

  const rootClass = [styles.root, tipsDismissed ? styles.tipsDismissed : ''].join(' ');

  return (
    <nav
      className={rootClass}
      aria-label={t('label')}
      onKeyDown={onKeyDown}
      onPointerOver={() => setTipsDismissed(false)}
      onFocus={() => setTipsDismissed(false)}
    >
      <div className={styles.panel}>
        <ul id={ENTRIES_ID} className={styles.entries} hidden={collapsed}>
          {showBag ? (
            <Entry
              href={SAMPLE_BAG_PATH}
              label={t('sampleBag')}
              icon={<BagIcon />}
              current={false}
              describedBy={count > 0 ? BAG_COUNT_ID : undefined}
            >
              {count > 0 ? (
                <>
                  <span className={`count-badge ${styles.badge}`} aria-hidden="true">
                    {badgeText(count)}
                  </span>
                  <span id={BAG_COUNT_ID} hidden>
                    {t('badgeLabel', { count: badgeText(count) })}
                  </span>
                </>
              ) : null}
            </Entry>
          ) : null}
          <Entry
            href="/main/collection/folders"
            label={t('favourites')}
            icon={<StarIcon />}
            current={currentPath === '/main/collection/folders'}
          />
          <Entry href="/applyRecordBuyer" label={t('requestRecord')} icon={<RecordIcon />} current={currentPath === '/applyRecordBuyer'} />
          {isBuilt('/main/color-card-book') ? (
            <Entry href="/main/color-card-book" label={t('colorCardBooks')} icon={<BookIcon />} current={currentPath === '/main/color-card-book'} />
          ) : null}
          {qr ? (
          <li className={`${styles.entry} ${styles.qrEntry} ${miniOpen ? styles.pinned : ''}`}>
            <button
              type="button"
              className={styles.button}
              aria-expanded={miniOpen}
              aria-controls={MINI_TIP_ID}
              aria-describedby={MINI_TIP_ID}
              onClick={() => setMiniOpen((open) => !open)}
              onBlur={() => setMiniOpen(false)}
            >
              <PhoneIcon />
              <span className="sr-only">{t('miniProgram')}</span>
            </button>
            <span id={MINI_TIP_ID} className={`${styles.tip} ${styles.tipWide}`}>
              <strong aria-hidden="true">{t('miniProgram')}</strong>
              {qr}
              <span>{t('miniProgramTip')}</span>
            </span>
          </li>
          ) : null}
        </ul>
        {!scriptless && (
          <div className={styles.entry}>
            <button
              type="button"
              className={`${styles.button} ${styles.toggle}`}
              aria-expanded={!collapsed}
              aria-controls={ENTRIES_ID}
              onClick={() => $toolbarCollapsed.set(!collapsed)}
            >
              {collapsed ? <ExpandIcon size={18} /> : <CollapseIcon size={18} />}
              <span className="sr-only">{collapsed ? t('expand') : t('collapse')}</span>
            </button>
            <span className={styles.tip} aria-hidden="true">
              {collapsed ? t('expand') : t('collapse')}
            </span>
          </div>
        )}
      </div>
      {!scriptless && (
        <div className={`${styles.entry} ${styles.topWrap}`}>
          <button type="button" className={`${styles.button} ${styles.top}`} hidden={!showTop} onClick={toTop}>
            <ArrowUpIcon size={20} />
            <span className="sr-only">{t('backToTop')}</span>
          </button>
          <span className={styles.tip} aria-hidden="true">
            {t('backToTop')}
          </span>
        </div>
      )}
    </nav>
  );
}
