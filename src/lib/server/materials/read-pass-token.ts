import { timingSafeEqual } from 'node:crypto';
import type { PassTokenKind } from '../../contracts/enterprise-library-rules';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { passTokenSignature, type PassTokenClaims } from './sign-pass-token';

const refused = () => new AppError(ERROR.authError, { message: 'validation.passTokenInvalid' });

/**
 * The claims of a pass token of this kind (docs/product/enterprise-library.md#pass-tokens), once its signature is
 * right and it has not expired; anything else, whatever is wrong with it, is the same 100403.
 */
export function readPassToken(kind: PassTokenKind, token: string, now: Date = new Date()): PassTokenClaims {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) throw refused();
  const expected = Buffer.from(passTokenSignature(kind, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused();
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const { m, c, e } = (claims ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(c) || !Number.isSafeInteger(e)) throw refused();
  if ((e as number) * 1000 <= now.getTime()) throw refused();
  return { materialId: m as number, companyId: c as number, expiresAt: e as number };
}
