import { atom } from 'nanostores';
import type { SessionContext } from '../contracts/identity';

/** The signed-in user's context, set from the page's server-rendered props; null for guests. */
export const $session = atom<SessionContext | null>(null);
