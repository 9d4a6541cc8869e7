import * as client from 'openid-client';
import { env, type OidcProviderConfig } from '../env';

const configs = new Map<string, Promise<client.Configuration>>();

export function oidcProvider(id: string): OidcProviderConfig | undefined {
  return env().OIDC_PROVIDERS.find((p) => p.id === id);
}

/**
 * The provider's discovered configuration, fetched once per process and flow. Plain http only for a provider on this
 * machine. `idToken` is the configuration that checks an ID token handed over by a page (response type `id_token`):
 * openid-client sets the response type on the configuration itself, so that flow keeps its own.
 */
export function oidcConfiguration(provider: OidcProviderConfig, answer: 'code' | 'idToken' = 'code'): Promise<client.Configuration> {
  const key = `${provider.id}:${answer}`;
  let config = configs.get(key);
  if (!config) {
    const issuer = new URL(provider.issuer);
    const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    config = client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, local ? { execute: [client.allowInsecureRequests] } : undefined).then((discovered) => {
      if (answer === 'idToken') client.useIdTokenResponseType(discovered);
      return discovered;
    });
    // A failed discovery must not stick: the next sign-in tries again.
    config.catch(() => configs.delete(key));
    configs.set(key, config);
  }
  return config;
}

/** Tests start providers on new ports. */
export function resetOidcConfigurations(): void {
  configs.clear();
}
