import { useEffect } from 'react';
import { startUsage, type UsageEvent } from '../../lib/analytics';

export interface UsageEventsProps {
  /** What the page itself counts beside its view: a search and its results, a material's detail (docs/product/insights.md#what-is-counted). */
  events?: UsageEvent[];
}

/**
 * On every page with script (docs/product/insights.md#sending): counts the view and the page's own events, and starts
 * the error log. Renders nothing.
 */
export default function UsageEvents({ events = [] }: UsageEventsProps) {
  useEffect(() => startUsage(events), []);
  return null;
}
