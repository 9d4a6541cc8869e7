import { APP_STATUS, type AppStatus } from '../../contracts/membership';

/**
 * The open status a company sees for an app (docs/product/companies.md#data): no row is "not opened"; an opened app whose term has ended is
 * "expired" from that moment, without a job having to rewrite the row.
 */
export function computeAppStatus(row: { status: number; expireTime: Date | null } | null, now: Date): AppStatus {
  if (!row) return APP_STATUS.notOpened;
  switch (row.status) {
    case APP_STATUS.pending:
      return APP_STATUS.pending;
    case APP_STATUS.opened:
      return row.expireTime !== null && row.expireTime <= now ? APP_STATUS.expired : APP_STATUS.opened;
    case APP_STATUS.expired:
      return APP_STATUS.expired;
    default:
      return APP_STATUS.notOpened;
  }
}
