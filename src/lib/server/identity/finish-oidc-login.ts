import { and, eq, gt } from 'drizzle-orm';
import * as client from 'openid-client';
import { OIDC_PAGE_FLOWS } from '../../contracts/identity-rules';
import type { LoginResult } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { oidcStates } from '../db/schema';
import { AppError } from '../errors';
import { logger } from '../logger';
import { linkOidcUser } from './link-oidc-user';
import { oidcConfiguration, oidcProvider } from './oidc-config';
import { hashSessionToken } from './session-token';
import type { OidcFinish } from './start-oidc-login';
import { startSession } from './start-session';

const failed = () => new AppError(ERROR.needLogin, { message: 'Sign-in with this provider did not complete; please try again' });

/**
 * Completes social / team-chat sign-in by a code: the state is used up, the code exchanged (PKCE, nonce and issuer
 * checked by openid-client), and the provider's subject mapped to a user (`linkOidcUser`). `returnUrl` is the
 * address the provider answered with, code and state included. A state of a page flow is finished only by that
 * flow's call, and a plain state only by our callback. Returns the session and where the browser was going.
 */
export async function finishOidcLogin(providerId: string, returnUrl: URL, now: Date = new Date(), finish: OidcFinish = 'server'): Promise<{ login: LoginResult; redirect: string }> {
  const provider = oidcProvider(providerId);
  const state = returnUrl.searchParams.get('state');
  if (!provider || !state) throw failed();
  const flow = OIDC_PAGE_FLOWS[provider.id];
  const ofPage = state.startsWith(`${flow.statePrefix}.`);
  if (ofPage !== (finish === 'page') || (ofPage && flow.answer !== 'code')) throw failed();
  const [pending] = await getDb()
    .delete(oidcStates)
    .where(and(eq(oidcStates.stateHash, hashSessionToken(state)), eq(oidcStates.provider, provider.id), gt(oidcStates.expiresAt, now)))
    .returning();
  if (!pending) throw failed();

  let claims: (client.IDToken & client.UserInfoResponse) | undefined;
  try {
    const config = await oidcConfiguration(provider);
    const tokens = await client.authorizationCodeGrant(config, returnUrl, {
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
  const user = await linkOidcUser(provider, claims);
  return { login: await startSession(user, now), redirect: pending.redirect };
}
