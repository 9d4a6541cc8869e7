/**
 * The supplier homepage (docs/product/merchant-homepage.md#calls): its modules as the builder sends them, the draft and
 * the published copy as the API answers them, and the templates.
 */
import { z } from 'zod';
import { imageRefOrNullSchema, imageRefSchema } from './images';
import {
  BANNER_SLIDES_MAX,
  CAPTION_MAX,
  CONTACT_ADDRESS_MAX,
  CONTACT_EMAIL,
  CONTACT_EMAIL_MAX,
  CONTACT_PHONE,
  CONTACT_PHONE_MAX,
  FEATURED_BOOKS_DEFAULT,
  FEATURED_BOOKS_MAX,
  FEATURED_MATERIALS_MAX,
  HOMEPAGE_MODULE_TYPES,
  HOMEPAGE_MODULES_MAX,
  HOMEPAGE_TEMPLATE_KEYS,
  isAllowedLink,
  LINK_MAX,
  MODULE_TITLE_MAX,
  PLAIN_TEXT_MAX,
  RICH_TEXT_MAX,
} from './merchant-homepage-rules';

export * from './merchant-homepage-rules';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const title = text(MODULE_TITLE_MAX).default('');
const link = text(LINK_MAX).refine(isAllowedLink, 'validation.invalidValue').default('');
const distinct = (ids: number[]) => new Set(ids).size === ids.length;

export const bannerSlideSchema = z.object({ imageId: id, caption: text(CAPTION_MAX).default(''), link });
export const bannerModuleSchema = z.object({ type: z.literal('banner'), slides: z.array(bannerSlideSchema).max(BANNER_SLIDES_MAX, 'validation.tooLong') });
export const materialsModuleSchema = z.object({
  type: z.literal('materials'),
  title,
  materialIds: z.array(id).max(FEATURED_MATERIALS_MAX, 'validation.tooLong').refine(distinct, 'validation.invalidValue'),
});
export const booksModuleSchema = z.object({ type: z.literal('books'), title, count: z.number().int().min(1).max(FEATURED_BOOKS_MAX).default(FEATURED_BOOKS_DEFAULT) });
export const introModuleSchema = z.object({
  type: z.literal('intro'),
  title,
  text: text(PLAIN_TEXT_MAX).default(''),
  /** Also show the company's profile: its introduction, main products and founding year. */
  showProfile: z.boolean().default(true),
});
export const contactModuleSchema = z.object({
  type: z.literal('contact'),
  title,
  phone: text(CONTACT_PHONE_MAX).refine((v) => v === '' || CONTACT_PHONE.test(v), 'validation.phone').default(''),
  email: text(CONTACT_EMAIL_MAX).refine((v) => v === '' || CONTACT_EMAIL.test(v), 'validation.email').default(''),
  address: text(CONTACT_ADDRESS_MAX).default(''),
});
/** HTML, kept only after the server sanitised it (docs/product/merchant-homepage.md#rich-text). */
export const richTextModuleSchema = z.object({ type: z.literal('richText'), title, html: z.string().max(RICH_TEXT_MAX, 'validation.maxLength') });
export const imageTextModuleSchema = z.object({
  type: z.literal('imageText'),
  title,
  imageId: id.nullable().default(null),
  text: text(PLAIN_TEXT_MAX).default(''),
  imageSide: z.enum(['start', 'end']).default('start'),
  link,
});

export const homepageModuleSchema = z.discriminatedUnion('type', [
  bannerModuleSchema,
  materialsModuleSchema,
  booksModuleSchema,
  introModuleSchema,
  contactModuleSchema,
  richTextModuleSchema,
  imageTextModuleSchema,
]);
export type HomepageModule = z.output<typeof homepageModuleSchema>;
export type HomepageModuleInput = z.input<typeof homepageModuleSchema>;
export type BannerModule = z.output<typeof bannerModuleSchema>;
export type MaterialsModule = z.output<typeof materialsModuleSchema>;
export type BooksModule = z.output<typeof booksModuleSchema>;
export type IntroModule = z.output<typeof introModuleSchema>;
export type ContactModule = z.output<typeof contactModuleSchema>;
export type RichTextModule = z.output<typeof richTextModuleSchema>;
export type ImageTextModule = z.output<typeof imageTextModuleSchema>;

export const homepageModulesSchema = z.array(homepageModuleSchema).max(HOMEPAGE_MODULES_MAX, 'validation.tooLong');
/** What a draft and a published copy hold. */
export const homepageContentSchema = z.object({ modules: homepageModulesSchema });
export type HomepageContent = z.output<typeof homepageContentSchema>;

export const homepageTemplateKeySchema = z.enum(HOMEPAGE_TEMPLATE_KEYS);

/** The company a call names must be the caller's current one; left out, it is. */
const orgId = id.optional().meta({ description: 'The company whose homepage this is: the caller’s current company (another answers 100404)' });

export const homepageUpdateSchema = z.object({ orgId, templateKey: homepageTemplateKeySchema.optional(), modules: homepageModulesSchema });
export type HomepageUpdate = z.output<typeof homepageUpdateSchema>;
export type HomepageUpdateRequest = z.input<typeof homepageUpdateSchema>;
export const homepagePublishSchema = z.object({ orgId });
export type HomepagePublish = z.output<typeof homepagePublishSchema>;

/** The caller company's homepage: the draft it edits (null until first saved) and the copy buyers see. */
export const homepageSchema = z.object({
  orgId: z.number().int(),
  templateKey: homepageTemplateKeySchema.nullable(),
  draft: homepageContentSchema.nullable(),
  published: homepageContentSchema.nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The draft differs from what buyers see. */
  unpublishedChanges: z.boolean(),
});
export type Homepage = z.output<typeof homepageSchema>;

export const homepagePathSchema = z.object({ orgId: z.number().int(), path: z.string(), published: z.boolean() });
export type HomepagePath = z.output<typeof homepagePathSchema>;

export const homepageTemplateParamsSchema = z.object({ id: z.coerce.number().int().positive().max(1000) });
/** A template's modules, filled with the caller company's own contact details, pictures and newest materials. */
export const homepageTemplateModulesSchema = z.object({ id: z.number().int(), key: homepageTemplateKeySchema, modules: homepageModulesSchema });
export type HomepageTemplateModules = z.output<typeof homepageTemplateModulesSchema>;
export const homepageTemplateSchema = z.object({
  id: z.number().int(),
  key: homepageTemplateKeySchema,
  name: z.string(),
  description: z.string(),
  moduleTypes: z.array(z.enum(HOMEPAGE_MODULE_TYPES)),
});
export type HomepageTemplate = z.output<typeof homepageTemplateSchema>;

/** What the builder offers to pick from: the company's pictures and its published materials. */
export const homepageAssetsSchema = z.object({
  images: z.array(z.object({ id: z.number().int(), image: imageRefSchema })),
  materials: z.array(z.object({ id: z.number().int(), name: z.string(), serialNo: z.string(), cover: imageRefOrNullSchema })),
});
export type HomepageAssets = z.output<typeof homepageAssetsSchema>;
