import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature header of a delivery (docs/product/integrations.md#signature): `t=<unix seconds>,v1=<hex>`, where
 * the hex is HMAC-SHA256 with the endpoint's secret over `<t>.<body>`. The time inside the signed text lets a
 * receiver refuse an old delivery replayed to it.
 */
export function signWebhookBody(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** What a receiver does with the header: true when it matches the body and is at most `toleranceSeconds` old. */
export function verifyWebhookSignature(secret: string, body: string, header: string, toleranceSeconds = 300, now: Date = new Date()): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
