/**
 * The §7 authcenter calls this island makes, typed after `lib/contracts/companies.ts`. Every call is `silent`: the
 * panels show what went wrong where it happened (a dialog, the table), and `failureMessage` keeps the one §8 step
 * that must not be lost that way, the way back to login.
 */
import { api, ApiError, messageFor } from '../../lib/api/client';
import type { DepartmentNode, Member, Role } from '../../lib/contracts/companies';
import { ERROR, lookupError } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';

export type { DepartmentNode, Member, Role };

export interface Page<T> {
  records: T[];
  total: number;
}

export interface RoleInput {
  name: string;
  description: string;
  permissions: string[];
}

export interface DepartmentInput {
  name: string;
  parentId: number | null;
  sort: number;
}

/**
 * The contracts' limits. Importing the contract module would ship zod to the browser for checks the server
 * repeats anyway, so the numbers are restated here.
 */
export const LIMITS = { roleName: 30, roleDescription: 200, departmentName: 30, sortMax: 9999, account: 100, keyword: 30 } as const;
export const PAGE_SIZE = 20;
/** The contracts cap a page at 100; the role pickers need every role, so they read page after page. */
const FULL_PAGE = 100;

const A = '/authcenter';
const SILENT = { silent: true } as const;

/** These routes always answer with data; only the ignored code 300034 gives `undefined`, and they never send it. */
async function post<T>(path: string, body: unknown, fallback: T): Promise<T> {
  return (await api.post<T>(`${A}/${path}`, body, SILENT)) ?? fallback;
}

const emptyPage = <T>(): Page<T> => ({ records: [], total: 0 });

export const orgApi = {
  pageRoles: (page: number, keyword: string) => post<Page<Role>>('pageAuthAppRoles', { page, size: PAGE_SIZE, keyword: keyword || undefined }, emptyPage()),
  async allRoles(): Promise<Role[]> {
    const roles: Role[] = [];
    for (let page = 1; ; page += 1) {
      const { records, total } = await post<Page<Role>>('pageAuthAppRoles', { page, size: FULL_PAGE }, emptyPage());
      roles.push(...records);
      if (records.length === 0 || roles.length >= total) return roles;
    }
  },
  createRole: (input: RoleInput) => post<{ id: number } | null>('createAuthAppRole', input, null),
  updateRole: (id: number, input: RoleInput) => post<{ id: number } | null>('updateAuthAppRole', { id, ...input }, null),
  deleteRole: (id: number) => post<number>('deleteAuthAppRoles', { authAppRoleIds: [id] }, 0),

  pageMembers: (page: number, keyword: string, departmentId: number | null) =>
    post<Page<Member>>('user/pageUserExts', { page, size: PAGE_SIZE, keyword: keyword || undefined, departmentId: departmentId ?? undefined }, emptyPage()),
  addMember: (account: string, roleIds: number[], departmentIds: number[]) =>
    post<{ userId: number } | null>('user/addUserIntoEnterprise', { account, authAppRoleIds: roleIds, authOrganizeIds: departmentIds }, null),
  updateMember: (userId: number, roleIds: number[], departmentIds: number[]) =>
    post<null>('user/updateUserInfoInEnterprise', { userId, authAppRoleIds: roleIds, authOrganizeIds: departmentIds }, null),
  setMemberForbidden: (userId: number, forbidden: boolean) => post<number>('user/updateUserInfoInEnterpriseIsForbid', { userId, forbidden }, 0),
  removeMember: (userId: number) => post<number>('user/deleteUserInEnterprise', { userIds: [userId] }, 0),

  departments: () => post<DepartmentNode[]>('listAuthOrganizes', {}, []),
  createDepartment: (input: DepartmentInput) => post<{ id: number } | null>('createAuthOrganize', input, null),
  updateDepartment: (id: number, input: DepartmentInput) => post<{ id: number } | null>('updateAuthOrganize', { id, ...input }, null),
  deleteDepartment: (id: number) => post<number>('deleteAuthOrganizes', { authOrganizeIds: [id] }, 0),
  setDepartmentStatus: (id: number, status: 0 | 1) => post<null>('organize/status/change', { id, status }, null),
};

export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.code === ERROR.conflict;
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.code === ERROR.empty;

/**
 * A lapsed session still gets the §8 login prompt although the call was silent: the administrator must not be
 * left retrying a form that can never succeed.
 */
export function promptIfSignedOut(error: unknown): void {
  if (error instanceof ApiError && lookupError(error.code).behaviour === 'login') api.promptLogin();
}

/** What to show inline for a failed call (already in the page's language). */
export function failureMessage(error: unknown, t: ClientT): string {
  promptIfSignedOut(error);
  return error instanceof ApiError ? error.message : messageFor(t, ERROR.unknown, undefined);
}
