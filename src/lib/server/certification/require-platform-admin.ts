import type { SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { AppError } from '../errors';

/** Certification review belongs to the platform's operators, never to a company's own administrators (403). */
export function requirePlatformAdmin(session: SessionContext): void {
  if (!session.user.isPlatformAdmin) throw new AppError(ERROR.authError, { message: 'Only platform administrators review certifications' });
}
