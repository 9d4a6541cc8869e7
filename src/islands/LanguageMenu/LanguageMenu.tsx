import { useMenuButton } from '../MenuButton/useMenuButton';
import { Check, ChevronDown, Globe } from '../MenuButton/icons';
import styles from '../MenuButton/MenuButton.module.css';

export interface LanguageOption {
  code: string;
  /** The language's own name, the same in every UI language. */
  name: string;
  /** BCP 47 tag, so screen readers pronounce each name in its own language. */
  htmlLang: string;
}

interface Props {
  current: string;
  /** Accessible name of the button (header.language). */
  label: string;
  options: LanguageOption[];
  cookieName: string;
}

const ONE_YEAR_S = 31_536_000;

/**
 * Language switcher. The choice is a cookie the server reads on every request, then a reload: pages are rendered
 * server-side, so there is nothing to re-translate in place.
 */
export default function LanguageMenu({ current, label, options, cookieName }: Props) {
  const { rootRef, buttonProps, menuProps, close } = useMenuButton('language');
  const currentName = options.find((o) => o.code === current)?.name ?? current;

  const choose = (code: string) => {
    if (code === current) {
      close(true);
      return;
    }
    document.cookie = `${cookieName}=${encodeURIComponent(code)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
    window.location.reload();
  };

  return (
    <div className={styles.root} ref={rootRef}>
      {/* The name starts with the visible text's purpose and contains it (WCAG 2.5.3 label in name). */}
      <button {...buttonProps} className={styles.trigger} aria-label={`${label}: ${currentName}`} title={label}>
        <Globe size={18} />
        <span>{currentName}</span>
        <ChevronDown size={14} className={styles.chevron} />
      </button>
      <ul {...menuProps} className={styles.menu}>
        {options.map((option) => {
          const checked = option.code === current;
          return (
            <li role="none" key={option.code}>
              <button
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                lang={option.htmlLang}
                className={styles.item}
                onClick={() => choose(option.code)}
              >
                <span className={styles.check}>{checked ? <Check size={16} /> : null}</span>
                {option.name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
