/**
 * The origin absolute URLs are built on (share links and QR codes, the share card, the OIDC callback, sign-in QR
 * tickets, a page's own address in its meta tags and toolbar QR code), for the API and pages alike. The Host header is
 * the client's to write: a link built from it would point wherever the client said. So PUBLIC_ORIGIN decides when set;
 * without it, production answers only on the hosts it knows (ALLOWED_HOSTS, then its own port on the loopback names)
 * and any other Host gets the first of them. Development and tests follow the request, whatever port they run on.
 */
import { env } from '../env';

let listening: number | undefined;

/** The port the server really listens on (PORT may be 0), told by the start script once it listens. */
export function setListenPort(port: number): void {
  listening = port;
}

/** The hosts absolute URLs may name when PUBLIC_ORIGIN is unset, as `host[:port]`, the configured ones first. */
export function allowedHosts(): string[] {
  const e = env();
  const port = listening ?? e.PORT;
  return [...e.ALLOWED_HOSTS, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
}

/** `host[:port]` as a URL of this protocol spells it (no default port, lower case). */
const hostOf = (protocol: string, host: string) => new URL(`${protocol}//${host}`).host;

/** The origin for absolute URLs in the answer to a request for `requestUrl`. */
export function publicOriginFor(requestUrl: URL): string {
  const e = env();
  if (e.PUBLIC_ORIGIN) return new URL(e.PUBLIC_ORIGIN).origin;
  if (e.NODE_ENV !== 'production') return requestUrl.origin;
  const { protocol } = requestUrl;
  const hosts = allowedHosts().map((h) => hostOf(protocol, h));
  return `${protocol}//${hosts.includes(requestUrl.host) ? requestUrl.host : hosts[0]}`;
}

/** The origin for what is rendered once for every viewer (the share card): configuration only, never a request. */
export function configuredOrigin(): string {
  const e = env();
  if (e.PUBLIC_ORIGIN) return new URL(e.PUBLIC_ORIGIN).origin;
  return new URL(`http://${allowedHosts()[0]}`).origin;
}

/** `url` (a page's own address) on the public origin: the same path and query, never the client's Host. */
export function publicUrl(url: URL): URL {
  return new URL(url.pathname + url.search + url.hash, publicOriginFor(url));
}
