import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CloseIcon, LockIcon, MenuIcon } from '../MenuButton/icons';
import { usePointerOutside } from '../shared/usePointerOutside';
import styles from './PhoneNav.module.css';

export interface PhoneNavLink {
  label: string;
  href: string;
  current: boolean;
  /** A guest's entry to a login-required page: shown, but not a link. */
  locked?: boolean;
  children?: { label: string; href: string; current: boolean }[];
}

interface Props {
  /** Names of the toggle (open and close) and of the navigation landmark. */
  openLabel: string;
  closeLabel: string;
  navLabel: string;
  lockedTitle: string;
  /** The header's main tabs, then its shortcuts (join-us or the dashboard, news). */
  tabs: PhoneNavLink[];
  shortcuts: PhoneNavLink[];
}

/**
 * The compact header's menu (docs/product/routes.md#header-and-navigation): below the desktop breakpoint the tabs
 * and shortcuts move behind one button. It is a native disclosure, so it opens before hydration and on pages that
 * ship no script; once hydrated, Escape, a press outside and following a link close it, and the toggle's name
 * follows its state.
 */
export default function PhoneNav({ openLabel, closeLabel, navLabel, lockedTitle, tabs, shortcuts }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDetailsElement>(null);
  const close = useCallback(() => setOpen(false), []);
  usePointerOutside(open, rootRef, close);

  // The page behind an open menu does not scroll away under the finger.
  useEffect(() => {
    document.documentElement.classList.toggle('phone-nav-open', open);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    rootRef.current?.querySelector('summary')?.focus();
  };

  const item = (link: PhoneNavLink, child = false) =>
    link.locked ? (
      <span className={`${styles.link} ${styles.locked}`} aria-disabled="true" title={lockedTitle}>
        {link.label}
        <LockIcon size={14} />
      </span>
    ) : (
      <a className={`${styles.link} ${child ? styles.child : ''}`} href={link.href} aria-current={link.current ? 'page' : undefined} onClick={close}>
        {link.label}
      </a>
    );

  return (
    <details
      ref={rootRef}
      className={styles.root}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={onKeyDown}
    >
      <summary className={styles.toggle} aria-label={open ? closeLabel : openLabel} title={open ? closeLabel : openLabel}>
        {open ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
      </summary>
      <nav className={styles.panel} aria-label={navLabel}>
        <ul className={styles.list}>
          {tabs.map((tab) => (
            <li key={tab.href}>
              {item(tab)}
              {tab.children && tab.children.length > 0 && !tab.locked && (
                <ul className={styles.list}>
                  {tab.children.map((child) => (
                    <li key={child.href}>{item({ ...child }, true)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        {shortcuts.length > 0 && (
          <ul className={`${styles.list} ${styles.shortcuts}`}>
            {shortcuts.map((link) => (
              <li key={link.href}>{item(link)}</li>
            ))}
          </ul>
        )}
      </nav>
    </details>
  );
}
