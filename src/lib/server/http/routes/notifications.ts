import type { OpenAPIHono } from '@hono/zod-openapi';
import { newsListQuerySchema, newsPageSchema, newsReadAllSchema, newsReadSchema, newsSettingsAnswerSchema, newsSettingsSchema, unreadCountSchema } from '../../../contracts/notifications';
import { countUnreadNews } from '../../notifications/count-unread-news';
import { getNewsSettings } from '../../notifications/get-news-settings';
import { listNews } from '../../notifications/list-news';
import { markNewsRead } from '../../notifications/mark-news-read';
import { saveNewsSettings } from '../../notifications/save-news-settings';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const M = '/idealab-material';
const TAG = 'news';

/** The caller's news (docs/product/news.md): one user's, whichever role or company they work in. */
export function registerNewsRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${M}/news/list`, access: 'session', tag: TAG, allowFrozen: true,
    summary: 'The caller’s news, newest first, optionally of one group or only unread, with unread counts per group',
    query: newsListQuerySchema, answer: ['A page', newsPageSchema],
  }, async (c) => listNews((await requireSession(c)).user.id, c.req.valid('query'), requestLang(c)));

  defineRoute(app, {
    method: 'get', path: `${M}/news/unread-count`, access: 'session', tag: TAG, allowFrozen: true,
    summary: 'How many of the caller’s notifications are unread (counted up to 100: the header shows 99+)',
    answer: ['The count', unreadCountSchema],
  }, async (c) => ({ count: await countUnreadNews((await requireSession(c)).user.id) }));

  defineRoute(app, {
    method: 'post', path: `${M}/news/read`, access: 'session', tag: TAG,
    summary: 'Mark some of the caller’s notifications read (ids of others’ news are passed over); answers the unread count',
    body: newsReadSchema, answer: ['The unread count afterwards', unreadCountSchema],
  }, async (c) => ({ count: await markNewsRead((await requireSession(c)).user.id, { ids: c.req.valid('json').ids }) }));

  defineRoute(app, {
    method: 'post', path: `${M}/news/read-all`, access: 'session', tag: TAG,
    summary: 'Mark all the caller’s news read, or all of one group; answers the unread count',
    body: newsReadAllSchema, answer: ['The unread count afterwards', unreadCountSchema],
  }, async (c) => ({ count: await markNewsRead((await requireSession(c)).user.id, { all: true, group: c.req.valid('json').group }) }));

  defineRoute(app, {
    method: 'get', path: `${M}/news/settings`, access: 'session', tag: TAG, allowFrozen: true,
    summary: 'Which groups of news the caller also gets by e-mail, and the address',
    answer: ['The settings', newsSettingsAnswerSchema],
  }, async (c) => getNewsSettings((await requireSession(c)).user.id));

  defineRoute(app, {
    method: 'post', path: `${M}/news/settings`, access: 'session', tag: TAG,
    summary: 'Choose which groups of news the caller also gets by e-mail (in the language of this request)',
    body: newsSettingsSchema, answer: ['The settings', newsSettingsAnswerSchema],
  }, async (c) => saveNewsSettings((await requireSession(c)).user.id, c.req.valid('json'), requestLang(c)));
}
