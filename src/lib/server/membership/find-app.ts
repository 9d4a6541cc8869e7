import type { MembershipApp } from '../../contracts/membership';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { AppError } from '../errors';
import { listApps } from './list-apps';

/** One app with its open status for the company (docs/product/companies.md#calls vip/app-info); an unknown id is 100404. */
export async function findApp(companyId: number, appId: number, lang: Lang, now: Date = new Date()): Promise<MembershipApp> {
  const [app] = await listApps(companyId, lang, now, { appId });
  if (!app) throw new AppError(ERROR.empty, { message: 'No such app' });
  return app;
}
