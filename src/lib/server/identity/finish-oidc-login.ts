import { and, eq, gt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { LoginResult } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies, companyMembers, oidcStates, userIdentities, users } from '../db/schema';
import { AppError } from '../errors';
import { logger } from '../logger';
import { oidcConfiguration, oidcProvider } from './oidc-config';
import { hashSessionToken } from './session-token';
import { startSession } from './start-session';

const failed = () => new AppError(ERROR.needLogin, { message: 'Sign-in with this provider did not complete; please try again' });

/**
 * Completes social / team-chat sign-in: the state is used up, the code exchanged (PKCE, nonce and issuer
 * checked by openid-client), and the provider's subject mapped to a user — linked before, or matched by an
 * e-mail address the provider has verified, or a new user (user type 0 until they choose). Returns the session
 * and where the browser was going.
 */
export async function finishOidcLogin(providerId: string, callbackUrl: URL, now: Date = new Date()): Promise<{ login: LoginResult; redirect: string }> {
  const provider = oidcProvider(providerId);
  const state = callbackUrl.searchParams.get('state');
  if (!provider || !state) throw failed();
  const [pending] = await getDb()
    .delete(oidcStates)
    .where(and(eq(oidcStates.stateHash, hashSessionToken(state)), eq(oidcStates.provider, provider.id), gt(oidcStates.expiresAt, now)))
    .returning();
  if (!pending) throw failed();

  let claims: (client.IDToken & client.UserInfoResponse) | undefined;
  try {
    const config = await oidcConfiguration(provider);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
    });
    const idToken = tokens.claims();
    // Providers may keep profile claims (name, e-mail) out of the ID token and serve them from userinfo.
    if (idToken) claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
  } catch (err) {
    logger.warn({ err, provider: provider.id }, 'OIDC code exchange failed');
    throw failed();
  }
  if (!claims?.sub) throw failed();
  const subject = claims.sub;
  const email = claims.email_verified === true && typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 40) : provider.name;

  const db = getDb();
  const user = await db.transaction(async (tx) => {
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
  return { login: await startSession(user, now), redirect: pending.redirect };
}
