import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import { materialQueryString, readPriceRange, type MaterialQuery, type PriceRangeProblem, type RefusedPrice } from '../../lib/material-query';
import store from './MaterialStore.module.css';

interface Props {
  basePath: string;
  query: MaterialQuery;
  currencySymbol: string;
  /** The store's `material` messages. */
  t: ClientT;
  refused?: RefusedPrice | undefined;
  onApply: (next: MaterialQuery) => void;
}

/**
 * The store's price range (docs/product/catalogue.md#filtering-by-price): two boxes checked by the same rule as the
 * server before the range is applied in place; without script a plain GET form that keeps the rest of the filter.
 */
export function PriceFilter({ basePath, query, currencySymbol, t, refused, onApply }: Props) {
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  // The boxes hold text (a half-typed "12." included) until applied; the query holds the numbers.
  const [minText, setMinText] = useState(refused?.min ?? text(query.minPrice));
  const [maxText, setMaxText] = useState(refused?.max ?? text(query.maxPrice));
  const [problem, setProblem] = useState<PriceRangeProblem | null>(refused?.problem ?? null);
  const shown = useRef({ min: query.minPrice, max: query.maxPrice });
  // A chip removed, back or forward: the boxes show the range now in force.
  useEffect(() => {
    if (shown.current.min === query.minPrice && shown.current.max === query.maxPrice) return;
    shown.current = { min: query.minPrice, max: query.maxPrice };
    setMinText(text(query.minPrice));
    setMaxText(text(query.maxPrice));
    setProblem(null);
  }, [query.minPrice, query.maxPrice]);

  const kept = [...new URLSearchParams(materialQueryString({ ...query, minPrice: undefined, maxPrice: undefined }))];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const range = readPriceRange(minText, maxText);
    if ('problem' in range) {
      setProblem(range);
      event.currentTarget.querySelector<HTMLInputElement>(`input[name="${range.field}"]`)?.focus();
      return;
    }
    setProblem(null);
    onApply({ ...query, minPrice: range.minPrice, maxPrice: range.maxPrice });
  };
  const invalid = (field: PriceRangeProblem['field']) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'store-price-problem' } : {});

  return (
    <form method="get" action={basePath} onSubmit={onSubmit} noValidate>
      <fieldset className={store.facet}>
        <legend className={store.heading}>{t('price.title', { symbol: currencySymbol })}</legend>
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className={store.priceRow}>
          <label className={store.priceBox}>
            <span>{t('price.min')}</span>
            <input name="minPrice" inputMode="decimal" autoComplete="off" value={minText} onChange={(e) => setMinText(e.target.value)} {...invalid('minPrice')} />
          </label>
          <span aria-hidden="true">–</span>
          <label className={store.priceBox}>
            <span>{t('price.max')}</span>
            <input name="maxPrice" inputMode="decimal" autoComplete="off" value={maxText} onChange={(e) => setMaxText(e.target.value)} {...invalid('maxPrice')} />
          </label>
        </div>
        {problem && (
          <p id="store-price-problem" className={store.priceProblem} role="alert">
            {t(`price.problem.${problem.problem}`)}
          </p>
        )}
        <p className={store.priceNote}>{t('price.note', { symbol: currencySymbol })}</p>
        <button type="submit" className="btn btn-secondary btn-sm">
          {t('price.apply')}
        </button>
      </fieldset>
    </form>
  );
}
