import type { NewsRecord } from '../../contracts/notifications';
import { getT, type Lang } from '../../i18n';
import { NEWS_KIND_GROUP, type NewsKind, type NewsParams } from '../../news-kinds';
import type { notifications } from '../db/schema';

type Row = Pick<typeof notifications.$inferSelect, 'id' | 'kind' | 'params' | 'companyId' | 'readAt' | 'createdAt'> & { companyName: string | null };

const request = (side: 'buyer' | 'supplier') => (p: NewsParams) =>
  p.requestId === undefined ? null : `${side === 'buyer' ? '/applyRecordBuyer' : '/supplier/apply-record'}?id=${p.requestId}`;

/** Where each kind of news is seen on the site (docs/product/news.md#what-arrives). */
const LINKS: Record<NewsKind, (p: NewsParams, companyId: number | null) => string | null> = {
  'sample-submitted': request('supplier'),
  'sample-accepted': request('buyer'),
  'sample-rejected': request('buyer'),
  'sample-shipped': request('buyer'),
  'sample-received': request('supplier'),
  'sample-cancelled': request('supplier'),
  'share-opened': () => '/main/share',
  'merchant-followed': (_, companyId) => (companyId === null ? null : `/merchant/detail?orgId=${companyId}`),
  'certification-approved': () => '/profile/info?tab=cert-info',
  'certification-rejected': () => '/profile/info?tab=cert-info',
  'supplier-approved': () => '/supplier/home',
  'supplier-rejected': () => '/join-us',
  // The news page lists the invitations waiting for an answer above the news.
  'company-invited': () => '/news#invitations',
  'membership-expiring': () => '/profile/vip-center',
  'membership-expired': () => '/profile/vip-center',
  'render-failed': (p) => (p.materialId === undefined ? null : `/supplier/material/edit?materialId=${p.materialId}`),
};

/** The words a kind's title and text fill in: names in the reader's language where both were recorded. */
function values(p: NewsParams, lang: Lang, t: ReturnType<typeof getT>): Record<string, string | number> {
  const pick = (cn?: string, en?: string) => (lang === 'en' ? en || cn : cn || en) ?? '';
  return {
    count: p.itemCount ?? 0,
    counterpart: p.counterpart || t('news.someone'),
    reason: p.reason ?? '',
    carrier: p.carrier ?? '',
    trackingNo: p.trackingNo ?? '',
    subject: p.subject || (p.shareKind ? t(`share.kind.${p.shareKind}`) : ''),
    certification: t(`news.certification.${p.certification ?? 'personal'}`),
    packageName: pick(p.packageName, p.packageNameEn),
    expireTime: p.expireTime?.slice(0, 10) ?? '',
    material: pick(p.materialName, p.materialNameEn),
    color: p.colorName ?? '',
    requestNo: p.requestNo ?? '',
    companyName: p.companyName ?? '',
  };
}

/** Notifications as the news page and the API show them, in the reader's language. */
export function describeNews(rows: readonly Row[], lang: Lang): NewsRecord[] {
  const t = getT(lang);
  return rows.map((row) => {
    const kind = row.kind;
    const v = values(row.params, lang, t);
    return {
      id: row.id,
      kind,
      group: NEWS_KIND_GROUP[kind],
      title: t(`news.kind.${kind}.title`, v),
      text: t(`news.kind.${kind}.text`, v),
      link: LINKS[kind](row.params, row.companyId),
      companyName: row.companyName,
      read: row.readAt !== null,
      createTime: row.createdAt.toISOString(),
    };
  });
}
