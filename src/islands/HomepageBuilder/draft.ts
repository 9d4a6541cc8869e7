/**
 * The builder's pure parts: modules with the keys the list renders them by, new modules, moves, and the checks that
 * run before a save or a publish (docs/product/merchant-homepage.md#rules), so most mistakes are explained before
 * anything is sent. The server checks everything again.
 */
import type { HomepageModule } from '../../lib/contracts/merchant-homepage';
import {
  BANNER_SLIDES_MAX,
  CAPTION_MAX,
  CONTACT_ADDRESS_MAX,
  CONTACT_EMAIL,
  CONTACT_EMAIL_MAX,
  CONTACT_PHONE,
  CONTACT_PHONE_MAX,
  FEATURED_BOOKS_DEFAULT,
  FEATURED_MATERIALS_MAX,
  HOMEPAGE_MODULES_MAX,
  isAllowedLink,
  LINK_MAX,
  MODULE_TITLE_MAX,
  PLAIN_TEXT_MAX,
  RICH_TEXT_MAX,
  type HomepageModuleType,
} from '../../lib/contracts/merchant-homepage-rules';
import type { ClientT } from '../../lib/i18n/client';

/** A module in the list, with a key of its own so React keeps each editor with its module when they move. */
export type Keyed = { key: number; module: HomepageModule };

let next = 0;
export const keyed = (modules: readonly HomepageModule[]): Keyed[] => modules.map((module) => ({ key: ++next, module }));
export const newKey = () => ++next;

export function blankModule(type: HomepageModuleType): HomepageModule {
  switch (type) {
    case 'banner':
      return { type, slides: [] };
    case 'materials':
      return { type, title: '', materialIds: [] };
    case 'books':
      return { type, title: '', count: FEATURED_BOOKS_DEFAULT };
    case 'intro':
      return { type, title: '', text: '', showProfile: true };
    case 'contact':
      return { type, title: '', phone: '', email: '', address: '' };
    case 'richText':
      return { type, title: '', html: '' };
    case 'imageText':
      return { type, title: '', imageId: null, text: '', imageSide: 'start', link: '' };
  }
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** Field path → what is wrong there, in the words of the page. */
export type Issues = Record<string, string>;

/** The words of rich text, without its markup: what a reader would see. */
export const visibleText = (html: string) => html.replace(/<img\b[^>]*>/gi, 'image').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();

/**
 * What must change before the modules can be saved, or, with `publishing`, published (every module must then show
 * something). Empty when nothing does.
 */
export function checkModules(modules: readonly HomepageModule[], t: ClientT, publishing: boolean): Issues {
  const issues: Issues = {};
  const add = (field: string, message: string) => {
    issues[field] ??= message;
  };
  const tooLong = (field: string, value: string, max: number) => value.length > max && add(field, t('homepage.check.tooLong', { max }));
  const link = (field: string, value: string) => {
    if (value.length > LINK_MAX) add(field, t('homepage.check.tooLong', { max: LINK_MAX }));
    else if (!isAllowedLink(value.trim())) add(field, t('homepage.check.link'));
  };
  if (modules.length > HOMEPAGE_MODULES_MAX) add('modules', t('homepage.check.modulesFull', { max: HOMEPAGE_MODULES_MAX }));
  if (publishing && modules.length === 0) add('modules', t('homepage.check.modulesEmpty'));
  modules.forEach((m, i) => {
    const at = (field: string) => `modules[${i}].${field}`;
    if ('title' in m) tooLong(at('title'), m.title.trim(), MODULE_TITLE_MAX);
    switch (m.type) {
      case 'banner':
        if (m.slides.length > BANNER_SLIDES_MAX) add(at('slides'), t('homepage.check.bannerFull', { max: BANNER_SLIDES_MAX }));
        if (publishing && m.slides.length === 0) add(at('slides'), t('homepage.check.bannerEmpty'));
        m.slides.forEach((s, j) => {
          tooLong(at(`slides[${j}].caption`), s.caption.trim(), CAPTION_MAX);
          link(at(`slides[${j}].link`), s.link);
        });
        break;
      case 'materials':
        if (m.materialIds.length > FEATURED_MATERIALS_MAX) add(at('materialIds'), t('homepage.check.materialsFull', { max: FEATURED_MATERIALS_MAX }));
        if (publishing && m.materialIds.length === 0) add(at('materialIds'), t('homepage.check.materialsEmpty'));
        break;
      case 'intro':
        tooLong(at('text'), m.text.trim(), PLAIN_TEXT_MAX);
        if (publishing && !m.showProfile && !m.text.trim()) add(at('text'), t('homepage.check.introEmpty'));
        break;
      case 'contact': {
        const phone = m.phone.trim();
        const email = m.email.trim();
        if (phone.length > CONTACT_PHONE_MAX) add(at('phone'), t('homepage.check.tooLong', { max: CONTACT_PHONE_MAX }));
        else if (phone && !CONTACT_PHONE.test(phone)) add(at('phone'), t('homepage.check.phone'));
        if (email.length > CONTACT_EMAIL_MAX) add(at('email'), t('homepage.check.tooLong', { max: CONTACT_EMAIL_MAX }));
        else if (email && !CONTACT_EMAIL.test(email)) add(at('email'), t('homepage.check.email'));
        tooLong(at('address'), m.address.trim(), CONTACT_ADDRESS_MAX);
        if (publishing && !phone && !email && !m.address.trim()) add(at('phone'), t('homepage.check.contactEmpty'));
        break;
      }
      case 'richText':
        tooLong(at('html'), m.html, RICH_TEXT_MAX);
        if (publishing && !visibleText(m.html)) add(at('html'), t('homepage.check.richTextEmpty'));
        break;
      case 'imageText':
        tooLong(at('text'), m.text.trim(), PLAIN_TEXT_MAX);
        link(at('link'), m.link);
        if (publishing && m.imageId === null && !m.text.trim()) add(at('text'), t('homepage.check.imageTextEmpty'));
        break;
      case 'books':
        break;
    }
  });
  return issues;
}

/** The module a field path belongs to (`modules[3].slides[0].link` → 3), or null for the homepage as a whole. */
export function moduleIndexOf(field: string): number | null {
  const m = /^modules\[(\d+)\]/.exec(field);
  return m ? Number(m[1]) : null;
}

/** The words for the part of a module a field path names (`slides[1].imageId` → "Picture 2"). */
export function fieldLabel(field: string, t: ClientT): string {
  const rest = field.replace(/^modules\[\d+\]\.?/, '');
  const item = /^(slides|materialIds)\[(\d+)\]/.exec(rest);
  if (item) return t(item[1] === 'slides' ? 'homepage.fields.slide' : 'homepage.fields.material', { n: Number(item[2]) + 1 });
  const name = rest.split(/[.[]/)[0] ?? '';
  return name ? t(`homepage.fields.${name === 'materialIds' ? 'materials' : name === 'imageId' ? 'image' : name}`) : t('homepage.fields.module');
}
