import { readPriceRange, type RefusedPrice } from '../../material-query';

/**
 * A store or search URL whose price range cannot be used (the boxes sent without script) still shows the list,
 * without that range, and the boxes say why (docs/product/catalogue.md#filtering-by-price). The query to parse,
 * and the refusal when there is one; the page answers 400 with it.
 */
export function separateRefusedPrice(raw: Record<string, string>): { raw: Record<string, string>; refusedPrice?: RefusedPrice } {
  const range = readPriceRange(raw.minPrice, raw.maxPrice);
  if (!('problem' in range)) return { raw };
  const { minPrice, maxPrice, ...rest } = raw;
  return { raw: rest, refusedPrice: { min: minPrice ?? '', max: maxPrice ?? '', problem: range } };
}
