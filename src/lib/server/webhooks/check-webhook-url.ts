import { BlockList, isIP } from 'node:net';
import { env } from '../env';

/**
 * Addresses a webhook may not reach unless the installation allows private networks
 * (docs/product/integrations.md#where-deliveries-may-go): loopback, private, shared, link-local (cloud metadata
 * lives there), benchmarking, multicast and reserved ranges, in both families. IPv6 ranges that carry an IPv4 address
 * inside them (IPv4-compatible `::/96`, 6to4 `2002::/16`, Teredo `2001::/32`, NAT64 `64:ff9b::/96`) are refused
 * whole: what they reach depends on the IPv4 address they wrap and on relays we do not control.
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 96], ['2002::', 16], ['2001::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) INTERNAL.addSubnet(net, bits, 'ipv6');

/** Whether an address is one a webhook may not reach by default; an IPv4 address written as IPv6 counts as itself. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * What is wrong with a webhook address, as a message key, or null: it must be HTTPS without credentials, and not
 * name an internal host — unless WEBHOOK_ALLOW_PRIVATE_NETWORKS is on, which also allows plain HTTP. Names are
 * checked again when they resolve, at each delivery (`lookupWebhookHost`).
 */
export function checkWebhookUrl(text: string): string | null {
  if (!URL.canParse(text)) return 'validation.webhookUrlInvalid';
  const url = new URL(text);
  if (url.username || url.password) return 'validation.webhookUrlCredentials';
  const allowPrivate = env().WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'validation.webhookUrlHttps';
  if (allowPrivate) return null;
  // A fully qualified name ends with a dot (`localhost.`) and names the same host as without it.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isInternalAddress(host))) return 'validation.webhookUrlInternal';
  return null;
}
