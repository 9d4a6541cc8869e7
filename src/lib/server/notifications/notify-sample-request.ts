import { eq } from 'drizzle-orm';
import { requestNumber } from '../../contracts/sampling-requests-rules';
import type { NewsKind, NewsParams } from '../../news-kinds';
import type { Tx } from '../db/client';
import { companies, users, type sampleRequests } from '../db/schema';
import { listCompanyRecipients } from './list-company-recipients';
import { notifyUsers } from './notify-users';

type SampleRequestKind = Extract<NewsKind, `sample-${string}`>;

/** News the buyer receives; the others go to the supplier company's members who handle requests. */
const TO_BUYER: ReadonlySet<SampleRequestKind> = new Set(['sample-accepted', 'sample-rejected', 'sample-shipped']);

/**
 * Tells the other side of a sample request what just happened to it (docs/product/news.md#what-arrives), in the
 * transaction of the change: the buyer hears of acceptance, rejection and shipping; the supplier company's members
 * with `FUN007` (and its administrators) hear of a new request, a receipt and a cancellation.
 */
export async function notifySampleRequest(
  tx: Tx,
  request: Pick<typeof sampleRequests.$inferSelect, 'id' | 'createdAt' | 'buyerUserId' | 'supplierCompanyId'>,
  kind: SampleRequestKind,
  details: Pick<NewsParams, 'itemCount' | 'reason' | 'carrier' | 'trackingNo'> = {},
): Promise<void> {
  const params: NewsParams = { requestId: request.id, requestNo: requestNumber(request.id, request.createdAt.toISOString()), ...details };
  if (TO_BUYER.has(kind)) {
    const [supplier] = await tx.select({ name: companies.orgName }).from(companies).where(eq(companies.id, request.supplierCompanyId));
    await notifyUsers(tx, [request.buyerUserId], { kind, params: { ...params, counterpart: supplier?.name ?? '' } });
    return;
  }
  const [buyer] = await tx.select({ name: users.name, nickName: users.nickName, account: users.account }).from(users).where(eq(users.id, request.buyerUserId));
  const recipients = await listCompanyRecipients(tx, request.supplierCompanyId, 'FUN007');
  await notifyUsers(tx, recipients, { kind, companyId: request.supplierCompanyId, params: { ...params, counterpart: buyer ? buyer.name || buyer.nickName || buyer.account : '' } });
}
