/**
 * Share settings without zod (the share dialog imports this): docs/product/sharing.md#states share access, docs/product/sharing.md#rules share introduction and code,
 * docs/product/constants.md share constants.
 */
export const SHARE_KINDS = ['material', 'materials', 'folder', 'colorCard', 'colorBook', 'materialBook'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** docs/product/sharing.md#states: 1 permanent, 2 one day, 3 one week, 4 one month. */
export const VALIDITY_TYPES = [1, 2, 3, 4] as const;
export type ValidityType = (typeof VALIDITY_TYPES)[number];
const DAY = 24 * 60 * 60 * 1000;
export const VALIDITY_MS: Record<ValidityType, number | null> = { 1: null, 2: DAY, 3: 7 * DAY, 4: 30 * DAY };
/** docs/product/sharing.md#states: 1 everyone, 3 only signed-in ("validated") viewers. */
export const VIEW_RANGES = [1, 3] as const;
export type ViewRange = (typeof VIEW_RANGES)[number];

export const SHARE_INTRO_MAX = 200;
export const SHARE_CODE_LENGTH = 4;
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9]{4}$/;
/** Materials one multi-material share holds. */
export const SHARE_MATERIALS_MAX = 100;
/** Search words inside a shared material book, as inside the book itself. */
export const SHARED_BOOK_KEYWORDS_MAX = 50;

/** docs/product/routes.md#routes share links: the landing of each kind. */
export function shareLandingPath(kind: ShareKind, shareId: string): string {
  const id = encodeURIComponent(shareId);
  if (kind === 'materialBook') return `/buyer/material-brochure/detail?appType=shareMaterialBook&shareId=${id}`;
  if (kind === 'colorCard' || kind === 'colorBook') return `/supplier/share?shareLinkType=colorCardShare&shareId=${id}`;
  if (kind === 'folder') return `/buyer/share?shareLinkType=folderShare&shareId=${id}`;
  if (kind === 'material') return `/buyer/share?shareLinkType=singleMaterial&shareId=${id}`;
  return `/buyer/share?shareId=${id}`;
}

/** docs/product/routes.md#qr-landing: where /qrcodeShare sends each qrcodeType. */
export function qrcodeDestination(params: URLSearchParams): string {
  const type = params.get('qrcodeType');
  const shareId = params.get('shareId');
  const materialId = params.get('materialId');
  const q = (entries: Record<string, string | null>) => {
    const kept = Object.entries(entries).filter((e): e is [string, string] => e[1] !== null && e[1] !== '');
    return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  };
  switch (type) {
    case 'home':
      return '/';
    case 'material':
      return shareId ? `/mobile/share${q({ shareLinkType: 'singleMaterial', shareId })}` : `/mobile/detail${q({ materialId })}`;
    case 'materialList':
      return `/mobile/share${q({ shareId })}`;
    case 'materialBook':
      return `/material-brochure/detail${q({ shareId, id: params.get('id') })}`;
    case 'businessPage':
      return `/merchant/detail${q({ orgId: params.get('orgId') })}`;
    case 'overseaSingleShare':
      return `/mobile/detail${q({ materialId })}`;
    default:
      return '/home';
  }
}
