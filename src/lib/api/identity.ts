/** Typed calls for signing in, registering, codes and the account, over the types of contracts/identity.ts. */
import { LOGIN_VERSION } from '../constants';
import type { AccountNames, BoundAddresses, LoginResult, QrPoll, QrTicket, RegisterInput, SelectedCompany, SendCodeResult, SessionCompany, SnsBindStatus, SocialLoginResult } from '../contracts/identity';
export type { AccountNames, BoundAddresses, QrPoll, QrStatus, QrTicket, RegisterInput, SnsBindStatus, SocialLoginResult } from '../contracts/identity';
import { api, type CallOptions } from './client';

const PASSPORT = '/idealab-material/passport';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });
/** The overseas market signs in with the special login version (docs/product/markets.md); the page says which market it is. */
const loginVersion = () => (typeof document !== 'undefined' && document.documentElement.dataset.market === '2' ? LOGIN_VERSION.special : LOGIN_VERSION.default);

export const identityApi = {
  loginByPassword: (account: string, password: string, options?: CallOptions) => api.post<LoginResult>(`${PASSPORT}/login/${loginVersion()}`, { account, password }, quiet(options)),
  loginByCode: (account: string, code: string, options?: CallOptions) => api.post<LoginResult>(`${PASSPORT}/login-by-code/${loginVersion()}`, { account, code }, quiet(options)),
  register: (input: RegisterInput, options?: CallOptions) => api.post<LoginResult>(`${PASSPORT}/register/${loginVersion()}`, input, quiet(options)),
  sendCode: (account: string, type: number | string, options?: CallOptions) => api.get<SendCodeResult>(`${PASSPORT}/verify/code/send`, { ...quiet(options), searchParams: { account, type } }),
  companies: (options?: CallOptions) => api.get<SessionCompany[]>(`${PASSPORT}/company/list`, quiet(options)),
  selectCompany: (companyId: number, options?: CallOptions) => api.get<SelectedCompany>(`${PASSPORT}/select-company`, { ...quiet(options), searchParams: { companyId } }),
  resetPassword: (account: string, code: string, password: string, options?: CallOptions) => api.post<null>('/authcenter/mp/uc/login/reset', { account, code, password }, quiet(options)),
  bindAccount: (account: string, code: string, options?: CallOptions) => api.post<BoundAddresses>('/authcenter/v1.0/user/update/account/current', { account, code }, quiet(options)),
  qrTicket: (options?: CallOptions) => api.post<QrTicket>('/authcenter/mp/uc/wx/qrcode', undefined, quiet(options)),
  qrStatus: (ticket: string, pollSecret: string, options?: CallOptions) => api.post<QrPoll>('/authcenter/mp/uc/wx/qrcode/status', { ticket, pollSecret }, quiet(options)),
  changePassword: (oldPassword: string, newPassword: string, options?: CallOptions) => api.post<LoginResult>('/authcenter/user/pass/update', { oldPassword, newPassword }, quiet(options)),
  requestRemoval: (code: string, reason: string | undefined, options?: CallOptions) => api.post<null>('/authcenter/mp/uc/remove', { code, reason }, quiet(options)),
  /** The login page's half of the social page flow: what the provider returned there (state `wx_login.…`). */
  wechatLoginByCode: (query: { code: string; state: string; iss?: string }, options?: CallOptions) =>
    api.get<SocialLoginResult>(`${PASSPORT}/wechat/login-by-code/${LOGIN_VERSION.default}`, { ...quiet(options), searchParams: query }),
  /** The team-chat sign-in page's half: the ID token the team-chat client handed over, and its state (`ms_login.…`). */
  teamChatLogin: (idToken: string, state: string, options?: CallOptions) => api.post<SocialLoginResult>(`${PASSPORT}/ms-teams/login/${LOGIN_VERSION.teamChat}`, { idToken, state }, quiet(options)),
  bindStatus: (options?: CallOptions) => api.get<SnsBindStatus>(`${PASSPORT}/sns/bind-mobile`, quiet(options)),
  bindMobile: (account: string, code: string, options?: CallOptions) => api.post<BoundAddresses>(`${PASSPORT}/sns/bind-account/mobile`, { account, code }, quiet(options)),
  joinAccount: (account: string, password: string, options?: CallOptions) => api.post<LoginResult>(`${PASSPORT}/sns/bind-account/account`, { account, password }, quiet(options)),
  isAccountTaken: (account: string, options?: CallOptions) => api.post<{ duplicate: boolean }>('/authcenter/mp/uc/register/duplicate', { account }, quiet(options)),
  renameAccount: (account: string, options?: CallOptions) => api.post<AccountNames>('/authcenter/v1.0/user/update/account', { account }, quiet(options)),
};
