import { useMenuButton } from '../MenuButton/useMenuButton';
import { ChevronDown, LogOut } from '../MenuButton/icons';
import styles from '../MenuButton/MenuButton.module.css';
import own from './UserMenu.module.css';

export interface UserMenuEntry {
  href: string;
  label: string;
}

interface Props {
  /** Accessible name of the button (header.userMenu). */
  label: string;
  displayName: string;
  /** Already filtered for the user's role, certification and permissions by the server. */
  entries: UserMenuEntry[];
  logoutLabel: string;
  logoutAction: string;
  /**
   * Rendered without hydration (a content page ships no JavaScript): a native disclosure of plain links and the
   * logout form instead of the scripted menu.
   */
  scriptless?: boolean;
}

const LOGOUT_FORM_ID = 'user-menu-logout';

/** The signed-in user's menu. Guests never get this island: their sign-in link is plain server-rendered HTML. */
export default function UserMenu(props: Props) {
  return props.scriptless ? <UserDisclosure {...props} /> : <UserMenuButton {...props} />;
}

const initialOf = (displayName: string) => Array.from(displayName.trim())[0]?.toUpperCase() ?? '';

function UserMenuButton({ label, displayName, entries, logoutLabel, logoutAction }: Props) {
  const { rootRef, buttonProps, menuProps } = useMenuButton('user');
  const initial = initialOf(displayName);

  return (
    <div className={styles.root} ref={rootRef}>
      {/* Named by its text ("User menu: name"), so what is seen is part of what it is called (WCAG 2.5.3). */}
      <button {...buttonProps} className={`${styles.trigger} ${own.trigger}`} title={label}>
        <span className={own.avatar} aria-hidden="true">
          {initial}
        </span>
        <span className="sr-only">{label}: </span>
        <span className={own.name}>{displayName}</span>
        <ChevronDown size={14} className={styles.chevron} />
      </button>
      {/* Outside the menu so the menu owns only menu items; the submit button points at it with `form`. */}
      <form id={LOGOUT_FORM_ID} method="post" action={logoutAction} hidden />
      <ul {...menuProps} className={`${styles.menu} ${own.menu}`}>
        {entries.map((entry) => (
          <li role="none" key={entry.href}>
            <a role="menuitem" tabIndex={-1} href={entry.href} className={styles.item}>
              {entry.label}
            </a>
          </li>
        ))}
        <li role="separator" className={styles.separator} />
        <li role="none">
          <button type="submit" form={LOGOUT_FORM_ID} role="menuitem" tabIndex={-1} className={`${styles.item} ${styles.danger}`}>
            <LogOut size={16} />
            {logoutLabel}
          </button>
        </li>
      </ul>
    </div>
  );
}

function UserDisclosure({ label, displayName, entries, logoutLabel, logoutAction }: Props) {
  return (
    <details className={`${styles.root} ${styles.disclosure}`}>
      <summary className={`${styles.trigger} ${own.trigger}`} title={label}>
        <span className={own.avatar} aria-hidden="true">
          {initialOf(displayName)}
        </span>
        <span className="sr-only">{label}: </span>
        <span className={own.name}>{displayName}</span>
        <ChevronDown size={14} className={styles.chevron} />
      </summary>
      <ul className={`${styles.menu} ${own.menu}`}>
        {entries.map((entry) => (
          <li key={entry.href}>
            <a href={entry.href} className={styles.item}>
              {entry.label}
            </a>
          </li>
        ))}
        <li className={styles.separator} aria-hidden="true" />
        <li>
          <form method="post" action={logoutAction}>
            <button type="submit" className={`${styles.item} ${styles.danger}`}>
              <LogOut size={16} />
              {logoutLabel}
            </button>
          </form>
        </li>
      </ul>
    </details>
  );
}
