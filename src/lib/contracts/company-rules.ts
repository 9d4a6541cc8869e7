/**
 * Company administration limits without zod: `companies.ts` builds its schemas on them and the companies
 * island reads them for its inputs, so a limit is written once.
 */
export const COMPANY_LIMITS = { roleName: 30, roleDescription: 200, departmentName: 30, sortMax: 9999, account: 100, keyword: 30, memberKeyword: 100 } as const;
/** Rows one page of roles or members holds at most, and the page an administrator sees. */
export const COMPANY_PAGE_MAX = 100;
export const COMPANY_PAGE_SIZE = 20;
/** At most this many enterprise companies one user creates by upgrading (docs/product/companies.md#upgrading-to-an-enterprise). */
export const UPGRADE_COMPANY_MAX = 3;
/** Days an invitation to join a company waits for its answer (docs/product/companies.md#invitations). */
export const INVITATION_TTL_DAYS = 7;
/** Pending invitations the member list shows at most. */
export const INVITATION_LIST_MAX = 100;
/** Users one `user/im/info` call asks about. */
export const IM_INFO_MAX = 100;
