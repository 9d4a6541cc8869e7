import { CODE_TYPE, type LoginResult } from '../../contracts/identity';
import { getDb } from '../db/client';
import { companies, companyMembers, users } from '../db/schema';
import { consumeLimit } from '../security/rate-limit';
import { consumeVerificationCode, wrongCode } from './consume-verification-code';
import { hashPassword } from './password';
import { findUserByAccount, startSession } from './start-session';

export interface Registration {
  account: string;
  code: string;
  password: string;
  name: string;
  userType: 1 | 2;
}

/**
 * Registration (docs/product/identity.md#calls passport/register): the register code proves the address; the user gets a personal company
 * and is signed in. An address that already has an account never received a code, so it fails like a wrong code.
 */
export async function registerAccount(input: Registration, ip: string, now: Date = new Date()): Promise<LoginResult> {
  await consumeLimit('register.ip', ip);
  await consumeVerificationCode(input.account, CODE_TYPE.register, input.code, ip, now);
  if (await findUserByAccount(input.account)) throw wrongCode();
  const passwordHash = await hashPassword(input.password);
  const isEmail = input.account.includes('@');
  const user = await getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        account: input.account,
        name: input.name,
        nickName: input.name,
        email: isEmail ? input.account : null,
        mobile: isEmail ? null : input.account,
        passwordHash,
        role: input.userType,
      })
      .returning();
    const [company] = await tx.insert(companies).values({ orgName: input.name, isPersonal: true, role: input.userType }).returning({ id: companies.id });
    if (!created || !company) throw new Error('registration insert returned no row');
    await tx.insert(companyMembers).values({ companyId: company.id, userId: created.id, isAdmin: true });
    return created;
  });
  return startSession(user, now);
}
