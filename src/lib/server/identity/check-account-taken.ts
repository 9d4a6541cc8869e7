import { isProvenAddress } from '../security/proven-address';
import { consumeLimit } from '../security/rate-limit';
import { findUserByAccount } from './start-session';

/**
 * Whether an address is taken, for the registration form (docs/product/identity.md#is-an-address-taken). Registration
 * never tells a stranger whether an address has an account, so neither does this: it answers true only to someone who
 * has already proved the address (the signed-in owner, or a client address where a right code or password for it
 * was given in the last two weeks), and false to anyone else. Each check is counted like a code request, from the
 * same budgets (per client address, per signed-in user), so it cannot be used to hammer the lookup either.
 */
export async function checkAccountTaken(account: string, context: { ip: string; userId: number | null }): Promise<boolean> {
  await consumeLimit('code.ip', context.ip);
  if (context.userId !== null) await consumeLimit('code.user', String(context.userId));
  const holder = await findUserByAccount(account);
  if (!holder) return false;
  return holder.id === context.userId || (await isProvenAddress(account, context.ip));
}
