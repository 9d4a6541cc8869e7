import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { searchApi } from '../../lib/api/search';
import type { SearchWords, Suggestion } from '../../lib/contracts/search';
import { SEARCH } from '../../lib/constants';
import { highlightParts } from '../../lib/highlight';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { usePointerOutside } from '../shared/usePointerOutside';
import styles from './SearchBox.module.css';

const SEARCH_PATH = '/search/materials';

const SearchIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" aria-hidden="true" focusable="false">
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4" />
  </svg>
);

/** One entry the arrows move through: where it leads (or, for "clear history", what it does) and the history word it can forget. */
type Entry = { id: string; href?: string; action?: () => void; history?: string };

export interface SearchBoxProps {
  /** The words of the results page being shown, so they stay in the box. */
  value: string;
  /** Guests see hot words only: history belongs to a signed-in user. */
  signedIn: boolean;
  /** `MESSAGES[lang].search`. */
  messages: Dict;
}

const searchHref = (keywords: string, categoryId?: number) => `${SEARCH_PATH}?${new URLSearchParams({ keywords, ...(categoryId ? { categoryId: String(categoryId) } : {}) }).toString()}`;

/**
 * The header search box (docs/product/routes.md#search-box, docs/product/constants.md), an ARIA combobox over the plain GET form the
 * server renders, so without script (or before hydration) Enter still searches. Focus widens it (140 → 400 px) and
 * opens a panel: the signed-in user's history (newest first, 20, each deletable, or all) and the hot words; typing
 * asks for suggestions 100 ms after the last key, dropping stale requests, with the typed part marked and up to 5
 * categories per suggestion, each a link to the search in that category. Arrows move through the entries (focus
 * stays in the box: aria-activedescendant), Enter opens the active entry or searches the text, Delete forgets the
 * active history entry. Escape closes the panel; a second Escape, with the panel closed, clears the text. A click
 * outside closes. The placeholder rotates through the shading words every 5 s while the box is idle and empty; an
 * empty search takes the shading word shown. A failed call only means an empty section: typing never breaks.
 */
