import type { ShareAccess } from '../../contracts/sharing';
import { ERROR } from '../../errors';
import { AppError } from '../errors';

/**
 * Refuses a viewer's call on a share they may not see (yet), saying what they need: to sign in (100401), the code
 * (100403), or nothing can help because it expired or is gone (100404). Every viewer's call but share/info answers so.
 */
export function requireShareAccess(access: ShareAccess): void {
  if (access === 'needLogin') throw new AppError(ERROR.needLogin);
  if (access === 'needCode') throw new AppError(ERROR.authError, { message: 'validation.shareNeedsCode' });
  if (access !== 'ok') throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
}
