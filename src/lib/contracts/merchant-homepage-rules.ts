/**
 * (No zod here: the homepage builder imports these for its own checks, and the server checks everything again.)
 * The supplier homepage (docs/product/merchant-homepage.md#modules): module types, their limits, which links and
 * pictures a homepage may hold, and the pages it lives on.
 */
import { IMAGE_PRESETS } from '../constants';

export const HOMEPAGE_MODULE_TYPES = ['banner', 'materials', 'books', 'intro', 'contact', 'richText', 'imageText'] as const;
export type HomepageModuleType = (typeof HOMEPAGE_MODULE_TYPES)[number];

export const HOMEPAGE_TEMPLATE_KEYS = ['brand-story', 'catalogue-first', 'minimal'] as const;
export type HomepageTemplateKey = (typeof HOMEPAGE_TEMPLATE_KEYS)[number];

export const HOMEPAGE_MODULES_MAX = 20;
export const BANNER_SLIDES_MAX = 5;
export const FEATURED_MATERIALS_MAX = 12;
export const FEATURED_BOOKS_MAX = 12;
export const FEATURED_BOOKS_DEFAULT = 6;
export const MODULE_TITLE_MAX = 40;
export const CAPTION_MAX = 80;
export const LINK_MAX = 500;
export const PLAIN_TEXT_MAX = 2000;
/** Characters of HTML, tags included. */
export const RICH_TEXT_MAX = 10_000;
export const CONTACT_PHONE_MAX = 30;
export const CONTACT_EMAIL_MAX = 100;
export const CONTACT_ADDRESS_MAX = 200;
/** Twenty rich-text modules of Chinese at their limit, with room for the rest. */
export const HOMEPAGE_BODY_LIMIT = 1024 * 1024;

export const HOMEPAGE_BUILDER_PATH = '/my-homepage/template';
export const HOMEPAGE_PREVIEW_PATH = '/content-preview';
export const HOMEPAGE_PUBLIC_PATH = '/merchant-homepage/detail';

/** Where a company's published homepage is read. */
export const homepagePath = (orgId: number) => `${HOMEPAGE_PUBLIC_PATH}?orgId=${orgId}`;

/**
 * A link a banner slide or an image-and-text module may hold: a path on this site, or an http(s) address. Anything
 * else (`javascript:`, `data:`, a protocol-relative `//host`) could run script or leave the site unseen.
 */
export function isAllowedLink(link: string): boolean {
  if (link === '') return true;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.includes('\\');
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const PRESET_NAMES = Object.keys(IMAGE_PRESETS).join('|');
/**
 * One of our own image addresses, signed or not: `/api/img/<id>/<preset>.<jpg|webp>` with an optional query. Rich
 * text may show only these; the id is what is kept, and the address is signed anew each time the page renders.
 */
export const OWN_IMAGE_SRC = new RegExp(`^/api/img/([1-9]\\d{0,14})/(?:${PRESET_NAMES})\\.(?:jpg|webp)(?:\\?[A-Za-z0-9=&_.%-]*)?$`);

/** The stable address rich text keeps for an image: unsigned, at the preset it is shown at. */
export const richTextImageSrc = (imageId: number) => `/api/img/${imageId}/large.jpg`;

/** The image id in one of our image addresses, or null. */
export function ownImageId(src: string): number | null {
  const m = OWN_IMAGE_SRC.exec(src.trim());
  return m ? Number(m[1]) : null;
}

/** A phone number as a homepage shows it: digits with the usual separators, optionally led by `+`. */
export const CONTACT_PHONE = /^\+?[\d\s()-]{3,30}$/;
export const CONTACT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
