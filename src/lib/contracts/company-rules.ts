/**
 * Company administration limits without zod: `companies.ts` builds its schemas on them and the companies
 * island reads them for its inputs, so a limit is written once.
 */
export const COMPANY_LIMITS = { roleName: 30, roleDescription: 200, departmentName: 30, sortMax: 9999, account: 100, keyword: 30, memberKeyword: 100 } as const;
/** Rows one page of roles or members holds at most, and the page an administrator sees. */
export const COMPANY_PAGE_MAX = 100;
export const COMPANY_PAGE_SIZE = 20;
