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
}

const LOGOUT_FORM_ID = 'user-menu-logout';

/** The signed-in user's menu. Guests never get this island: their sign-in link is plain server-rendered HTML. */
export default function UserMenu({ label, displayName, entries, logoutLabel, logoutAction }: Props) {
  const { rootRef, buttonProps, menuProps } = useMenuButton('user');
  const initial = Array.from(displayName.trim())[0]?.toUpperCase() ?? '';

  return (
    <div className={styles.root} ref={rootRef}>
      <button {...buttonProps} className={`${styles.trigger} ${own.trigger}`} aria-label={`${label}: ${displayName}`} title={label}>
        <span className={own.avatar} aria-hidden="true">
          {initial}
        </span>
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
