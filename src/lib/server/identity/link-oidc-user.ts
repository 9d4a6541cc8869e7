import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { companies, companyMembers, userIdentities, users } from '../db/schema';
import type { OidcProviderConfig } from '../env';

/** What a provider told us about who signed in: from an ID token, with its userinfo when there was one. */
export interface OidcClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

/**
 * The user a provider's subject signs in as (docs/product/identity.md#sign-in OIDC): the one it was linked to
 * before; else the user whose e-mail equals one the provider marks verified, which links them; else a new user
 * (user type 0 until they choose) with a personal company they administer.
 */
export async function linkOidcUser(provider: OidcProviderConfig, claims: OidcClaims) {
  const subject = claims.sub;
  const email = claims.email_verified === true && typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 40) : provider.name;
  return getDb().transaction(async (tx) => {
    const [linked] = await tx.select({ user: users }).from(userIdentities).innerJoin(users, eq(users.id, userIdentities.userId)).where(and(eq(userIdentities.provider, provider.id), eq(userIdentities.subject, subject))).limit(1);
    if (linked) return linked.user;
    const [byEmail] = email ? await tx.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1) : [];
    let target = byEmail;
    if (!target) {
      [target] = await tx.insert(users).values({ account: `${provider.id}:${subject}`, name, nickName: name, email, role: 0 }).returning();
      if (!target) throw new Error('user insert returned no row');
      const [company] = await tx.insert(companies).values({ orgName: name, isPersonal: true }).returning({ id: companies.id });
      await tx.insert(companyMembers).values({ companyId: company!.id, userId: target.id, isAdmin: true });
    }
    await tx.insert(userIdentities).values({ provider: provider.id, subject, userId: target.id });
    return target;
  });
}
