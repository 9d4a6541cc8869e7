import type { Context } from 'hono';
import { env } from '../env';

/** The site's origin for absolute links (QR codes, e-mails): PUBLIC_ORIGIN when set, else the request's own. */
export function publicOrigin(c: Context): string {
  return env().PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
}
