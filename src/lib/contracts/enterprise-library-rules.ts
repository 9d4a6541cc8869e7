/** The enterprise library's limits without zod (docs/product/enterprise-library.md#rules), for islands and the contract. */

/** The membership app a company opens to have a library. */
export const ENTERPRISE_LIBRARY_APP = 'ENTERPRISE_LIBRARY';
/** The codes a member needs: to browse the library, and to push materials into it and take them out. */
export const LIBRARY_VIEW = 'FUN013';
export const LIBRARY_MANAGE = 'FUN014';
/** Materials one push or removal names at most. */
export const LIBRARY_BATCH_MAX = 50;
/** Materials one company's library holds at most. */
export const LIBRARY_MAX_ITEMS = 10_000;
export const LIBRARY_PAGE_SIZE = 20;
export const LIBRARY_PAGE_MAX = 50;
export const LIBRARY_KEYWORD_MAX = 50;
/** Seconds a pass token opens its material (docs/product/enterprise-library.md#pass-tokens). */
export const PASS_TOKEN_TTL_S = 1800;
/** The kinds of pass token: one handed out from an enterprise library, one by the material's own company. */
export const PASS_TOKEN_KINDS = ['lab', 'source'] as const;
export type PassTokenKind = (typeof PASS_TOKEN_KINDS)[number];
