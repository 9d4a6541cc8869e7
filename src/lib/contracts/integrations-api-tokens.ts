/**
 * A company's API tokens (docs/product/integrations.md#api-tokens): what a company administrator sends to create,
 * list and revoke them, and what the API answers. A token acts as the member who created it, in that company, and
 * only on the operations its scopes open.
 */
import { z } from 'zod';
import { pageOf } from './common';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_LIMITS, API_TOKEN_SCOPES } from './integrations-api-tokens-rules';

export * from './integrations-api-tokens-rules';

export const apiTokenCreateSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(API_TOKEN_LIMITS.name, 'validation.tooLong'),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, 'validation.invalidValue'))
    .min(1, 'validation.apiTokenScopeRequired')
    .max(API_TOKEN_SCOPES.length)
    .transform((scopes) => API_TOKEN_SCOPES.filter((s) => scopes.includes(s))),
  /** Days until the token stops working (`API_TOKEN_EXPIRY_DAYS`); null or absent: until revoked. */
  expiresInDays: z.literal(API_TOKEN_EXPIRY_DAYS, 'validation.invalidValue').nullable().default(null),
});
/** What creating a token takes once parsed; a caller inside the server may leave out the lifetime (until revoked). */
export type ApiTokenCreate = Omit<z.output<typeof apiTokenCreateSchema>, 'expiresInDays'> & { expiresInDays?: z.output<typeof apiTokenCreateSchema>['expiresInDays'] };

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
    /** When it stops working by itself; null: until revoked. */
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenPageAnswerSchema = pageOf(apiTokenSchema);

export const apiTokenCreatedSchema = z.object({ token: z.string(), record: apiTokenSchema }).meta({ id: 'ApiTokenCreated' });
