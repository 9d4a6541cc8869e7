/**
 * Sample bag rules the islands need without zod (it would add ~15 KB gzip to the detail page): 1–99 samples per
 * item. `sample-bag.ts` builds its schemas on these.
 */
export const SAMPLE_QUANTITY_MAX = 99;

/** A quantity typed by a person, as the API takes it: a whole number 1–99, otherwise null. */
export function parseSampleQuantity(value: string | number): number | null {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= SAMPLE_QUANTITY_MAX ? n : null;
}
