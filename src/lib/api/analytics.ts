/**
 * Where usage data goes (docs/product/insights.md#sending). Usage events and the error log leave the page as it
 * closes, with `navigator.sendBeacon` or a `keepalive` fetch, which the ky client cannot make: `lib/analytics`
 * sends them itself, to these addresses.
 */
export const USAGE_PATHS = {
  collect: '/api/data-transit/data/collect',
  errorLog: '/api/data-transit/data/error-log',
  pixel: '/api/data-transit/data/pixel',
} as const;

/** The counting image of a page without script: its path, and the material it shows, if any. */
export function pageViewImageUrl(path: string, material?: { id: number; supplierId: number }): string {
  const query = new URLSearchParams({ path });
  if (material) {
    query.set('materialId', String(material.id));
    query.set('supplierId', String(material.supplierId));
  }
  return `${USAGE_PATHS.pixel}?${query.toString()}`;
}

/** A dashboard section's CSV for a range: the preset's days, or its from and to (docs/product/insights.md#the-csv). */
export function insightsCsvUrl(section: string, range: { from: string; to: string; preset: number | null }): string {
  const query = new URLSearchParams({ section, ...(range.preset !== null ? { days: String(range.preset) } : { from: range.from, to: range.to }) });
  return `/api/idealab-material/admin/insights/csv?${query.toString()}`;
}
