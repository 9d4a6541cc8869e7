import * as client from 'openid-client';
import { OIDC_PAGE_FLOWS } from '../../contracts/identity-rules';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { oidcStates } from '../db/schema';
import { AppError } from '../errors';
import { oidcConfiguration, oidcProvider } from './oidc-config';
import { hashSessionToken } from './session-token';

const STATE_TTL_MS = 10 * 60 * 1000;

/** Who finishes the sign-in: our callback (`server`), or the flow's page (`page`, docs/product/identity.md#social-sign-in-in-a-page). */
export type OidcFinish = 'server' | 'page';

/**
 * Begins social / team-chat sign-in: remembers the request (state, nonce, and for a code the PKCE verifier) and
 * returns the provider's authorization URL to send the browser to. `returnUrl` is where the provider answers: our
 * callback, or for a page flow the flow's page, whose state then carries the flow's marker. The team-chat page flow
 * asks for an ID token bound to the nonce; every other flow for a code (PKCE, S256).
 */
export async function startOidcLogin(providerId: string, returnUrl: string, redirect: string, now: Date = new Date(), finish: OidcFinish = 'server'): Promise<URL> {
  const provider = oidcProvider(providerId);
  if (!provider) throw new AppError(ERROR.empty, { message: 'This sign-in method is not configured' });
  const flow = finish === 'page' ? OIDC_PAGE_FLOWS[provider.id] : null;
  const idToken = flow?.answer === 'idToken';
  const config = await oidcConfiguration(provider, idToken ? 'idToken' : 'code');
  const codeVerifier = idToken ? '' : client.randomPKCECodeVerifier();
  const state = flow ? `${flow.statePrefix}.${client.randomState()}` : client.randomState();
  const nonce = client.randomNonce();
  await getDb()
    .insert(oidcStates)
    .values({ stateHash: hashSessionToken(state), provider: provider.id, codeVerifier, nonce, redirect, expiresAt: new Date(now.getTime() + STATE_TTL_MS) });
  if (idToken) return client.buildAuthorizationUrl(config, { redirect_uri: returnUrl, scope: 'openid profile email', state, nonce });
  return client.buildAuthorizationUrl(config, {
    redirect_uri: returnUrl,
    scope: 'openid profile email phone',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}
