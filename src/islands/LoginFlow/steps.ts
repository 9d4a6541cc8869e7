/**
 * The sign-in flow's steps and how they appear in the URL (docs/product/routes.md#routes "auth screens"). The page reads the query with
 * `readFlowQuery` to render the right first step; the island writes it back with `flowUrl` on every step change, so
 * reload and the back button land on the same screen.
 *
 *   /login                         index, account-and-password tab
 *   /login?tab=code                index, verification-code tab
 *   /login?tab=qr                  index, scan-to-sign-in tab (desktop: a phone where the user is signed in approves)
 *   /login?step=register           register
 *   /login?step=reset-password     reset password
 *   /login?step=choose-company     choose a company (signed in; also `action=choose-company`, the user menu's link)
 *   /login?action=bind-mobile      bind a mobile number (signed in, docs/product/identity.md#states: a login without one stops here; guests get the index)
 *
 * `redirect` rides along on every URL. The success screen is never in the URL: it only shows while the next page loads.
 */
import { LOGIN_PATH } from '../../lib/routes';

export type UrlStep = 'login' | 'register' | 'reset-password' | 'choose-company' | 'bind-mobile';
export type Step = UrlStep | 'success';
export type LoginTab = 'password' | 'code' | 'qr';

export interface FlowQuery {
  step: UrlStep;
  tab: LoginTab;
}

const URL_STEPS: readonly UrlStep[] = ['login', 'register', 'reset-password', 'choose-company'];
// The links into the signed-in steps from elsewhere (user menu, API client's 601) name them with `action=`.
const ACTION_STEPS: readonly UrlStep[] = ['choose-company', 'bind-mobile'];
const TABS: readonly LoginTab[] = ['password', 'code', 'qr'];

export function readFlowQuery(query: URLSearchParams): FlowQuery {
  const action = query.get('action');
  const raw = query.get('step');
  const step: UrlStep = ACTION_STEPS.find((s) => s === action) ?? URL_STEPS.find((s) => s === raw) ?? 'login';
  const rawTab = query.get('tab');
  return { step, tab: TABS.find((t) => t === rawTab) ?? 'password' };
}

/** The URL of a step; `returnPath` is the already-safe redirect, or '' when the page was opened without one. */
export function flowUrl(step: UrlStep, tab: LoginTab, returnPath: string): string {
  const q = new URLSearchParams();
  if (returnPath) q.set('redirect', returnPath);
  if (step === 'bind-mobile') q.set('action', step);
  else if (step !== 'login') q.set('step', step);
  else if (tab !== 'password') q.set('tab', tab);
  const search = q.toString();
  return search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH;
}
