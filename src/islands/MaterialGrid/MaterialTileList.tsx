import type { MaterialCard } from '../../lib/contracts/materials';
import styles from './MaterialGrid.module.css';
import { MaterialTile, type TileMatch, type TileActions, type TileText } from './MaterialTile';

interface Props {
  materials: MaterialCard[];
  text: TileText;
  /** Price unit code → label in the page's language. */
  unitLabels: Record<string, string>;
  /** Added to the grid's own class (page-specific column counts, as a global class). */
  className?: string;
  /** How many leading tiles load their cover eagerly (the first row is the largest paint). */
  eager?: number;
  /** Search words to mark in the names. */
  keywords?: string | undefined;
  /** Color search: the matched card per material id. */
  matches?: Record<number, TileMatch> | undefined;
  /** A note per material id under its supplier (image search: the similarity). */
  notes?: Record<number, string> | undefined;
  /** Store and search grids: each tile's actions (MaterialStore handles the presses). */
  actions?: TileActions | undefined;
}

/**
 * A static grid of material tiles for server pages (home, merchant shop), rendered to HTML with no client
 * directive, so it ships no JavaScript. One component for the whole grid: Astro renders each React component
 * separately (and once more to detect its renderer), so twelve tiles as one list cost one render, not twenty-four.
 */
export default function MaterialTileList({ materials, text, unitLabels, className, eager = 0, keywords, matches, notes, actions }: Props) {
  return (
    <ul className={className ? `${styles.grid} ${className}` : styles.grid}>
      {materials.map((m, i) => (
        <MaterialTile key={m.id} material={m} text={text} currencySymbol={m.currency === 'USD' ? '$' : '¥'} priceUnitLabel={unitLabels[m.priceUnit] ?? m.priceUnit} eager={i < eager} keywords={keywords} match={matches?.[m.id]} note={notes?.[m.id]} actions={actions} />
      ))}
    </ul>
  );
}
