import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';
import { ownImageId, richTextImageSrc } from '../../contracts/merchant-homepage-rules';

/**
 * The allow-list of rich text (docs/product/merchant-homepage.md#rich-text). Everything else goes: elements whose
 * content is text keep the text, `<script>`, `<style>` and the like go with their content; every attribute not named
 * here goes, event handlers and `style` among them.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'] as const;
const ATTRIBUTES = ['href', 'src', 'alt'];
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
export const LINK_REL = 'noopener nofollow';
const ALT_MAX = 200;

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // A first gate only: the hook below parses each address and decides.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|\/api\/img\/)/i,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
};

type ImageSrc = (imageId: number) => string | null;

// One window and one purifier for the process: building a jsdom window costs tens of milliseconds. A sanitise call
// runs start to end without yielding, so the per-call state below is never shared by two calls.
let purifier: ReturnType<typeof createDOMPurify> | undefined;
let current: { imageSrc: ImageSrc; imageIds: Set<number> } = { imageSrc: richTextImageSrc, imageIds: new Set() };

function isAllowedHref(href: string): boolean {
  try {
    return LINK_PROTOCOLS.has(new URL(href.trim()).protocol);
  } catch {
    return false;
  }
}

function purify() {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const made = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  made.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.nodeName === 'A') {
      const href = element.getAttribute('href');
      // A link that may not stay keeps its words and loses its address.
      if (href === null || !isAllowedHref(href)) element.removeAttribute('href');
      else element.setAttribute('rel', LINK_REL);
    } else if (element.nodeName === 'IMG') {
      const id = ownImageId(element.getAttribute('src') ?? '');
      const src = id === null ? null : current.imageSrc(id);
      if (id === null || src === null) {
        element.remove();
        return;
      }
      current.imageIds.add(id);
      element.setAttribute('src', src);
      element.setAttribute('alt', (element.getAttribute('alt') ?? '').trim().slice(0, ALT_MAX));
    }
  });
  purifier = made;
  return made;
}

/**
 * Rich text made safe to store and to show: only the allow-listed elements and attributes, links only to http,
 * https and mailto addresses with `rel="noopener nofollow"`, pictures only our own (by id). At save time each
 * picture keeps its unsigned address; at render time `imageSrc` gives the address to show (a signed one), or null to
 * drop a picture the company may not show. Answers the ids of the pictures kept.
 */
export function sanitizeRichText(html: string, imageSrc: ImageSrc = richTextImageSrc): { html: string; imageIds: number[] } {
  const dompurify = purify();
  current = { imageSrc, imageIds: new Set() };
  try {
    const clean = String(dompurify.sanitize(html, CONFIG)).trim();
    return { html: clean, imageIds: [...current.imageIds] };
  } finally {
    current = { imageSrc: richTextImageSrc, imageIds: new Set() };
  }
}
