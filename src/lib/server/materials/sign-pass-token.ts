import { createHmac } from 'node:crypto';
import { PASS_TOKEN_TTL_S, type PassTokenKind } from '../../contracts/enterprise-library-rules';
import type { PassToken } from '../../contracts/enterprise-library';
import { urlSigningSecret } from '../images/url-signing-secret';

/** What a pass token carries: the material, the company that handed it out, and when it stops working (seconds). */
export interface PassTokenClaims {
  materialId: number;
  companyId: number;
  expiresAt: number;
}

/**
 * The signature of a pass token's body (docs/product/enterprise-library.md#pass-tokens): HMAC-SHA256 under the URL
 * signing key, over the kind and the body, so a token of one kind never opens the other's call and no other signed
 * link of ours can be passed off as one.
 */
export function passTokenSignature(kind: PassTokenKind, body: string): string {
  return createHmac('sha256', urlSigningSecret()).update(`pass-token:${kind}:${body}`).digest('base64url');
}

/** A pass token for one material: `<body>.<signature>`, the body being base64url JSON `{ m, c, e }`. */
export function signPassToken(kind: PassTokenKind, materialId: number, companyId: number, now: Date = new Date()): PassToken {
  const expiresAt = Math.floor(now.getTime() / 1000) + PASS_TOKEN_TTL_S;
  const body = Buffer.from(JSON.stringify({ m: materialId, c: companyId, e: expiresAt })).toString('base64url');
  return { token: `${body}.${passTokenSignature(kind, body)}`, expiresIn: PASS_TOKEN_TTL_S };
}
