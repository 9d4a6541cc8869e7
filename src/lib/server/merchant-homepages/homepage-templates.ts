import type { HomepageModuleType, HomepageTemplateKey } from '../../contracts/merchant-homepage-rules';
import type { Lang } from '../../i18n';

/**
 * The built-in templates (docs/product/merchant-homepage.md#templates): what each module of a new homepage starts
 * with, in both languages. Pictures, materials and contact details are the company's own and are filled in when a
 * template is taken (`getHomepageTemplate`).
 */
type Words = Readonly<Record<Lang, string>>;

export type TemplateModule =
  | { type: 'banner' }
  | { type: 'materials'; title: Words; count: number }
  | { type: 'books'; title: Words; count: number }
  | { type: 'intro'; title: Words; text: Words; showProfile: boolean }
  | { type: 'contact'; title: Words }
  | { type: 'richText'; title: Words; html: Words }
  | { type: 'imageText'; title: Words; text: Words; imageSide: 'start' | 'end'; withPicture: boolean };

export interface HomepageTemplateDef {
  id: number;
  key: HomepageTemplateKey;
  name: Words;
  description: Words;
  modules: readonly TemplateModule[];
}

const CONTACT: TemplateModule = { type: 'contact', title: { cn: '联系我们', en: 'Contact us' } };

export const HOMEPAGE_TEMPLATES: readonly HomepageTemplateDef[] = [
  {
    id: 1,
    key: 'brand-story',
    name: { cn: '品牌故事', en: 'Brand story' },
    description: {
      cn: '以大图开场，讲述企业与工艺，再展示主推材料：适合想让买家先认识品牌的供应商。',
      en: 'Opens with large pictures, tells the story of the company and its craft, then shows the featured materials: for suppliers who want buyers to know the brand first.',
    },
    modules: [
      { type: 'banner' },
      {
        type: 'intro',
        title: { cn: '关于我们', en: 'About us' },
        text: { cn: '我们专注鞋服材料多年，从原料挑选到成品检验，每一步都有专人把关。', en: 'We have made materials for footwear and apparel for years, with a specialist watching every step from raw stock to final inspection.' },
        showProfile: true,
      },
      {
        type: 'imageText',
        title: { cn: '我们的工艺', en: 'Our craft' },
        text: { cn: '自有工厂与研发团队，支持小批量打样和定制开发，交期稳定。', en: 'Our own mill and development team take small sample runs and custom developments, with dependable lead times.' },
        imageSide: 'start',
        withPicture: true,
      },
      {
        type: 'richText',
        title: { cn: '品牌理念', en: 'What we stand for' },
        html: {
          cn: '<p>我们相信好材料成就好产品。</p><ul><li>稳定的品质</li><li>快速的打样</li><li>负责任的生产</li></ul>',
          en: '<p>We believe good materials make good products.</p><ul><li>Consistent quality</li><li>Fast sampling</li><li>Responsible production</li></ul>',
        },
      },
      { type: 'materials', title: { cn: '主推材料', en: 'Featured materials' }, count: 8 },
      CONTACT,
    ],
  },
  {
    id: 2,
    key: 'catalogue-first',
    name: { cn: '产品优先', en: 'Catalogue first' },
    description: {
      cn: '开门见山展示材料与材料册，企业介绍放在后面：适合产品线丰富、买家直奔选料的供应商。',
      en: 'Leads with materials and material books and keeps the introduction for later: for suppliers with a wide range whose buyers come to choose.',
    },
    modules: [
      { type: 'banner' },
      { type: 'materials', title: { cn: '热门材料', en: 'Popular materials' }, count: 12 },
      { type: 'books', title: { cn: '材料册', en: 'Material books' }, count: 6 },
      {
        type: 'intro',
        title: { cn: '企业简介', en: 'Company profile' },
        text: { cn: '', en: '' },
        showProfile: true,
      },
      CONTACT,
    ],
  },
  {
    id: 3,
    key: 'minimal',
    name: { cn: '简约', en: 'Minimal' },
    description: {
      cn: '只有简介、主推材料和联系方式，几分钟即可上线。',
      en: 'Just an introduction, the featured materials and how to reach you: ready in minutes.',
    },
    modules: [
      {
        type: 'intro',
        title: { cn: '你好', en: 'Hello' },
        text: { cn: '欢迎来到我们的主页，欢迎询样。', en: 'Welcome to our homepage. Ask us for samples.' },
        showProfile: true,
      },
      { type: 'materials', title: { cn: '主推材料', en: 'Featured materials' }, count: 6 },
      CONTACT,
    ],
  },
];

export const DEFAULT_TEMPLATE_KEY: HomepageTemplateKey = 'brand-story';

export const templateByKey = (key: string) => HOMEPAGE_TEMPLATES.find((t) => t.key === key);
export const templateById = (id: number) => HOMEPAGE_TEMPLATES.find((t) => t.id === id);

export const templateModuleTypes = (template: HomepageTemplateDef): HomepageModuleType[] => template.modules.map((m) => m.type);
