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
import { startSession } from './start-session';

const refused = () => new AppError(ERROR.needLogin, { message: 'The team-chat sign-in could not be verified; please try again' });

/**
 * Team-chat sign-in (docs/product/identity.md#social-sign-in-in-a-page): the ID token the team-chat client handed the
 * page, with the state of the request that asked for it. The state is used up first, so a token is tried once; then
 * openid-client checks the token against the configured `teams` provider: its signature with the provider's published
 * keys, issuer, audience (our client id), expiry and the nonce of that request. A forged, expired, foreign or
 * replayed token, or one for another request, is refused alike. The subject then signs in as the OIDC callback's does.
 */
export async function loginWithTeamChatToken(idToken: string, state: string, returnUrl: string, now: Date = new Date()): Promise<{ login: LoginResult; redirect: string }> {
  const provider = oidcProvider('teams');
  if (!provider || !state.startsWith(`${OIDC_PAGE_FLOWS.teams.statePrefix}.`)) throw refused();
  const [pending] = await getDb()
    .delete(oidcStates)
    .where(and(eq(oidcStates.stateHash, hashSessionToken(state)), eq(oidcStates.provider, provider.id), gt(oidcStates.expiresAt, now)))
    .returning();
  if (!pending) throw refused();
  let claims: client.IDToken;
  try {
    const config = await oidcConfiguration(provider, 'idToken');
    // The answer the page received, rebuilt as the provider sent it: the token and state in the fragment.
    const answered = new URL(returnUrl);
    answered.hash = new URLSearchParams({ id_token: idToken, state }).toString();
    claims = await client.implicitAuthentication(config, answered, pending.nonce, { expectedState: state });
  } catch (err) {
    logger.warn({ err, provider: provider.id }, 'team-chat ID token refused');
    throw refused();
  }
  const user = await linkOidcUser(provider, claims);
  return { login: await startSession(user, now), redirect: pending.redirect };
}
