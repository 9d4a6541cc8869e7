import { timingSafeEqual } from 'node:crypto';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { assertNotLimited, consumeLimit, countPoint, isSpent } from '../security/rate-limit';
import { findShare } from './find-share';
import { issueGrant } from './share-grant';

/** Wrong codes a day one address may still try on a share that has seen `shareCode.share` wrong codes this hour. */
export const TRIES_UNDER_ATTACK = 2;

const gone = () => new AppError(ERROR.empty, { message: 'validation.shareGone' });

/**
 * Checks a password share's code (docs/product/sharing.md#calls share/code/check) and answers the grant that opens this share, and only it.
 * Only the caller's own counts can refuse a check: wrong codes from this address for this share, and for any share
 * (docs/architecture.md#security). The share's own count of wrong codes, which anyone can run up, never refuses; once spent it
 * narrows every address's budget for the share to `TRIES_UNDER_ATTACK`, so trying the code space from many
 * addresses gains little while a viewer with the right code still gets in (the bound is worked out in
 * docs/product/sharing.md#rules). Missing, deleted and expired shares answer alike.
 */
export async function checkShareCode(shareId: string, code: string, client: string, now: Date = new Date()): Promise<{ value: string; expires: Date }> {
  const found = await findShare(shareId, now);
  if (found.state !== 'live') throw gone();
  const { share } = found;
  if (share.type !== 2 || !share.code) return issueGrant(share.id, share.expiresAt, now);
  const own = `${share.id}|${client}`;
  await assertNotLimited('shareCode.ip', client);
  const underAttack = await isSpent('shareCode.share', share.id);
  await assertNotLimited('shareCode.shareIp', own, underAttack ? TRIES_UNDER_ATTACK : undefined);
  const given = Buffer.from(code.trim().toUpperCase());
  const expected = Buffer.from(share.code.toUpperCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await countPoint('shareCode.share', share.id);
    await consumeLimit('shareCode.shareIp', own);
    await consumeLimit('shareCode.ip', client);
    throw new AppError(ERROR.fieldInvalid, { message: 'validation.shareCodeWrong', fields: [{ field: 'code', message: 'validation.shareCodeWrong' }] });
  }
  return issueGrant(share.id, share.expiresAt, now);
}
