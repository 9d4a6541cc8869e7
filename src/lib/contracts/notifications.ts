/** News (docs/product/news.md): what happened that concerns the caller, read and marked read; e-mail per group. */
import { z } from 'zod';
import { NEWS_GROUPS, NEWS_KINDS, NEWS_PAGE_SIZE, NEWS_READ_MAX } from '../news-kinds';
import { pageOf } from './common';

export { NEWS_GROUPS, NEWS_KINDS, NEWS_PAGE_SIZE, NEWS_READ_MAX } from '../news-kinds';

const flag = z.enum(['0', '1']).transform((v) => v === '1');

export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
  /** Only this group's news. */
  group: z.enum(NEWS_GROUPS).optional(),
  /** `1`: only what is unread. */
  unread: flag.optional(),
});
export type NewsListQuery = z.output<typeof newsListQuerySchema>;

export const newsRecordSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NEWS_KINDS),
    group: z.enum(NEWS_GROUPS),
    /** One line saying what happened, in the caller's language. */
    title: z.string(),
    /** The details (a reason, a tracking number, what was shared), or empty. */
    text: z.string(),
    /** Where to see it on the site, a path; null when there is nothing to open. */
    link: z.string().nullable(),
    /** The company it concerns the caller through, as it was called then; null for the caller's own. */
    companyName: z.string().nullable(),
    read: z.boolean(),
    createTime: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'News' });
export type NewsRecord = z.output<typeof newsRecordSchema>;

export const newsPageSchema = pageOf(newsRecordSchema).extend({
  /** Unread news of every group. */
  unread: z.number().int(),
  /** Unread news per group, for the filter. */
  unreadByGroup: z.record(z.enum(NEWS_GROUPS), z.number().int()),
});
export type NewsPage = z.output<typeof newsPageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.output<typeof unreadCountSchema>;

const newsId = z.number().int().positive();

export const newsReadSchema = z.object({
  ids: z.array(newsId).min(1).max(NEWS_READ_MAX),
});

export const newsReadAllSchema = z.object({
  /** Only this group's news; all of it without. */
  group: z.enum(NEWS_GROUPS).optional(),
});

export const newsSettingsSchema = z
  .object({
    /** Groups also sent by e-mail. */
    emailGroups: z.array(z.enum(NEWS_GROUPS)).max(NEWS_GROUPS.length),
  })
  .meta({ id: 'NewsSettings' });
export type NewsSettingsInput = z.output<typeof newsSettingsSchema>;

export const newsSettingsAnswerSchema = newsSettingsSchema.extend({
  /** Where the e-mails go: the account's e-mail address, or null when it has none (then none are sent). */
  email: z.string().nullable(),
});
export type NewsSettings = z.output<typeof newsSettingsAnswerSchema>;
