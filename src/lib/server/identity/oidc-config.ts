import * as client from 'openid-client';
import { env, type OidcProviderConfig } from '../env';

const configs = new Map<string, Promise<client.Configuration>>();

export function oidcProvider(id: string): OidcProviderConfig | undefined {
  return env().OIDC_PROVIDERS.find((p) => p.id === id);
}

/** The provider's discovered configuration, fetched once per process. Plain http only for a provider on this machine. */
export function oidcConfiguration(provider: OidcProviderConfig): Promise<client.Configuration> {
  let config = configs.get(provider.id);
  if (!config) {
    const issuer = new URL(provider.issuer);
    const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    config = client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, local ? { execute: [client.allowInsecureRequests] } : undefined);
    // A failed discovery must not stick: the next sign-in tries again.
    config.catch(() => configs.delete(provider.id));
    configs.set(provider.id, config);
  }
  return config;
}

/** Tests start providers on new ports. */
export function resetOidcConfigurations(): void {
  configs.clear();
}
