import { currencySymbolOf } from '../../lib/constants';
import type { MaterialCard } from '../../lib/contracts/materials';
import type { Dict } from '../../lib/i18n/client';
import { highlightParts } from '../../lib/highlight';
import { Picture } from '../shared/Picture';
import styles from './MaterialGrid.module.css';

export interface TileText {
  isNew: string;
  colors: string;
  noImage: string;
  /** Color search: `{{value}}` is the ΔE, `{{name}}` the matched card's name. */
  deltaE?: string;
  match?: string;
}

/**
 * Actions on a store or search tile (docs/product/sampling.md): collect, add to sample bag. They are siblings of the tile's link,
 * never inside it (invalid HTML), and carry only data attributes: the MaterialStore island handles presses on the
 * whole grid, the server-rendered first page included, which ships no script of its own.
 */
export type TileActions = {
  /** Accessible names; `{{name}}` is the material's. */
  collectLabel: string;
  sampleBagLabel: string;
  /** A guest's tooltips: pressing leads to login. */
  collectHint?: string | undefined;
  sampleBagHint?: string | undefined;
  /** The viewer's current company, whose own materials get neither (the API refuses both). */
  ownCompanyId: number | null;
  /**
   * Rendered by the server before the grid's script runs: the buttons start disabled (a press then would be lost)
   * and MaterialStore enables them once it handles presses.
   */
  inert?: boolean;
};
export type TileAction = 'collect' | 'sample-bag';
/** What the dialog a tile action opens is given (`messages`: the slices it needs of the page language's). */
export type TileDialogProps = { materialId: number; messages: Dict; onClose: () => void };

/** The color card a color search matched (docs/product/search.md#how-results-are-ranked), shown under the name with its CIEDE2000 difference. */
export type TileMatch = { name: string; hex: string; deltaE: number };

interface Props {
  material: MaterialCard;
  text: TileText;
  priceUnitLabel?: string;
  /** The first row loads eagerly: it is the page's largest paint. */
  eager?: boolean;
  /** Search words to mark in the name. */
  keywords?: string | undefined;
  match?: TileMatch | undefined;
  /** A line under the supplier saying why the material is shown (image search: how similar it looks). */
  note?: string | undefined;
  actions?: TileActions | undefined;
  /** Added to the detail link, so the detail knows the list it was opened from (`bookId=…`). */
  linkQuery?: string | undefined;
}

/** One material in a grid: cover, name, supplier, price per unit and its color swatches; optionally actions. */
export function MaterialTile({ material: m, text, priceUnitLabel, eager = false, keywords, match, note, actions, linkQuery }: Props) {
  const href = `/material/detail?materialId=${m.id}&categoryId=${m.categoryId}${linkQuery ? `&${linkQuery}` : ''}`;
  return (
    <li className={styles.tile}>
      <a className={styles.link} href={href}>
        <span className={styles.media}>
          {m.cover ? (
            <Picture image={m.cover} alt="" sizes="(max-width: 640px) 50vw, 280px" loading={eager ? 'eager' : 'lazy'} className={styles.cover} />
          ) : (
            <span className={styles.placeholder}>{text.noImage}</span>
          )}
          {m.isNew === 1 && <span className={styles.badge}>{text.isNew}</span>}
        </span>
        <span className={styles.body}>
          <span className={styles.name}>{keywords ? highlightParts(m.name, keywords).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : part.text)) : m.name}</span>
          <span className={styles.supplier}>{m.supplierInfo.supplierName}</span>
          {note && <span className={styles.note}>{note}</span>}
          {match && (
            <span className={styles.match} data-delta-e={match.deltaE} data-match-hex={match.hex}>
              <svg className={styles.swatch} viewBox="0 0 10 10" width={14} height={14} aria-hidden="true">
                <circle cx={5} cy={5} r={4.5} fill={match.hex} />
              </svg>
              <span className={styles.matchName}>{(text.match ?? '{{name}}').replace('{{name}}', match.name)}</span>
              <span className={styles.deltaE}>{(text.deltaE ?? 'ΔE {{value}}').replace('{{value}}', match.deltaE.toFixed(2))}</span>
            </span>
          )}
          <span className={styles.meta}>
            {m.price !== null && (
              <span className={styles.price}>
                {currencySymbolOf(m.currency)}
                {m.price.toFixed(2)}
                {priceUnitLabel ? <small>/{priceUnitLabel}</small> : null}
              </span>
            )}
            <span className={styles.swatches} aria-label={text.colors.replace('{{count}}', String(m.colorCount))} role="img">
              {/* One drawing for all swatches: fill is an attribute, which the CSP allows where style is not. */}
              <svg className={styles.swatch} viewBox={`0 0 ${m.colors.length * 12} 10`} width={m.colors.length * 14} height={14} aria-hidden="true">
                {m.colors.map((hex, i) => (
                  <circle key={hex} cx={i * 12 + 5} cy={5} r={4.5} fill={hex} />
                ))}
              </svg>
              {m.colorCount > m.colors.length && <span className={styles.moreColors}>+{m.colorCount - m.colors.length}</span>}
            </span>
          </span>
        </span>
      </a>
      {actions && m.supplierInfo.supplierId !== actions.ownCompanyId && (
        <div className={styles.actions}>
          <button type="button" className={styles.action} data-tile-action={'collect' satisfies TileAction} data-material-id={m.id} disabled={actions.inert} aria-label={actions.collectLabel.replace('{{name}}', m.name)} title={actions.collectHint}>
            <TileIcon action="collect" />
          </button>
          {m.colorCount > 0 && (
            <button type="button" className={styles.action} data-tile-action={'sample-bag' satisfies TileAction} data-material-id={m.id} disabled={actions.inert} aria-label={actions.sampleBagLabel.replace('{{name}}', m.name)} title={actions.sampleBagHint}>
              <TileIcon action="sample-bag" />
            </button>
          )}
        </div>
      )}
    </li>
  );
}

const TILE_ICON_PATHS: Record<TileAction, string> = {
  collect: 'M12 20.25 4.2 12.9a4.8 4.8 0 0 1 6.75-6.9L12 7.05l1.05-1.05a4.8 4.8 0 0 1 6.75 6.9Z',
  'sample-bag': 'M5 8h14l-1 12H6L5 8ZM9 8V6.5a3 3 0 0 1 6 0V8M12 11.5v5M9.5 14h5',
};
const tileIconId = (action: TileAction) => `tile-icon-${action}`;

/** A tile action's icon: a reference to its drawing in `TileActionIcons`, which every tile of the page shares. */
function TileIcon({ action }: { action: TileAction }) {
  return (
    <svg width={20} height={20} aria-hidden="true" focusable="false">
      <use href={`#${tileIconId(action)}`} />
    </svg>
  );
}

/**
 * The tile actions' drawings, once per page, in the grid that handles the actions (MaterialStore): a page of 24
 * tiles with two actions each would otherwise repeat them 48 times, an eighth of the grid's HTML.
 */
export function TileActionIcons() {
  return (
    <div hidden>
      <svg>
        {Object.entries(TILE_ICON_PATHS).map(([action, d]) => (
          <symbol key={action} id={tileIconId(action as TileAction)} viewBox="0 0 24 24">
            <path d={d} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
          </symbol>
        ))}
      </svg>
    </div>
  );
}
