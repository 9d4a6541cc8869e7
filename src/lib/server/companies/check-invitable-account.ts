import { assertMayInvite } from './assert-may-invite';

/** Invitations are kept under the account as typed, trimmed and lower-cased, whoever it names. */
export const invitedAccount = (account: string) => account.trim().toLowerCase();

/**
 * What looking an account up before inviting answers (docs/product/companies.md#invitations): the account as it will
 * be invited, the same whether it names someone or not, so the call cannot be used to find out who is registered.
 */
export async function checkInvitableAccount(companyId: number, account: string): Promise<{ account: string }> {
  await assertMayInvite(companyId);
  return { account: invitedAccount(account) };
}
