import { isIPv4, isIPv6 } from 'node:net';
import { env } from '../env';

/**
 * The caller's address for rate limits, the same for API calls and page form posts. X-Forwarded-For is trusted
 * only when TRUST_PROXY says a proxy sets it (its own entry is last); otherwise anyone could pick a fresh address
 * per request. `peer` is the socket's address, when the server knows it.
 */
export function clientIpOf(headers: Headers, peer: string | undefined): string {
  if (env().TRUST_PROXY) {
    const forwarded = headers.get('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return addressGroup(last);
  }
  return peer ? addressGroup(peer) : 'unknown';
}

/**
 * An address as rate limits count it. One IPv6 subscriber is routinely given a whole /64 and picks any address in
 * it, so an IPv6 address counts as its /64 (`2001:db8:1:2::/64`); IPv4 and IPv4-mapped IPv6 (`::ffff:192.0.2.1`,
 * counted as `192.0.2.1`) stay whole.
 */
export function addressGroup(address: string): string {
  const ip = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return address;
  const words = ipv6Words(ip);
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return [words[6]! >> 8, words[6]! & 255, words[7]! >> 8, words[7]! & 255].join('.');
  return `${words.slice(0, 4).map((w) => w.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit words of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function ipv6Words(ip: string): number[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const part = (text: string) =>
    text
      .split(':')
      .filter(Boolean)
      .flatMap((piece) => {
        if (!piece.includes('.')) return [parseInt(piece, 16)];
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        return [(a << 8) | b, (c << 8) | d];
      });
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
