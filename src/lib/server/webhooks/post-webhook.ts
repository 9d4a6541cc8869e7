import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '../../contracts/integrations-webhooks-rules';
import { env } from '../env';
import { checkWebhookUrl, isInternalAddress } from './check-webhook-url';

export type WebhookAnswer = { statusCode: number | null; error: string | null; response: string; durationMs: number };

/**
 * Resolves a webhook's host and refuses it when any of its addresses is internal, so a name cannot point the server
 * into its own network (docs/product/integrations.md#where-deliveries-may-go). The connection is made to the address
 * checked here, so a second answer of the name server cannot change it.
 */
const lookupWebhookHost: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, found) => {
    if (err) return callback(err, '', 0);
    const addresses = found as unknown as LookupAddress[];
    const internal = addresses.find((a) => isInternalAddress(a.address));
    if (internal) return callback(Object.assign(new Error(`${hostname} resolves to an internal address (${internal.address})`), { code: 'EWEBHOOKINTERNAL' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
    callback(null, first.address, first.family);
  });
};

/**
 * One try of a delivery: POSTs the body with its headers and reads the start of the answer. Never throws: a refused
 * address, a timeout or an unreachable host comes back as `error` with no status. Redirects are not followed.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<WebhookAnswer> {
  const started = performance.now();
  const done = (answer: Omit<WebhookAnswer, 'durationMs'>): WebhookAnswer => ({ ...answer, durationMs: Math.round(performance.now() - started) });
  const problem = checkWebhookUrl(url);
  if (problem) return Promise.resolve(done({ statusCode: null, error: `the address is refused (${problem.replace('validation.', '')})`, response: '' }));
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'MatLib-Webhooks/1', ...headers },
        timeout: WEBHOOK_LIMITS.timeoutMs,
        ...(env().WEBHOOK_ALLOW_PRIVATE_NETWORKS ? {} : { lookup: lookupWebhookHost }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          // Only the start is kept; the rest is drained so the connection closes cleanly.
          if (size < WEBHOOK_LIMITS.response) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_LIMITS.response);
          const error = status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? 'redirects are not followed' : `the receiver answered ${status}`;
          resolve(done({ statusCode: status, error, response: text }));
        });
        response.on('error', (err) => resolve(done({ statusCode: response.statusCode ?? null, error: err.message, response: '' })));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s`)));
    request.on('error', (err) => resolve(done({ statusCode: null, error: err.message, response: '' })));
    request.end(body);
  });
}
