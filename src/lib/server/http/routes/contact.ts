/** The public "contact us" form (docs/product/contact.md#calls). */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { contactAddSchema } from '../../../contracts/contact';
import { addContactMessage } from '../../contact/add-contact-message';
import { getSession } from '../auth';
import { clientIp } from '../client-ip';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

export function registerContactRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: '/idealab-material/open/contact/add', access: 'public', tag: 'contact',
    summary: 'Leave a message for the operators: name, company, a phone or an e-mail, the message (5 per client address an hour)',
    body: contactAddSchema, answer: ['Stored', z.null()],
    errors: { 429: 'Too many messages from this address: `data.retryAfter`' },
  }, async (c) => {
    const session = await getSession(c);
    await addContactMessage(c.req.valid('json'), { ip: clientIp(c), userId: session?.user.id ?? null, lang: requestLang(c) });
    return null;
  });
}
