import { timingSafeEqual } from 'node:crypto';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { assertNotLimited, consumeLimit } from '../security/rate-limit';
import { findShare } from './find-share';
import { issueGrant } from './share-grant';

const gone = () => new AppError(ERROR.empty, { message: 'validation.shareGone' });

/**
 * Checks a password share's code (docs/product/sharing.md#calls share/code/check) and answers the grant that opens this share, and only it.
 * Wrong codes count per share and per client address (docs/architecture.md#security), so trying the code space is stopped long before
 * it succeeds; the check refuses while either count is spent, even for the right code. Missing, deleted and
 * expired shares answer alike.
 */
export async function checkShareCode(shareId: string, code: string, client: string, now: Date = new Date()): Promise<{ value: string; expires: Date }> {
  const found = await findShare(shareId, now);
  if (found.state !== 'live') throw gone();
  const { share } = found;
  if (share.type !== 2 || !share.code) return issueGrant(share.id, share.expiresAt, now);
  await assertNotLimited('shareCode.share', share.id);
  await assertNotLimited('shareCode.ip', client);
  const given = Buffer.from(code.trim().toUpperCase());
  const expected = Buffer.from(share.code.toUpperCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await consumeLimit('shareCode.share', share.id);
    await consumeLimit('shareCode.ip', client);
    throw new AppError(ERROR.fieldInvalid, { message: 'validation.shareCodeWrong', fields: [{ field: 'code', message: 'validation.shareCodeWrong' }] });
  }
  return issueGrant(share.id, share.expiresAt, now);
}
