import { createHmac } from 'node:crypto';
import type { PageViewPixelQuery } from '../../contracts/analytics';
import { USAGE_EVENTS } from '../../contracts/analytics-rules';
import { detectHost } from '../../host';
import { getDb } from '../db/client';
import { analyticsEvents } from '../db/schema';
import { urlSigningSecret } from '../images/url-signing-secret';
import { consumeLimit, RateLimitedError } from '../security/rate-limit';

/** Crawlers fetch pictures too; their visits are not people's. */
const ROBOT = /bot|crawl|spider|slurp|preview|headless|lighthouse/i;

export interface PixelVisitor {
  userId: number | null;
  companyId: number | null;
  roleCode: number;
  ip: string;
  userAgent: string;
  url: URL;
  optedOut: boolean;
}

/**
 * The analytics session of a visit without script: the address and browser under a keyed hash, per UTC day, so a
 * reader's pages of one day count as one session and no address is stored.
 */
export function pixelSessionId(ip: string, userAgent: string, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `px${createHmac('sha256', urlSigningSecret()).update(`page-view:${day}:${ip}:${userAgent}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Counts a view of a page that ships no script (docs/product/insights.md#pages-without-script), asked for by the
 * page's image, and the material it shows as a detail view. Whatever happens the image is answered, so nothing here
 * fails the page: an opted-out visitor, the companion app, a crawler or a spent rate limit simply records nothing.
 * Answers whether the view was stored.
 */
export async function recordPageView(page: PageViewPixelQuery, visitor: PixelVisitor, now: Date = new Date()): Promise<boolean> {
  if (visitor.optedOut || ROBOT.test(visitor.userAgent)) return false;
  if (detectHost({ userAgent: visitor.userAgent, url: visitor.url }).type === 'companionApp') return false;
  const sessionId = pixelSessionId(visitor.ip, visitor.userAgent, now);
  try {
    await consumeLimit('analytics.ip', visitor.ip);
    await consumeLimit('analytics.session', visitor.userId !== null ? `user:${visitor.userId}` : `session:${sessionId}`);
  } catch (error) {
    if (error instanceof RateLimitedError) return false;
    throw error;
  }
  const who = { sessionId, userId: visitor.userId, companyId: visitor.companyId, roleCode: visitor.roleCode, occurredAt: now };
  await getDb()
    .insert(analyticsEvents)
    .values([
      { ...who, event: USAGE_EVENTS.pageView, properties: { path: page.path, script: false } },
      ...(page.materialId !== undefined && page.supplierId !== undefined
        ? [{ ...who, event: USAGE_EVENTS.materialView, properties: { materialId: page.materialId, supplierId: page.supplierId, script: false } }]
        : []),
    ]);
  return true;
}
