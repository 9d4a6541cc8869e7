import * as client from 'openid-client';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { oidcStates } from '../db/schema';
import { AppError } from '../errors';
import { oidcConfiguration, oidcProvider } from './oidc-config';
import { hashSessionToken } from './session-token';

const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Begins social / team-chat sign-in (authorization code flow with PKCE and a nonce): remembers the request and
 * returns the provider's authorization URL to send the browser to.
 */
export async function startOidcLogin(providerId: string, callbackUrl: string, redirect: string, now: Date = new Date()): Promise<URL> {
  const provider = oidcProvider(providerId);
  if (!provider) throw new AppError(ERROR.empty, { message: 'This sign-in method is not configured' });
  const config = await oidcConfiguration(provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  await getDb()
    .insert(oidcStates)
    .values({ stateHash: hashSessionToken(state), provider: provider.id, codeVerifier, nonce, redirect, expiresAt: new Date(now.getTime() + STATE_TTL_MS) });
  return client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl,
    scope: 'openid profile email phone',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}
