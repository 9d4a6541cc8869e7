import styles from './Pager.module.css';

interface PagerProps {
  /** The navigation's accessible name. */
  label: string;
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  text: { previous: string; next: string; pageInfo: (page: number, pages: number) => string };
}

/** Previous and next for a list an island pages itself; nothing when everything fits on one page. */
export function Pager({ label, page, size, total, onPage, text }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (total <= size) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {text.previous}
      </button>
      <span>{text.pageInfo(page, pages)}</span>
      <button type="button" className="btn btn-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {text.next}
      </button>
    </nav>
  );
}
