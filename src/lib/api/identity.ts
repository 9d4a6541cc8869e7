/** Typed calls for signing in, registering, codes and the account, over the types of contracts/identity.ts. */
import { LOGIN_VERSION } from '../constants';
import type { BoundAddresses, LoginResult, QrPoll, QrTicket, RegisterInput, SelectedCompany, SendCodeResult, SessionCompany } from '../contracts/identity';
export type { BoundAddresses, QrPoll, QrStatus, QrTicket, RegisterInput } from '../contracts/identity';
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
};
