/**
 * Addresses in good standing with an account: the account was proved from there (a right code or password) in the
 * last two weeks. Their code requests are not counted against the account's backstop (`code.account`), so a
 * stranger spending it from elsewhere cannot stop the owner from getting a code where they usually sign in.
 */
import { isSpent, setMark } from './rate-limit';

const key = (account: string, ip: string) => `${account.trim().toLowerCase()}|${ip}`;

/** Remembers every name the account is reached by (account, e-mail, mobile) as proved from this address. */
export async function rememberProvenAddress(accounts: readonly (string | null | undefined)[], ip: string): Promise<void> {
  const names = new Set(accounts.filter((a): a is string => Boolean(a)).map((a) => a.trim().toLowerCase()));
  for (const name of names) await setMark('account.provenAddress', key(name, ip));
}

export function isProvenAddress(account: string, ip: string): Promise<boolean> {
  return isSpent('account.provenAddress', key(account, ip));
}
