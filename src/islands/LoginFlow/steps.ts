/**
 * The sign-in flow's steps and how they appear in the URL (spec §2 "auth screens"). The page reads the query with
 * `readFlowQuery` to render the right first step; the island writes it back with `flowUrl` on every step change, so
 * reload and the back button land on the same screen.
 *
 *   /login                         index, account-and-password tab
 *   /login?tab=code                index, verification-code tab
 *   /login?step=register           register
 *   /login?step=reset-password     reset password
 *   /login?step=choose-company     choose a company (signed in; also `action=choose-company`, the user menu's link)
 *   /login?action=bind-mobile      index with the "bind a mobile number first" notice (binding itself is not built)
 *
 * `redirect` rides along on every URL. The success screen is never in the URL: it only shows while the next page loads.
 */
import { LOGIN_PATH } from '../../lib/routes';

export type UrlStep = 'login' | 'register' | 'reset-password' | 'choose-company';
export type Step = UrlStep | 'success';
export type LoginTab = 'password' | 'code';

export interface FlowQuery {
  step: UrlStep;
  tab: LoginTab;
  /** `action=bind-mobile`: the account must bind a mobile number before it can go on. */
  bindMobile: boolean;
}

const URL_STEPS: readonly UrlStep[] = ['login', 'register', 'reset-password', 'choose-company'];

export function readFlowQuery(query: URLSearchParams): FlowQuery {
  const action = query.get('action');
  const raw = query.get('step');
  const step: UrlStep = action === 'choose-company' ? 'choose-company' : URL_STEPS.find((s) => s === raw) ?? 'login';
  return { step, tab: query.get('tab') === 'code' ? 'code' : 'password', bindMobile: action === 'bind-mobile' };
}

/** The URL of a step; `returnPath` is the already-safe redirect, or '' when the page was opened without one. */
export function flowUrl(step: UrlStep, tab: LoginTab, returnPath: string): string {
  const q = new URLSearchParams();
  if (returnPath) q.set('redirect', returnPath);
  if (step !== 'login') q.set('step', step);
  else if (tab === 'code') q.set('tab', 'code');
  const search = q.toString();
  return search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH;
}
