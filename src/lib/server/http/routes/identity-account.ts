/** The account-center calls on an account's names (docs/product/identity.md#is-an-address-taken, #the-sign-in-name). */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountNamesSchema, registerDuplicateResultSchema, registerDuplicateSchema, updateAccountNameSchema } from '../../../contracts/identity';
import { checkAccountTaken } from '../../identity/check-account-taken';
import { renameAccount } from '../../identity/rename-account';
import { getSession, requireSession } from '../auth';
import { clientIp } from '../client-ip';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';

export function registerAccountNameRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: '/authcenter/mp/uc/register/duplicate', access: 'public', tag: 'passport',
    summary: 'Whether an address is taken: true only to the signed-in owner or a client address that proved it lately, false to anyone else; counted like a code request',
    body: registerDuplicateSchema, answer: ['Whether the caller may be told it is taken', registerDuplicateResultSchema],
    errors: { 429: 'Too many checks or code requests from this address or user: `data.retryAfter`' },
  }, async (c) => {
    const session = await getSession(c);
    return { duplicate: await checkAccountTaken(c.req.valid('json').account, { ip: clientIp(c), userId: session?.user.id ?? null }) };
  });

  defineRoute(app, {
    method: 'post', path: '/authcenter/v1.0/user/update/account', access: 'permission:FUN005', tag: 'passport',
    summary: 'Make one of the caller’s own bound addresses (mobile or e-mail) their sign-in name',
    body: updateAccountNameSchema, answer: ['The sign-in name and bound addresses', accountNamesSchema],
    errors: { 403: 'Without the account-settings permission (FUN005) in the current company' },
  }, async (c) => renameAccount((await requireSession(c)).user.id, c.req.valid('json').account));
}
