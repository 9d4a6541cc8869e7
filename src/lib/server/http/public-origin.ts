import type { Context } from 'hono';
import { publicOriginFor } from '../request/public-origin';

/** The site's origin for absolute links in an API answer (docs/operations.md#configuration PUBLIC_ORIGIN, ALLOWED_HOSTS). */
export function publicOrigin(c: Context): string {
  return publicOriginFor(new URL(c.req.url));
}
