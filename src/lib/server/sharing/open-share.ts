import { eq } from 'drizzle-orm';
import { MARKET_TYPE, type MarketType } from '../../constants';
import type { ShareAccess, ShareContent, SharedBookBrowse, ShareInfo } from '../../contracts/sharing';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { AppError } from '../errors';
import { getDb } from '../db/client';
import { companies, users } from '../db/schema';
import { findShare, shareAccess } from './find-share';
import { hasGrant } from './share-grant';
import { readShareContent } from './read-share-content';
import { materialBookGate } from './read-shared-material-book';

/**
 * `companyId`: the company the viewer works in, which still sees its own material book's shares while the book is off
 * the market. `market`: the market the viewer is served, whose way a shared material is read in (domestic unless given).
 */
export type ShareViewer = { userId: number | null; companyId?: number | null; grant: string | undefined; market?: MarketType };
/** `own`: the viewer is the sharer. */
export type OpenedShare = { access: ShareAccess; info: ShareInfo | null; content: ShareContent | null; own: boolean };

/**
 * A share as one viewer may see it now (docs/product/sharing.md#calls share/info and share/relates; the landings): whether they may (ok, need
 * the code, need to sign in, expired, missing), who shared it, and, only when they may, its title, introduction
 * and content. A password share's title and introduction are content too: nothing of it leaves before the code.
 * A material-book share also follows its book: gone with it, and ended for outsiders while it is off the market.
 * `browse` picks the words and the page of a material book's materials.
 */
export async function openShare(shareId: string, viewer: ShareViewer, lang: Lang, now: Date = new Date(), browse?: SharedBookBrowse): Promise<OpenedShare> {
  const found = await findShare(shareId, now);
  if (found.state === 'missing') return { access: 'missing', info: null, content: null, own: false };
  const { share } = found;
  const gate = share.kind === 'materialBook' ? await materialBookGate(share, { userId: viewer.userId, companyId: viewer.companyId ?? null }) : null;
  if (gate === 'missing') return { access: 'missing', info: null, content: null, own: false };
  const access = gate ?? shareAccess(found, { userId: viewer.userId, granted: hasGrant(share.id, viewer.grant, now) });
  const db = getDb();
  const [company] = share.ownerCompanyId === null ? [] : await db.select({ orgName: companies.orgName, nameEn: companies.nameEn, isPersonal: companies.isPersonal }).from(companies).where(eq(companies.id, share.ownerCompanyId));
  const [person] = await db.select({ name: users.name, nickName: users.nickName }).from(users).where(eq(users.id, share.ownerUserId));
  const sharer = company && !company.isPersonal ? (lang === 'en' && company.nameEn ? company.nameEn : company.orgName) : person?.nickName || person?.name || '';
  const own = viewer.userId === share.ownerUserId;
  let content: ShareContent | null = null;
  if (access === 'ok') {
    try {
      content = await readShareContent(share, lang, { userId: viewer.userId, market: viewer.market ?? MARKET_TYPE.domestic }, browse);
    } catch (error) {
      // The one shared material (or the color card's), or the shared book, was deleted since: nothing is left to show.
      if (error instanceof AppError && error.code === ERROR.empty) return { access: 'missing', info: null, content: null, own };
      throw error;
    }
  }
  const info: ShareInfo = {
    shareId: share.id,
    kind: share.kind as ShareInfo['kind'],
    type: share.type === 2 ? 2 : 1,
    validityType: share.validityType as ShareInfo['validityType'],
    viewRange: share.viewRange === 3 ? 3 : 1,
    isSync: share.isSync === 1 ? 1 : 0,
    expiresAt: share.expiresAt?.toISOString() ?? null,
    createdAt: share.createdAt.toISOString(),
    sharer,
    title: content ? shareTitle(content) : null,
    introduction: content ? share.introduction : null,
  };
  return { access, info, content, own };
}

function shareTitle(content: ShareContent): string {
  if (content.kind === 'material') return content.material.name;
  if (content.kind === 'colorCard') {
    const card = content.material.colorCardList.find((c) => c.id === content.colorCardId);
    return card ? `${content.material.name} · ${card.name}` : content.material.name;
  }
  if (content.kind === 'colorBook' || content.kind === 'materialBook') return content.book.name;
  return content.folderName ?? content.materials[0]?.name ?? '';
}
