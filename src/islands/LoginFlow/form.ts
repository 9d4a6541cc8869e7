/**
 * What the sign-in flow's forms share beyond the generic form pieces (../shared/forms): the account check,
 * worded for signing in.
 */
import type { LoginResult } from '../../lib/contracts/identity';
import type { ClientT } from '../../lib/i18n/client';

export type { LoginResult };

/** What every form of the flow gets from it. */
export interface FlowFormProps {
  t: ClientT;
  /** The flow's one account: typed once, it follows the user to the code tab, register or reset. */
  account: string;
  onAccountChange: (account: string) => void;
  /** False until the island has hydrated. */
  ready: boolean;
}

/** A form that signs the user in; the flow takes over from there. */
export interface SignInFormProps extends FlowFormProps {
  /** Resolves once the flow has taken over (next step or next page); the form stays busy until then. */
  onLoggedIn: (result: LoginResult) => Promise<void>;
}

export function requireAccount(account: string, t: ClientT): string | undefined {
  return account.trim() ? undefined : t('login.accountRequired');
}

/** A plain left click: the flow switches steps itself; anything else (new tab, new window) follows the link. */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
