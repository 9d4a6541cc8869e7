/**
 * The kinds of news a user receives and the groups the news page filters by and e-mail is chosen by
 * (docs/product/news.md#what-arrives). Isomorphic and zod-free: the contract, the domain and the pages share it.
 */
export const NEWS_GROUPS = ['samples', 'shares', 'followers', 'account', 'membership', 'renders'] as const;
export type NewsGroup = (typeof NEWS_GROUPS)[number];

/** Each kind and its group, in the order the docs list them. */
export const NEWS_KIND_GROUP = {
  'sample-submitted': 'samples',
  'sample-accepted': 'samples',
  'sample-rejected': 'samples',
  'sample-shipped': 'samples',
  'sample-received': 'samples',
  'sample-cancelled': 'samples',
  'share-opened': 'shares',
  'merchant-followed': 'followers',
  'certification-approved': 'account',
  'certification-rejected': 'account',
  'supplier-approved': 'account',
  'supplier-rejected': 'account',
  'company-invited': 'account',
  'membership-expiring': 'membership',
  'membership-expired': 'membership',
  'render-failed': 'renders',
} as const satisfies Record<string, NewsGroup>;

export type NewsKind = keyof typeof NEWS_KIND_GROUP;
export const NEWS_KINDS = Object.keys(NEWS_KIND_GROUP) as [NewsKind, ...NewsKind[]];

export const kindsOfGroup = (group: NewsGroup): NewsKind[] => NEWS_KINDS.filter((kind) => NEWS_KIND_GROUP[kind] === group);

/**
 * What a notification recorded when it was written; the text is made from it when read. Names are copied rather
 * than looked up later, so the news reads as things were when they happened.
 */
export type NewsParams = {
  /** A sample request, and its number as both sides see it. */
  requestId?: number;
  requestNo?: string;
  itemCount?: number;
  /** The other side of a sample request (the buyer's name, or the supplier company's), or who followed. */
  counterpart?: string;
  reason?: string;
  carrier?: string;
  trackingNo?: string;
  /** A share: its id, what kind it is and what it shows. */
  shareId?: string;
  shareKind?: string;
  subject?: string;
  /** A certification: a person's or a company's. */
  certification?: 'personal' | 'company';
  /** A membership package, in both languages. */
  packageName?: string;
  packageNameEn?: string;
  expireTime?: string;
  /** A material, in both languages, and the color card whose render failed. */
  materialId?: number;
  materialName?: string;
  materialNameEn?: string;
  colorName?: string;
  /** The company the news concerns, as it was called then. */
  companyName?: string;
};

/** How many unread notifications the header counts before it shows "99+". */
export const NEWS_BADGE_MAX = 99;
/** The news page's page size. */
export const NEWS_PAGE_SIZE = 20;
/** How many notifications one call marks read. */
export const NEWS_READ_MAX = 100;