export default function SearchBox({ value, signedIn, messages }: SearchBoxProps) {
  const t = createClientT(messages);
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const closeList = useCallback(() => setOpen(false), []);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const [words, setWords] = useState<SearchWords>({ hotWords: [], shadingWords: [] });
  const [history, setHistory] = useState<string[]>([]);
  const [suggestions, setSuggestions] = useState<{ for: string; list: Suggestion[] }>({ for: '', list: [] });
  const [loading, setLoading] = useState(false);
  const [shading, setShading] = useState(-1);
  // The compact header shows only a search button until the box is opened (by focus, before or after hydration);
  // this keeps it open while the person taps elsewhere in the search row, e.g. the image search.
  const [expanded, setExpanded] = useState(false);
  const rootRef = useRef<HTMLFormElement>(null);
  const typed = text.trim();

  // Words typed before hydration stay the box's text.
  useEffect(() => {
    const early = rootRef.current?.elements.namedItem('keywords');
    if (early instanceof HTMLInputElement && early.value) setText(early.value);
  }, []);

  // Hot and shading words once per page (the placeholder needs them before any focus).
  useEffect(() => {
    searchApi.words({ silent: true }).then(
      (w) => w && setWords(w),
      () => undefined,
    );
  }, []);

  // docs/product/constants.md: the placeholder moves on every 5 s, but not under a reader's eyes (focused) or behind typed text.
  useEffect(() => {
    const count = words.shadingWords.length;
    // The first word shows as soon as the words arrive, focused or not, so an empty search always has one.
    if (count > 0 && shading < 0) setShading(0);
    if (count === 0 || focused || text) return;
    const timer = setInterval(() => setShading((i) => (i + 1) % count), SEARCH.shadingRotateMs);
    return () => clearInterval(timer);
  }, [words.shadingWords.length, focused, text, shading]);

  // The history is read each time the panel opens: a search made since then must show.
  useEffect(() => {
    if (!open || !signedIn) return;
    searchApi.history(SEARCH.historyMax, { silent: true }).then(
      (list) => setHistory((list ?? []).map((w) => w.word)),
      () => setHistory([]),
    );
  }, [open, signedIn]);

  useEffect(() => {
    if (!typed) {
      setSuggestions({ for: '', list: [] });
      setLoading(false);
      return;
    }
    const abort = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchApi
        .suggest(typed.slice(0, SEARCH.keywordsMax), { silent: true, signal: abort.signal })
        .then(
          (list) => setSuggestions({ for: typed, list: list ?? [] }),
          () => !abort.signal.aborted && setSuggestions({ for: typed, list: [] }),
        )
        .finally(() => !abort.signal.aborted && setLoading(false));
    }, SEARCH.suggestDebounceMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [typed]);

  usePointerOutside(open, rootRef, closeList);
  const searchRow = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // The row is the page's (the header marks it): the box's own parent is its island wrapper, which does not hold
    // the buttons beside it, so a press on one of them would fold the row away before it lands.
    searchRow.current = rootRef.current?.closest<HTMLElement>('[data-search-row]') ?? null;
  }, []);
  const collapse = useCallback(() => setExpanded(false), []);
  usePointerOutside(expanded, searchRow, collapse);

  // The entries the arrows walk, in the order they are shown.
  const entries: Entry[] = [];
  const add = (target: string | (() => void), history?: string) => {
    const entry: Entry = { id: `header-search-option-${entries.length}`, ...(typeof target === 'string' ? { href: target } : { action: target }), ...(history === undefined ? {} : { history }) };
    entries.push(entry);
    return entry;
  };
  const shown = typed ? suggestions.list : [];
  const suggestionRows = shown.map((s) => ({ s, main: add(searchHref(s.word)), cats: s.categoryList.map((name, i) => ({ name, entry: add(searchHref(s.word, s.categoryIds[i])) })) }));
  const historyRows = typed || !signedIn ? [] : history.map((word) => ({ word, entry: add(searchHref(word), word) }));
  const clearEntry = historyRows.length > 0 ? add(() => void forget()) : undefined;
  const hotRows = typed ? [] : words.hotWords.map((w) => ({ w, entry: add(w.linkTo ?? searchHref(w.word)) }));
  const activeEntry = open ? entries[active] : undefined;
  const panelOpen = open && (entries.length > 0 || (!!typed && (loading || suggestions.for === typed)));

  const choose = (entry: Entry) => {
    if (entry.href) location.assign(entry.href);
    else entry.action?.();
  };

  const forget = async (word?: string) => {
    try {
      await searchApi.forget(word, { silent: true });
      setHistory((list) => (word === undefined ? [] : list.filter((w) => w !== word)));
      setActive(-1);
    } catch {
      // Still listed: nothing was forgotten.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = entries.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : count - 1) : (i + step + count) % count));
    } else if (event.key === 'Enter' && activeEntry) {
      event.preventDefault();
      choose(activeEntry);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) setOpen(false);
      else if (text) setText('');
      else close();
      setActive(-1);
    } else if (event.key === 'Delete' && activeEntry?.history !== undefined) {
      event.preventDefault();
      void forget(activeEntry.history);
    }
  };

  /** Leaves the compact header's search row: the box loses focus, so nothing keeps the row open. */
  const close = () => {
    setExpanded(false);
    setOpen(false);
    if (document.activeElement instanceof HTMLElement && searchRow.current?.contains(document.activeElement)) document.activeElement.blur();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const shadingWord = words.shadingWords[shading]?.word;
    // The box itself says whether something was typed: words typed before the island hydrated are in the input but
    // not yet in its state, and they are what the person meant to search.
    const input = event.currentTarget.elements.namedItem('keywords');
    if (typed || (input instanceof HTMLInputElement && input.value.trim())) return;
    // An empty box searches the word its placeholder shows (or nothing at all).
    event.preventDefault();
    if (shadingWord) location.assign(searchHref(shadingWord));
  };

  const option = (entry: Entry, className: string | undefined, content: ReactNode, label?: string) => (
    <div
      key={entry.id}
      id={entry.id}
      role="option"
      aria-selected={activeEntry === entry}
      aria-label={label}
      className={`${className ?? ''} ${activeEntry === entry ? styles.active : ''}`}
      // Keep the focus in the box; the click does the rest.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => choose(entry)}
    >
      {content}
    </div>
  );

  const shadingWord = words.shadingWords[shading]?.word;
  const placeholder = shadingWord ? t('placeholderWith', { word: shadingWord }) : t('placeholder');
  return (
    <form ref={rootRef} className={styles.root} role="search" action={SEARCH_PATH} method="get" onSubmit={onSubmit} data-expanded={expanded || undefined}>
      {/* The compact header's search button. A label, so a press focuses the box even before hydration; keyboard
          users reach the box itself, which shows on focus. */}
      <label className={styles.opener} htmlFor="header-search" title={t('open')}>
        <SearchIcon />
      </label>
      <label className="sr-only" htmlFor="header-search">
        {t('label')}
      </label>
      <input
        id="header-search"
        className={`${styles.input} ${open ? styles.wide : ''}`}
        type="search"
        name="keywords"
        maxLength={SEARCH.keywordsMax}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={panelOpen}
        aria-controls="header-search-panel"
        aria-activedescendant={activeEntry?.id}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
          setExpanded(true);
        }}
        onBlur={(e) => {
          setFocused(false);
          // Tabbing away closes; a click inside the panel keeps the focus here (mousedown is prevented).
          if (!(e.relatedTarget instanceof Node && rootRef.current?.contains(e.relatedTarget))) setOpen(false);
        }}
        onKeyDown={onKeyDown}
      />
      <div className={styles.panel} hidden={!panelOpen}>
        <div id="header-search-panel" role="listbox" aria-label={t(typed ? 'suggestions' : 'panel')} aria-busy={loading || undefined}>
          {suggestionRows.map(({ s, main, cats }) => (
            <div role="group" aria-label={s.word} key={main.id} className={styles.row}>
              {option(
                main,
                styles.word,
                highlightParts(s.word, typed).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : part.text)),
              )}
              {cats.map(({ name, entry }) => option(entry, styles.category, name, t('inCategory', { word: s.word, category: name })))}
            </div>
          ))}
          {historyRows.length > 0 && (
            <div role="group" aria-labelledby="header-search-history">
              <div id="header-search-history" className={styles.heading}>
                {t('history')}
              </div>
              {historyRows.map(({ word, entry }) => (
                <div key={entry.id} className={styles.row}>
                  {option(entry, styles.word, word)}
                  {/* Pointer only (hence hidden from the tree): from the keyboard, Delete forgets the active entry. */}
                  <button type="button" tabIndex={-1} aria-hidden="true" className={styles.remove} title={t('deleteHistory', { word })} onMouseDown={(e) => e.preventDefault()} onClick={() => void forget(word)}>
                    ×
                  </button>
                </div>
              ))}
              {clearEntry && option(clearEntry, styles.clear, t('clearHistory'))}
            </div>
          )}
          {hotRows.length > 0 && (
            <div role="group" aria-labelledby="header-search-hot" className={styles.chips}>
              <div id="header-search-hot" className={styles.heading}>
                {t('hotWords')}
              </div>
              {hotRows.map(({ w, entry }) => option(entry, styles.chip, w.word))}
            </div>
          )}
        </div>
        {typed && shown.length === 0 && <p className={styles.note}>{loading ? t('loading') : t('noSuggestions')}</p>}
      </div>
      <button type="button" className={`btn btn-ghost ${styles.cancel}`} onClick={close}>
        {t('cancel')}
      </button>
      <span className="sr-only" role="status">
        {open && typed && !loading ? t('count', { count: shown.length }) : ''}
      </span>
    </form>
  );
}
