import { eq, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import { hashPassword } from '../identity/password';
import type { Database } from '../db/client';
import { companies, companyMembers, users } from '../db/schema';

/** Demo accounts for the embedded install; listed in the README. One shared password keeps them easy to try. */
export const DEMO_PASSWORD = 'matlib-demo';
export const DEMO_ACCOUNTS = {
  buyer: 'buyer@matlib.demo',
  supplier: 'supplier@matlib.demo',
  member: 'member@matlib.demo',
  admin: 'admin@matlib.demo',
} as const;

export async function seedDemoAccounts(db: Database): Promise<number> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.account})`, DEMO_ACCOUNTS.buyer)).limit(1);
  if (existing.length > 0) return 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [buyer, supplier, member, admin] = await tx
      .insert(users)
      .values([
        { account: DEMO_ACCOUNTS.buyer, name: '林设计', nickName: 'Lin', email: DEMO_ACCOUNTS.buyer, passwordHash, role: USER_TYPE.buyer },
        { account: DEMO_ACCOUNTS.supplier, name: '王供应', nickName: 'Wang', email: DEMO_ACCOUNTS.supplier, passwordHash, role: USER_TYPE.supplier },
        { account: DEMO_ACCOUNTS.member, name: '赵成员', nickName: 'Zhao', email: DEMO_ACCOUNTS.member, passwordHash, role: USER_TYPE.supplier },
        { account: DEMO_ACCOUNTS.admin, name: '平台管理员', nickName: 'Admin', email: DEMO_ACCOUNTS.admin, passwordHash, role: USER_TYPE.buyer, isPlatformAdmin: true },
      ])
      .returning({ id: users.id });
    const [personal, tannery, mill] = await tx
      .insert(companies)
      .values([
        { orgName: '林设计的个人空间', isPersonal: true, role: USER_TYPE.buyer },
        { orgName: '东莞华皮革有限公司', nameEn: 'Dongguan Hua Leather Co., Ltd.', isPersonal: false, role: USER_TYPE.supplier, corpCerStatus: 2 },
        { orgName: '绍兴织美纺织有限公司', nameEn: 'Shaoxing Zhimei Textiles Co., Ltd.', isPersonal: false, role: USER_TYPE.supplier, corpCerStatus: 2 },
      ])
      .returning({ id: companies.id });
    if (!buyer || !supplier || !member || !admin || !personal || !tannery || !mill) throw new Error('demo insert returned too few rows');
    await tx.insert(companyMembers).values([
      { companyId: personal.id, userId: buyer.id, isAdmin: true },
      { companyId: tannery.id, userId: supplier.id, isAdmin: true },
      { companyId: mill.id, userId: supplier.id, isAdmin: true },
      { companyId: tannery.id, userId: member.id, isAdmin: false },
    ]);
    return 4;
  });
}
