/**
 * Typed calls for company administration (roles, members, departments), after `lib/contracts/companies.ts`. Every
 * call is silent: the companies panels show what went wrong where it happened.
 */
import type { CompanyUpgrade, DepartmentNode, DepartmentRow, ImUser, InvitationSent, Member, ReceivedInvitation, Role, SentInvitation, TenantDetail, UpgradeDetailsInput } from '../contracts/companies';
import type { SessionCompany } from '../contracts/identity';
import { COMPANY_PAGE_MAX, COMPANY_PAGE_SIZE } from '../contracts/company-rules';
import { api } from './client';

export type { CompanyUpgrade, DepartmentNode, DepartmentRow, ImUser, InvitationSent, Member, ReceivedInvitation, Role, SentInvitation, TenantDetail, UpgradeDetailsInput };

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

const A = '/authcenter';

/** These routes always answer with data; only the ignored code 300034 gives `undefined`, and they never send it. */
async function post<T>(path: string, body: unknown, fallback: T): Promise<T> {
  return (await api.post<T>(`${A}/${path}`, body, { silent: true })) ?? fallback;
}

const emptyPage = <T>(): Page<T> => ({ records: [], total: 0 });

export const companiesApi = {
  pageRoles: (page: number, keyword: string) => post<Page<Role>>('pageAuthAppRoles', { page, size: COMPANY_PAGE_SIZE, keyword: keyword || undefined }, emptyPage()),
  /** The role pickers need every role, so they read page after page. */
  async allRoles(): Promise<Role[]> {
    const roles: Role[] = [];
    for (let page = 1; ; page += 1) {
      const { records, total } = await post<Page<Role>>('pageAuthAppRoles', { page, size: COMPANY_PAGE_MAX }, emptyPage());
      roles.push(...records);
      if (records.length === 0 || roles.length >= total) return roles;
    }
  },
  createRole: (input: RoleInput) => post<{ id: number } | null>('createAuthAppRole', input, null),
  updateRole: (id: number, input: RoleInput) => post<{ id: number } | null>('updateAuthAppRole', { id, ...input }, null),
  deleteRole: (id: number) => post<number>('deleteAuthAppRoles', { authAppRoleIds: [id] }, 0),

  pageMembers: (page: number, keyword: string, departmentId: number | null) =>
    post<Page<Member>>('user/pageUserExts', { page, size: COMPANY_PAGE_SIZE, keyword: keyword || undefined, departmentId: departmentId ?? undefined }, emptyPage()),
  /** Invites the account: it becomes a member only when its owner accepts (docs/product/companies.md#invitations). */
  addMember: (account: string, roleIds: number[], departmentIds: number[]) =>
    post<InvitationSent | null>('user/addUserIntoEnterprise', { account, authAppRoleIds: roleIds, authOrganizeIds: departmentIds }, null),
  sentInvitations: async () => (await api.get<SentInvitation[]>(`${A}/user/invitations`, { silent: true })) ?? [],
  withdrawInvitation: (id: number) => post<null>('user/invitations/withdraw', { id }, null),
  receivedInvitations: async () => (await api.get<ReceivedInvitation[]>(`${A}/user/my-invitations`, { silent: true })) ?? [],
  acceptInvitation: (id: number) => post<null>('user/my-invitations/accept', { id }, null),
  declineInvitation: (id: number) => post<null>('user/my-invitations/decline', { id }, null),
  updateMember: (userId: number, roleIds: number[], departmentIds: number[]) =>
    post<null>('user/updateUserInfoInEnterprise', { userId, authAppRoleIds: roleIds, authOrganizeIds: departmentIds }, null),
  setMemberForbidden: (userId: number, forbidden: boolean) => post<number>('user/updateUserInfoInEnterpriseIsForbid', { userId, forbidden }, 0),
  removeMember: (userId: number) => post<number>('user/deleteUserInEnterprise', { userIds: [userId] }, 0),

  departments: () => post<DepartmentNode[]>('listAuthOrganizes', {}, []),
  createDepartment: (input: DepartmentInput) => post<{ id: number } | null>('createAuthOrganize', input, null),
  updateDepartment: (id: number, input: DepartmentInput) => post<{ id: number } | null>('updateAuthOrganize', { id, ...input }, null),
  deleteDepartment: (id: number) => post<number>('deleteAuthOrganizes', { authOrganizeIds: [id] }, 0),
  setDepartmentStatus: (id: number, status: 0 | 1) => post<null>('organize/status/change', { id, status }, null),
  pageDepartments: (query: { page: number; size?: number; keyword?: string; parentId?: number | null; status?: 0 | 1 }) =>
    post<Page<DepartmentRow>>('pageAuthOrganizes', { size: COMPANY_PAGE_SIZE, ...query }, emptyPage()),

  /** Company administrators only. */
  rolePermissions: async (roleId: number) => (await api.get<{ id: number; permissions: string[] }>(`/idealab-material/org/role/perms/${roleId}`, { silent: true })) ?? null,
  setRolePermissions: async (roleId: number, permissions: string[]) => (await api.post<{ id: number; permissions: string[] }>(`/idealab-material/org/role/auth/${roleId}`, { permissions }, { silent: true })) ?? null,

  tenantDetail: async (companyId: number) => (await api.get<TenantDetail>(`${A}/v1.0/tenant/detail`, { silent: true, searchParams: { companyId } })) ?? null,
  currentCompany: async () => (await api.get<TenantDetail>(`${A}/company/get/info`, { silent: true })) ?? null,
  /** Names and avatars of the people the caller may see; ids must be distinct (1–100). */
  people: (userIds: number[]) => post<ImUser[]>('user/im/info', userIds, []),

  saveUpgrade: (details: UpgradeDetailsInput) => post<CompanyUpgrade | null>('mp/cc/upgrade/improve', details, null),
  submitUpgrade: () => post<{ company: SessionCompany } | null>('mp/cc/upgrade/submit', undefined, null),
};
