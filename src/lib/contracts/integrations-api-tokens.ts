/**
 * A company's API tokens (docs/product/integrations.md#api-tokens): what a company administrator sends to create,
 * list and revoke them, and what the API answers. A token acts as the member who created it, in that company, and
 * only on the operations its scopes open.
 */
import { z } from 'zod';
import { pageOf } from './common';
import { API_TOKEN_LIMITS, API_TOKEN_SCOPES } from './integrations-api-tokens-rules';

export * from './integrations-api-tokens-rules';

export const apiTokenCreateSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(API_TOKEN_LIMITS.name, 'validation.tooLong'),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, 'validation.invalidValue'))
    .min(1, 'validation.apiTokenScopeRequired')
    .max(API_TOKEN_SCOPES.length)
    .transform((scopes) => API_TOKEN_SCOPES.filter((s) => scopes.includes(s))),
});
export type ApiTokenCreate = z.output<typeof apiTokenCreateSchema>;

export const apiTokenPageSchema = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(API_TOKEN_LIMITS.pageMax).default(20),
});

export const apiTokenIdSchema = z.object({ id: z.number().int().positive() });

export const apiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.enum(API_TOKEN_SCOPES)),
    /** The token's last four characters, to tell tokens apart; the token itself is shown once, at creation. */
    hint: z.string(),
    createdBy: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenPageAnswerSchema = pageOf(apiTokenSchema);

export const apiTokenCreatedSchema = z.object({ token: z.string(), record: apiTokenSchema }).meta({ id: 'ApiTokenCreated' });
