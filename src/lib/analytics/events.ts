/**
 * The usage events the pages send (docs/product/insights.md#what-is-counted), one shape each, so a call that names
 * an event gives exactly its properties. Zod-free: islands import it.
 */
import { ANALYTICS_LIMITS, USAGE_EVENTS, type SearchKind } from '../contracts/analytics-rules';

type E = typeof USAGE_EVENTS;

/** The suppliers of a first page of results, as the search event names them. */
type Suppliers = { suppliers?: string };

export type UsageEvent =
  | { event: E['pageView']; properties: { path: string } }
  | { event: E['search']; properties: ({ kind: Extract<SearchKind, 'text'>; keywords: string } | { kind: Extract<SearchKind, 'color'>; hex: string; tolerance: number } | { kind: Extract<SearchKind, 'photo'> }) & { results: number } & Suppliers }
  | { event: E['materialView']; properties: { materialId: number; supplierId: number } }
  | { event: E['collect']; properties: { materialId: number; folders: number } }
  | { event: E['sampleBagAdd']; properties: { materialId: number; colorCardId: number; quantity: number } }
  | { event: E['sampleRequestSubmit']; properties: { requests: number; samples: number } }
  | { event: E['shareCreate']; properties: { kind: string; type: number; materials: number } };

/**
 * The distinct suppliers of a page of results as `,id,id,`, which the supplier's slice finds with one `strpos`
 * (docs/product/insights.md#the-suppliers-slice). Ids beyond what one property value holds are left out.
 */
export function supplierList(ids: readonly number[]): string | undefined {
  let text = ',';
  for (const id of new Set(ids)) {
    const next = `${text}${id},`;
    if (next.length > ANALYTICS_LIMITS.valueLength) break;
    text = next;
  }
  return text === ',' ? undefined : text;
}

/** A search's words as an event may carry them. */
export const searchWords = (keywords: string) => keywords.trim().slice(0, ANALYTICS_LIMITS.valueLength);
