import { useCallback, useEffect, useRef, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { messageFor } from '../../lib/api/client';
import { collectionsApi } from '../../lib/api/collections';
import { materialsApi } from '../../lib/api/materials';
import { toast } from '../../lib/api/dialogs';
import type { CategoryNode } from '../../lib/contracts/catalogue';
import type { FacetGroup, MaterialCard } from '../../lib/contracts/materials';
import { ERROR, ERROR_LEVEL } from '../../lib/errors';
import { MATERIAL_FACETS, materialQueryString, type MaterialFacet, type MaterialQuery, type MaterialSort, type RefusedPrice } from '../../lib/material-query';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { loginUrl } from '../../lib/routes';
import styles from './MaterialGrid.module.css';
import store from './MaterialStore.module.css';
import { MaterialTile, TileActionIcons, type TileAction, type TileActions, type TileDialogProps } from './MaterialTile';
import { PriceFilter } from './PriceFilter';

/** Each tile action's dialog, fetched on its first press. */
const TILE_DIALOGS: Record<TileAction, () => Promise<{ default: ComponentType<TileDialogProps> }>> = {
  collect: () => import('./CollectDialog'),
  'sample-bag': () => import('./SampleBagDialog'),
};

/** A category with the display name chosen on the server (the alias when the user reads aliases). */
export type StoreCategory = Pick<CategoryNode, 'id' | 'name'> & { children: Pick<CategoryNode, 'id' | 'name'>[] };

interface Props {
  /** The first page as the server rendered it (a static slot: its tiles are not repeated as props). */
  children?: ReactNode;
  /** Ids of the materials in that first page, so later pages never repeat one. */
  initialIds: number[];
  initialTotal: number;
  initialFacets: FacetGroup[];
  query: MaterialQuery;
  categories: StoreCategory[];
  /** The `material` slice of the page language's messages. */
  messages: Dict;
  currencySymbol: string;
  unitLabels: Record<string, string>;
  /** Where filters link to: the store, or the search results page (with `keywords` in the query). */
  basePath?: string;
  /** Words to suggest when nothing matches (docs/product/routes.md#routes search empty state). */
  hotWords?: { word: string; linkTo?: string }[];
  /** The "search by color" link's text under the color-family facet (absent: no link). */
  colorSearchLabel?: string;
  /**
   * Each tile's actions, and the `{ collections, sampleBag, errors }` messages of the dialogs they open; null
   * messages for a guest, whose press goes to login.
   */
  tileActions?: { tile: TileActions; messages: Dict | null };
  /**
   * The price boxes as a link without script filled them, when the server refused them: the text kept, and why
   * (docs/product/catalogue.md#filtering-by-price).
   */
  refusedPrice?: RefusedPrice;
}

type Status = 'idle' | 'loading' | 'more' | 'error';

/** The phone's show-filters switch. */
const FILTERS_SWITCH_ID = 'store-filters-switch';

/**
 * The material store (docs/product/routes.md#routes /main/material-store): categories, attribute facets with counts, sort and an infinitely
 * scrolling grid. Server-rendered with the first page; every filter is also a real link, so the page works and is
 * indexable without script, and the URL always reflects the filter (shareable, reloadable, back/forward).
 */
export default function MaterialStore({ children, initialIds, initialTotal, initialFacets, query: initialQuery, categories, messages, currencySymbol, unitLabels, basePath = '/main/material-store', hotWords = [], colorSearchLabel, tileActions, refusedPrice }: Props) {
  const t = createClientT(messages);
  const [query, setQuery] = useState(initialQuery);
  // While `fresh` is false the server's first page (children) stays in place and `records` are the pages after it.
  const [fresh, setFresh] = useState(false);
  const [records, setRecords] = useState<MaterialCard[]>([]);
  const [total, setTotal] = useState(initialTotal);
  const [facets, setFacets] = useState<FacetGroup[]>(initialFacets);
  const [status, setStatus] = useState<Status>('idle');
  const sentinel = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  // The server-rendered tiles' buttons wait, disabled, for this: from now on a press opens its dialog.
  useEffect(() => {
    for (const button of grid.current?.querySelectorAll<HTMLButtonElement>('[data-tile-action]:disabled') ?? []) button.disabled = false;
  }, []);

  // A signed-in viewer's collected materials show a filled heart (docs/product/collections.md#calls collect/belong/by-ids),
  // asked for each page of tiles as it appears and set again after a collect. The server's first page is plain HTML,
  // so the hearts are marked on the buttons themselves, the island's own tiles' included.
  const [collected, setCollected] = useState<ReadonlySet<number>>(new Set());
  const asked = useRef(new Set<number>());
  const signedIn = !!tileActions?.messages;
  useEffect(() => {
    if (!signedIn) return;
    const ids = [...(fresh ? [] : initialIds), ...records.map((r) => r.id)].filter((id) => !asked.current.has(id));
    for (let i = 0; i < ids.length; i += 60) {
      const batch = ids.slice(i, i + 60);
      for (const id of batch) asked.current.add(id);
      collectionsApi.collected(batch).then(
        (answer) => answer?.materialIds.length && setCollected((prev) => new Set([...prev, ...answer.materialIds])),
        () => undefined,
      );
    }
  }, [signedIn, fresh, initialIds, records]);
  useEffect(() => {
    for (const button of grid.current?.querySelectorAll<HTMLButtonElement>('[data-tile-action="collect"]') ?? []) {
      const isCollected = collected.has(Number(button.getAttribute('data-material-id')));
      button.setAttribute('aria-pressed', String(isCollected));
      button.classList.toggle(styles.collected!, isCollected);
    }
  });
  const afterCollect = (materialId: number) =>
    void collectionsApi.collected([materialId]).then(
      (answer) =>
        setCollected((prev) => {
          const next = new Set(prev);
          if (answer?.materialIds.includes(materialId)) next.add(materialId);
          else next.delete(materialId);
          return next;
        }),
      () => undefined,
    );
  const generation = useRef(0);
  const [tileDialog, setTileDialog] = useState<{ materialId: number; action: TileAction; Dialog: ComponentType<TileDialogProps> } | null>(null);

  const load = useCallback(async (next: MaterialQuery, append: boolean) => {
    const mine = ++generation.current;
    setStatus(append ? 'more' : 'loading');
    try {
      const page = await materialsApi.store(next, { silent: true });
      if (mine !== generation.current || !page) return;
      setRecords((prev) => (append ? [...prev, ...page.records.filter((r) => !prev.some((p) => p.id === r.id) && !initialIds.includes(r.id))] : page.records));
      if (!append) setFresh(true);
      setTotal(page.total);
      if (page.facets) setFacets(page.facets);
      setStatus('idle');
    } catch {
      if (mine === generation.current) setStatus('error');
    }
  }, [initialIds]);

  const apply = useCallback(
    (next: MaterialQuery) => {
      const fresh = { ...next, page: 1 };
      setQuery(fresh);
      window.history.pushState(fresh, '', `${basePath}${materialQueryString(fresh)}`);
      void load(fresh, false);
    },
    [load],
  );

  // Back and forward restore the filter the URL names.
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      const state = (event.state as MaterialQuery | null) ?? initialQuery;
      setQuery(state);
      void load(state, false);
    };
    window.addEventListener('popstate', onPop);
    window.history.replaceState(initialQuery, '');
    return () => window.removeEventListener('popstate', onPop);
  }, [initialQuery, load]);

  const shown = (fresh ? 0 : initialIds.length) + records.length;
  const hasMore = shown < total;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || status !== 'idle') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const next = { ...query, page: Math.floor(shown / query.size) + 1 };
        setQuery(next);
        void load(next, true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, status, query, shown, load]);

  // Plain links for every filter; with script they update in place instead of reloading.
  const link = (next: MaterialQuery) => ({
    href: `${basePath}${materialQueryString(next)}`,
    onClick: (event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      apply(next);
    },
  });
  const toggle = (facet: MaterialFacet, value: string): MaterialQuery => {
    const current = query[facet] ?? [];
    return { ...query, [facet]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] };
  };
  const activeRoot = categories.find((c) => c.id === query.categoryId || c.children.some((child) => child.id === query.categoryId));
  const chosen = MATERIAL_FACETS.flatMap((facet) => (query[facet] ?? []).map((value) => ({ facet, value, label: facets.find((f) => f.facet === facet)?.values.find((v) => v.value === value)?.label ?? value })));
  const cleared: MaterialQuery = { keywords: query.keywords, sort: query.sort, page: 1, size: query.size };
  const money = (n: number) => `${currencySymbol}${n}`;
  const priceChip =
    query.minPrice !== undefined && query.maxPrice !== undefined
      ? t('price.between', { min: money(query.minPrice), max: money(query.maxPrice) })
      : query.minPrice !== undefined
        ? t('price.from', { min: money(query.minPrice) })
        : query.maxPrice !== undefined
          ? t('price.upTo', { max: money(query.maxPrice) })
          : null;
  // Each tile puts its own count into `colors`: the placeholder must survive this translation.
  const tileText = { isNew: t('isNew'), colors: t('colorCount', { count: '{{count}}' }), noImage: t('noImage') };

  // One handler for every tile's actions, the server-rendered first page's included.
  const onTileAction = (event: MouseEvent) => {
    const button = (event.target as Element).closest('[data-tile-action]');
    const dialog = button && TILE_DIALOGS[button.getAttribute('data-tile-action') as TileAction];
    if (!button || !dialog || !tileActions) return;
    const dialogMessages = tileActions.messages;
    if (!dialogMessages) {
      location.assign(loginUrl(location.pathname + location.search));
      return;
    }
    const materialId = Number(button.getAttribute('data-material-id'));
    button.setAttribute('aria-busy', 'true');
    void dialog()
      .then(
        (module) => setTileDialog({ materialId, action: button.getAttribute('data-tile-action') as TileAction, Dialog: module.default }),
        () => toast(ERROR_LEVEL.error, messageFor(createClientT(dialogMessages), ERROR.unknown, undefined)),
      )
      .finally(() => button.removeAttribute('aria-busy'));
  };

  return (
    <div className={store.layout}>
      {tileActions && <TileActionIcons />}
      <aside className={store.filters} aria-label={t('filters')}>
        {/* On a phone the filters fold behind a "show filters" switch: a native checkbox, so it works before
            hydration too. On a wide screen the switch is not shown and the filters always are. */}
        <input type="checkbox" id={FILTERS_SWITCH_ID} className={store.filterSwitch} />
        <label htmlFor={FILTERS_SWITCH_ID} className={`btn btn-secondary ${store.filterToggle}`}>
          {chosen.length > 0 ? t('filtersChosen', { count: chosen.length }) : t('filters')}
        </label>
        <div className={store.filterBody}>
          <nav aria-label={t('categories')}>
            <h2 className={store.heading}>{t('categories')}</h2>
            <ul className={store.categories}>
              <li>
                <a {...link({ ...query, categoryId: undefined })} aria-current={query.categoryId === undefined ? 'page' : undefined} className={store.category}>
                  {t('allCategories')}
                </a>
              </li>
              {categories.map((root) => (
                <li key={root.id}>
                  <a {...link({ ...query, categoryId: root.id })} aria-current={query.categoryId === root.id ? 'page' : undefined} className={store.category}>
                    {root.name}
                  </a>
                  {activeRoot?.id === root.id && (
                    <ul className={store.children}>
                      {root.children.map((child) => (
                        <li key={child.id}>
                          <a {...link({ ...query, categoryId: child.id })} aria-current={query.categoryId === child.id ? 'page' : undefined} className={store.category}>
                            {child.name}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <PriceFilter basePath={basePath} query={query} currencySymbol={currencySymbol} t={t} refused={refusedPrice} onApply={apply} />
          {facets.map((group) =>
            group.values.length === 0 ? null : (
              <fieldset key={group.facet} className={store.facet}>
                <legend className={store.heading}>{t(`facet.${group.facet}`)}</legend>
                <ul>
                  {group.values.map((v) => {
                    const on = (query[group.facet] ?? []).includes(v.value);
                    return (
                      <li key={v.value}>
                        <a {...link(toggle(group.facet, v.value))} role="checkbox" aria-checked={on} className={store.option}>
                          <span className={store.box} aria-hidden="true" data-on={on ? '' : undefined} />
                          {group.facet === 'colorFamily' && <span className={store.family} data-family={v.value} aria-hidden="true" />}
                          <span className={store.optionLabel}>{v.label}</span>
                          <span className={store.count}>{v.count}</span>
                        </a>
                      </li>
                    );
                  })}
                </ul>
                {group.facet === 'colorFamily' && colorSearchLabel && (
                  <a href="/search/color" className={store.colorSearch}>
                    {colorSearchLabel}
                  </a>
                )}
              </fieldset>
            ),
          )}
          <a
            href="#store-results-title"
            className={`btn btn-primary ${store.showResults}`}
            onClick={() => {
              const toggle = document.getElementById(FILTERS_SWITCH_ID);
              if (toggle instanceof HTMLInputElement) toggle.checked = false;
            }}
          >
            {t('showResults', { count: total })}
          </a>
        </div>
      </aside>

      <section className={store.results} aria-labelledby="store-results-title">
        <div className={store.toolbar}>
          <h2 id="store-results-title" className={store.total} aria-live="polite">
            {t('total', { count: total })}
          </h2>
          <label className={store.sort}>
            <span>{t('sortBy')}</span>
            <select value={query.sort} onChange={(e) => apply({ ...query, sort: e.target.value as MaterialSort })}>
              {query.keywords && <option value="relevance">{t('sort.relevance')}</option>}
              <option value="newest">{t('sort.newest')}</option>
              <option value="name">{t('sort.name')}</option>
              <option value="priceAsc">{t('sort.priceAsc')}</option>
              <option value="priceDesc">{t('sort.priceDesc')}</option>
            </select>
          </label>
        </div>
        {(chosen.length > 0 || priceChip) && (
          <ul className={store.chips} aria-label={t('activeFilters')}>
            {priceChip && (
              <li>
                <a {...link({ ...query, minPrice: undefined, maxPrice: undefined })} className={store.chip} aria-label={t('removeFilter', { name: priceChip })}>
                  {priceChip} <span aria-hidden="true">×</span>
                </a>
              </li>
            )}
            {chosen.map((c) => (
              <li key={`${c.facet}:${c.value}`}>
                <a {...link(toggle(c.facet, c.value))} className={store.chip} aria-label={t('removeFilter', { name: c.label })}>
                  {c.label} <span aria-hidden="true">×</span>
                </a>
              </li>
            ))}
            <li>
              <a {...link({ ...cleared, categoryId: query.categoryId })} className={store.clear}>
                {t('clearFilters')}
              </a>
            </li>
          </ul>
        )}

        <div ref={grid} aria-busy={status === 'loading' || status === 'more'} className={status === 'loading' ? store.dimmed : undefined} onClick={tileActions ? onTileAction : undefined}>
          {!fresh && children}
          {records.length > 0 ? (
            <ul className={fresh ? styles.grid : `${styles.grid} ${styles.more}`}>
              {records.map((m, i) => (
                <MaterialTile key={m.id} material={m} text={tileText} priceUnitLabel={unitLabels[m.priceUnit]} eager={fresh && i < 4} keywords={query.keywords} actions={tileActions?.tile} />
              ))}
            </ul>
          ) : shown === 0 && status === 'idle' ? (
            <div className={store.empty} data-kind="no-result">
              <p>{t('noResult')}</p>
              <a {...link(cleared)} className={store.clear}>
                {t('clearFilters')}
              </a>
              {hotWords.length > 0 && (
                <nav aria-label={t('hotWords')} className={store.hot}>
                  <span>{t('hotWords')}</span>
                  {hotWords.map((w) => (
                    <a key={w.word} href={w.linkTo ?? `/search/materials?keywords=${encodeURIComponent(w.word)}`} className={store.chip}>
                      {w.word}
                    </a>
                  ))}
                </nav>
              )}
            </div>
          ) : null}
        </div>
        <div ref={sentinel} className={styles.sentinel} />
        <p className={styles.status} role="status">
          {status === 'loading' || status === 'more' ? t('loading') : status === 'error' ? '' : shown > 0 && !hasMore ? t('allLoaded') : ''}
        </p>
        {status === 'error' && (
          <div className={store.empty} data-kind="network" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void load(query, query.page > 1)}>
              {t('retry')}
            </button>
          </div>
        )}
        {hasMore && (
          <noscript>
            <a href={`${basePath}${materialQueryString(query)}${materialQueryString(query) ? '&' : '?'}page=${query.page + 1}`}>{t('nextPage')}</a>
          </noscript>
        )}
      </section>
      {tileDialog && tileActions?.messages && (
        <tileDialog.Dialog
          materialId={tileDialog.materialId}
          messages={tileActions.messages}
          onClose={() => {
            if (tileDialog.action === 'collect') afterCollect(tileDialog.materialId);
            setTileDialog(null);
          }}
        />
      )}
    </div>
  );
}
