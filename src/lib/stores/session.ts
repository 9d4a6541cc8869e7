import { atom } from 'nanostores';
import type { SessionContext } from '../contracts/identity';

/** The id of the JSON data block the layout renders with the signed-in user's context (never the token). */
export const SESSION_DATA_ID = 'matlib-session';

/**
 * Read once when the first island loads, so every island sees the same user whatever order they hydrate in.
 * On the server (islands' SSR) there is no document: islands there get what they need as props.
 */
function initialSession(): SessionContext | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SESSION_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    // Our own server rendered it from the validated session; a zod parse here would ship zod to every page.
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && 'user' in value ? (value as SessionContext) : null;
  } catch {
    return null;
  }
}

/** The signed-in user's context; null for guests. */
export const $session = atom<SessionContext | null>(initialSession());
